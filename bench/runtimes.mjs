// `node bench/runtimes.mjs [--rounds N] [--seconds S] [--concurrency C] [--only node,bun,…] [--next]`:
// one app — the `full` template's providers (DTO-validated tools, resources, prompts) — built with
// `decorum build --target <runtime>` and served by each runtime installed here, beside Node: cold start
// (process spawned → first `initialize` answered) and calls/s (`tools/call` of the DTO-validated
// `search_notes` over HTTP, C calls in flight, for S seconds), with the CPU the server and this client spent per
// call (Linux), which says whose figure it is on a busy machine. A runtime whose npm package is missing is
// skipped with a message; `next build` takes minutes, so Next.js runs only with --next. See
// docs/benchmarks.md ("Runtimes").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadClient, runLoad } from './lib/runtime-load.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));
const SOURCE = ['--conditions=@decorum/source', '--import', '@decorum/cli/register'];
const DECORUM = [...SOURCE, join(ROOT, 'packages/cli/src/bin.ts')];
const NEXT = join(ROOT, 'node_modules/next/dist/bin/next');
const FRONT = join(ROOT, 'test/deploy/support/lambda-front.mjs');

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const cfg = {
  rounds: Number(option('rounds', 5)),
  seconds: Number(option('seconds', 3)),
  concurrency: Number(option('concurrency', 8)),
  only: option('only', 'node,bun,deno,workers,lambda,next').split(','),
  next: argv.includes('--next'),
};
const log = (line) => process.stderr.write(`${line}\n`);

// --- the app, one entry per kind of target --------------------------------------------------------------

const work = join(ROOT, '.cache', `bench-runtimes-${process.pid}`);
/** The full template's providers without its skills folder (Workers have no file system): the same app everywhere. */
const WEB_ENTRY = `import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { providers } from './app.js';

export default new McpApp({ name: 'bench-runtimes', version: '0.1.0', providers });
`;
const NODE_ENTRY = `${WEB_ENTRY.replace('export default ', 'const app = ')}
const { url } = await app.listen({ http: { port: Number(process.env.PORT ?? 0), host: '127.0.0.1', path: '/mcp' } });
console.error(\`MCP endpoint: \${url}\`);
`;

function run(command, args, cwd, env = process.env) {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', env, timeout: 600_000 });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${done.stderr}${done.stdout}`);
  return done.stdout;
}

function scaffold() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(dirname(work), { recursive: true });
  const bin = join(ROOT, 'packages/create-mcp-app/src/bin.ts');
  const args = [...SOURCE, bin, work, '--template', 'full', '--transport', 'http', '--no-install', '--no-git', '--yes'];
  run(process.execPath, [...args, ...(cfg.next ? ['--deploy', 'vercel'] : [])], ROOT);
  writeFileSync(join(work, 'src/bench-web.ts'), WEB_ENTRY);
  writeFileSync(join(work, 'src/bench-node.ts'), NODE_ENTRY);
}

const build = (entry, target) =>
  run(process.execPath, [...DECORUM, 'build', entry, '--target', target, '--no-manifest'], work);

// --- the runtimes -------------------------------------------------------------------------------------

/** Resolves with the first `pattern` match's group 1 on `stream`, rejects when the child exits first. */
function waitFor(child, stream, pattern) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk;
      const match = pattern.exec(seen);
      if (match) {
        stream.off('data', onData);
        resolve(match[1]);
      }
    };
    stream.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before serving:\n${seen.slice(-2000)}`)));
  });
}

function resolveOptional(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** The platform package's binary (install scripts off), else bun's bin/bun.exe once its postinstall has run. */
function bunBinary() {
  const platform = join(ROOT, `node_modules/@oven/bun-${process.platform}-${process.arch}/bin/bun`);
  const installed = join(ROOT, 'node_modules/bun/bin/bun.exe');
  if (existsSync(platform)) return platform;
  return existsSync(installed) && statSync(installed).size > 1024 * 1024 ? installed : undefined;
}

/** How each runtime is built and started; `start` resolves with the endpoint URL once it is printed. */
const RUNTIMES = {
  node: {
    version: () => process.version,
    build: () => build('src/bench-node.ts', 'node'),
    spawn: () => spawn(process.execPath, ['dist/bench-node.js'], { cwd: work, env: { ...process.env, PORT: '0' } }),
    ready: (child) => waitFor(child, child.stderr, /MCP endpoint: (http:\S+)/),
    mode: 'sessions',
  },
  bun: {
    binary: bunBinary,
    version: () => run(bunBinary(), ['--version'], work).trim(),
    build: () => build('src/bench-web.ts', 'bun'),
    spawn: () => spawn(bunBinary(), ['dist/bench-web.bun.js'], { cwd: work, env: { ...process.env, PORT: '0' } }),
    ready: (child) => waitFor(child, child.stderr, /MCP endpoint: (http:\S+)/),
    mode: 'sessions',
  },
  deno: {
    binary: () => resolveOptional(() => require('deno/install_api.cjs').runInstall()),
    version: () => run(RUNTIMES.deno.binary(), ['--version'], work).split('\n')[0],
    build: () => build('src/bench-web.ts', 'deno'),
    spawn: () =>
      spawn(RUNTIMES.deno.binary(), ['run', '--allow-net', '--allow-env', '--allow-read', 'dist/bench-web.deno.js'], {
        cwd: work,
        env: { ...process.env, PORT: '0', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      }),
    ready: (child) => waitFor(child, child.stderr, /MCP endpoint: (http:\S+)/),
    mode: 'sessions',
  },
  workers: {
    binary: () => resolveOptional(() => require('workerd').default),
    version: () => `workerd ${require('workerd/package.json').version}`,
    build: () => {
      build('src/bench-web.ts', 'workers');
      writeFileSync(
        join(work, 'dist/workerd.capnp'),
        [
          'using Workerd = import "/workerd/workerd.capnp";',
          'const config :Workerd.Config = (',
          '  services = [ (name = "main", worker = .worker) ],',
          '  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],',
          ');',
          'const worker :Workerd.Worker = (',
          '  modules = [ (name = "worker.js", esModule = embed "bench-web.workers.js") ],',
          '  compatibilityDate = "2025-09-01",',
          ');',
          '',
        ].join('\n'),
      );
    },
    spawn: () =>
      spawn(RUNTIMES.workers.binary(), ['serve', 'dist/workerd.capnp', '--control-fd=3'], {
        cwd: work,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      }),
    ready: async (child) => `http://127.0.0.1:${await waitFor(child, child.stdio[3], /"port":(\d+)/)}/mcp`,
    mode: 'stateless',
  },
  lambda: {
    binary: () => resolveOptional(() => require.resolve('lambda-local')),
    version: () => `lambda-local ${require('lambda-local/package.json').version} on Node ${process.version}`,
    build: () => build('src/bench-web.ts', 'lambda'),
    spawn: () => spawn(process.execPath, [FRONT, join(work, 'dist/bench-web.lambda.mjs'), 'handler'], { cwd: work }),
    ready: async (child) => `${await waitFor(child, child.stdout, /front listening on (http:\S+)/)}/mcp`,
    mode: 'stateless (streaming handler, lambda-local front)',
  },
  next: {
    binary: () => (existsSync(NEXT) && cfg.next ? NEXT : undefined),
    missing: () => (existsSync(NEXT) ? 'next build takes minutes: pass --next' : 'next is not installed'),
    version: () => `next ${require('next/package.json').version} on Node ${process.version}`,
    build: () => {
      run(process.execPath, [...DECORUM, 'build', '--target', 'vercel', '--no-manifest'], work);
      run(process.execPath, [NEXT, 'build'], work, { ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
    },
    spawn: () =>
      spawn(process.execPath, [NEXT, 'start', '-p', '0', '-H', '127.0.0.1'], {
        cwd: work,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
        detached: true,
      }),
    ready: async (child) => `${await waitFor(child, child.stdout, /Local:\s+(http:\S+)/)}/api/mcp`,
    mode: 'stateless (route handler, next start)',
  },
};

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    // next start runs next-server as its own child: stop the group it leads.
    if (child.spawnargs.includes('start') && child.spawnargs.some((arg) => arg.endsWith('next'))) {
      process.kill(-child.pid, 'SIGTERM');
    } else child.kill('SIGTERM');
  });
}

// --- the measurements ---------------------------------------------------------------------------------

/** Spawn → first initialize answered, in ms, by the same client as the load (its own sockets per round). */
const initialize = async (url) => {
  const client = loadClient(url, { concurrency: 1 });
  try {
    await client.initialize();
  } finally {
    client.close();
  }
};

/** Clock ticks of CPU (user + system) of a process, from /proc; undefined where there is no /proc. */
function ticks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** CPU ms of a process and its descendants (next start and the Lambda front run children); at 100 ticks/s. */
function treeCpuMs(root) {
  if (ticks(root) === undefined) return undefined;
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    const stat = Number.isInteger(pid) ? ticks(pid) : undefined;
    if (stat) children.set(pid, stat);
  }
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop();
    total += children.get(pid)?.cpu ?? 0;
    for (const [child, stat] of children) if (stat.ppid === pid) pending.push(child);
  }
  return total * 10;
}

/** Spawn → first initialize answered, in ms; the server is stopped after each round. */
async function coldStart(runtime) {
  const times = [];
  for (let round = 0; round < cfg.rounds; round++) {
    const started = performance.now();
    const child = runtime.spawn();
    child.stdout?.resume();
    try {
      const url = await runtime.ready(child);
      await initialize(url);
      times.push(performance.now() - started);
    } finally {
      await stop(child);
    }
  }
  return median(times);
}

/**
 * tools/call of search_notes, `concurrency` in flight, for `seconds`, after a warm-up at the same concurrency
 * (the client's JIT too: a cold client cost the first runtime measured twice the CPU per call); calls/s and the
 * server's and this client's CPU per call.
 */
async function callsPerSecond(runtime) {
  const child = runtime.spawn();
  child.stdout?.resume();
  let client;
  try {
    const url = await runtime.ready(child);
    client = loadClient(url, { concurrency: cfg.concurrency });
    await client.initialize();
    const call = () => client.call({ name: 'search_notes', arguments: { query: 'welcome', limit: 5 } });
    const check = await call();
    if (check.isError) throw new Error(`search_notes failed: ${JSON.stringify(check)}`);
    await runLoad(call, { concurrency: cfg.concurrency, calls: 2000 }); // warm-up
    const server = treeCpuMs(child.pid);
    const own = process.cpuUsage();
    const { done, ms } = await runLoad(call, { concurrency: cfg.concurrency, seconds: cfg.seconds });
    const spent = process.cpuUsage(own);
    const serverMs = server === undefined ? undefined : treeCpuMs(child.pid) - server;
    return {
      rate: done / (ms / 1000),
      serverUs: serverMs === undefined ? undefined : (serverMs * 1000) / done,
      clientUs: (spent.user + spent.system) / done,
    };
  } finally {
    client?.close();
    await stop(child);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// --- the run ------------------------------------------------------------------------------------------

log(`scaffolding the full template in ${work}`);
scaffold();
const rows = [];
try {
  for (const name of cfg.only) {
    const runtime = RUNTIMES[name];
    if (runtime === undefined) throw new Error(`unknown runtime "${name}": ${Object.keys(RUNTIMES).join(', ')}`);
    if (runtime.binary !== undefined && runtime.binary() === undefined) {
      log(`${name}: skipped, ${runtime.missing?.() ?? `its npm package is not installed (npm ci installs it)`}`);
      continue;
    }
    log(`${name}: building`);
    runtime.build();
    log(`${name}: cold start, ${cfg.rounds} rounds`);
    const cold = await coldStart(runtime);
    log(`${name}: calls/s, ${cfg.seconds} s at ${cfg.concurrency} in flight`);
    const load = await callsPerSecond(runtime);
    rows.push({ name, version: runtime.version(), mode: runtime.mode, cold, ...load });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const node = rows.find((row) => row.name === 'node');
const lines = [
  `| runtime | version | serving | cold start (median of ${cfg.rounds}) | calls/s (${cfg.concurrency} in flight, ${cfg.seconds} s) | server CPU / call | client CPU / call |`,
  '| --- | --- | --- | ---: | ---: | ---: | ---: |',
  ...rows.map((row) => {
    const vsNode = node && row !== node ? ` (${(row.rate / node.rate).toFixed(2)}× Node)` : '';
    const server = row.serverUs === undefined ? 'n/a' : `${Math.round(row.serverUs)} µs`;
    return `| ${row.name} | ${row.version} | ${row.mode} | ${Math.round(row.cold)} ms | ${Math.round(row.rate)}${vsNode} | ${server} | ${Math.round(row.clientUs)} µs |`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);
