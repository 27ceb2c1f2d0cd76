// The real runtimes the deploy tests start, from their npm packages (devDependencies: the binaries
// ship inside platform packages, nothing is downloaded), each on a loopback port the OS picks.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { LineWaiter } from '../../../packages/cli/test/support/work-project.js';

const require = createRequire(import.meta.url);

/** A runtime serving a built app; `close` stops it and waits for it to exit. */
export interface Served {
  /** The MCP endpoint. */
  url: URL;
  /** What the runtime wrote to stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the first stderr line matching `pattern` (seen already, or to come). */
  logged(pattern: RegExp): Promise<string>;
  close(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** Waits for `child` to report something, or rejects with its output when it exits first. */
function untilReady<T>(child: ChildProcess, ready: Promise<T>, output: () => string): Promise<T> {
  return Promise.race([
    ready,
    new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the runtime exited (${code}) before serving:\n${output()}`))),
    ),
  ]);
}

/**
 * Serves `bundle` (an ES module with `export default { fetch }`) in workerd, Cloudflare's Workers
 * runtime. The config listens on 127.0.0.1:0; workerd reports the bound port on its control fd.
 */
export async function serveInWorkerd(bundle: string): Promise<Served> {
  const binary = require('workerd').default as string;
  const config = join(dirname(bundle), 'workerd.capnp');
  writeFileSync(
    config,
    [
      'using Workerd = import "/workerd/workerd.capnp";',
      'const config :Workerd.Config = (',
      '  services = [ (name = "main", worker = .worker) ],',
      '  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],',
      ');',
      'const worker :Workerd.Worker = (',
      `  modules = [ (name = "worker.js", esModule = embed ${JSON.stringify(basename(bundle))}) ],`,
      '  compatibilityDate = "2025-09-01",',
      ');',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['serve', config, '--control-fd=3'], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  const stderr = new LineWaiter(child.stderr as NodeJS.ReadableStream);
  const output = () => stderr.lines.join('\n');
  child.stdout?.resume();
  const control = new LineWaiter(child.stdio[3] as NodeJS.ReadableStream);
  const line = await untilReady(child, control.next(/"event":"listen"/), output);
  const { port } = JSON.parse(line) as { port: number };
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    output,
    logged: (pattern) => stderr.next(pattern, 0),
    close: stopper(child),
  };
}

/** The deno binary of the `deno` npm package (copied from its platform package, never downloaded). */
function denoBinary(): string {
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
}

/** Runs `bundle` with Deno, PORT=0: the bundle prints the endpoint it listens on. */
export async function serveInDeno(bundle: string, permissions: string[]): Promise<Served> {
  const child = spawn(denoBinary(), ['run', ...permissions, bundle], {
    cwd: dirname(bundle),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DENO_NO_UPDATE_CHECK: '1',
      DENO_NO_PROMPT: '1',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.resume();
  const lines = new LineWaiter(child.stderr as NodeJS.ReadableStream);
  const output = () => lines.lines.join('\n');
  const line = await untilReady(child, lines.next(/^MCP endpoint: /), output);
  return {
    url: new URL(line.slice('MCP endpoint: '.length)),
    output,
    logged: (pattern) => lines.next(pattern, 0),
    close: stopper(child),
  };
}
