// examples/everything on Cloudflare's runtime for the conformance run: built with
// `decorum build src/worker.ts --target workers` (the CLI from source), served by workerd from the
// `workerd` npm package on 127.0.0.1:0 (the bound port comes back on workerd's control fd). As in
// examples/everything/wrangler.toml, the Worker's TASKS binding is its TaskStoreObject Durable Object
// (kept in memory here: the run starts from no tasks).
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Builds and starts the Worker; `url` resolves with its MCP endpoint, `stop` ends workerd.
 * @param {string} root the repository root
 */
export function startWorkerdServer(root) {
  const example = join(root, 'examples/everything');
  execFileSync(
    process.execPath,
    [
      '--conditions=@decorum/source',
      '--import',
      '@decorum/cli/register',
      join(root, 'packages/cli/src/bin.ts'),
      'build',
      'src/worker.ts',
      '--target',
      'workers',
      '--no-manifest',
    ],
    { cwd: example, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const config = join(example, 'dist/workerd.capnp');
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.workers.js") ],
  compatibilityDate = "2025-09-01",
  bindings = [ (name = "TASKS", durableObjectNamespace = "TaskStoreObject") ],
  durableObjectNamespaces = [ (className = "TaskStoreObject", uniqueKey = "decorum-everything-tasks", enableSql = true) ],
  durableObjectStorage = (inMemory = void),
);
`,
  );
  const workerd = createRequire(import.meta.url)('workerd').default;
  const child = spawn(workerd, ['serve', config, '--control-fd=3'], { stdio: ['ignore', 'inherit', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    log += chunk;
  });
  const url = new Promise((resolve, reject) => {
    let control = '';
    child.stdio[3].setEncoding('utf8').on('data', (chunk) => {
      control += chunk;
      const listen = control.split('\n').find((line) => line.includes('"event":"listen"'));
      if (listen) resolve(`http://127.0.0.1:${JSON.parse(listen).port}/mcp`);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`workerd exited (${signal ?? code}) before it listened:\n${log}`)),
    );
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop, logs: () => log };
}
