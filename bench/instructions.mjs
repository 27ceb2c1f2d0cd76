// `node bench/instructions.mjs [--modes stdio,http,stateless,modern] [--impls decorum,raw] [--with before]
// [--calls 2000] [--warmup 20000] [--functions 30] [--schemas]`: the instructions a server executes per tools/call, counted
// by valgrind's callgrind (Linux, `apt-get install valgrind`), with 32 calls in flight (HTTP: one undici Pool of
// 32 connections). Unlike time, the count does not move with what else the machine does: the same build gives the
// same figure to ±0.3%, so a change of 1% shows. It counts user space only (system calls are the same for every
// implementation) and not cache misses, so it ranks code, not machines. `--functions N` lists the N functions
// whose counts differ most between the first implementation and the last (JIT code named from Node's perf map).
import { createInterface } from 'node:readline';
import { buildDecorumServer, ensurePackagesBuilt } from './lib/build-decorum.mjs';
import { byFunction, requireValgrind, spawnCounted, totalOf } from './lib/callgrind.mjs';
import { IMPLS, withSnapshots } from './lib/impls.mjs';
import { runCount } from './lib/load.mjs';
import { callParams, checkCall, initializeParams, MODERN_VERSION } from './lib/messages.mjs';
import { pooledClients } from './lib/pool-client.mjs';
import { RpcClient } from './lib/rpc-client.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const modes = opt('--modes', 'stdio,http,stateless,modern').split(',');
const wanted = opt('--impls', 'decorum,raw').split(',');
const snapshots = (opt('--with', '') || undefined)?.split(',') ?? [];
const impls = withSnapshots(snapshots).filter((i) => i.name.includes('@') || wanted.includes(i.name));
// --schemas: Decorum again with its measured tool described by each schema kind of issue 40 (bench/servers/decorum.ts).
if (argv.includes('--schemas')) {
  const decorum = impls.find((i) => i.name === 'decorum');
  const kinds = ['zod', 'valibot', 'arktype', 'json'];
  if (decorum) {
    const variants = kinds.map((kind) => ({ ...decorum, name: `decorum (${kind})`, args: [`--schema=${kind}`] }));
    impls.splice(impls.indexOf(decorum) + 1, 0, ...variants);
  }
}
const calls = Number(opt('--calls', '2000'));
const warmup = Number(opt('--warmup', '20000'));
const functions = Number(opt('--functions', '0'));
const VERSION = '2025-06-18';

/** Starts `impl` under callgrind for `mode`; gives the call to repeat and the way to stop. */
async function start(impl, mode) {
  const stdio = mode === 'stdio';
  const stateless = mode !== 'http';
  const args = [
    impl.file,
    ...(impl.args ?? []),
    ...(stdio ? [] : ['--http', ...(stateless ? ['--stateless'] : [])]),
    '--tools',
    '1',
  ];
  const counted = spawnCounted(args, ['pipe', stdio ? 'pipe' : 'ignore', 'pipe']);
  const { child } = counted;
  const lines = createInterface({ input: child.stderr });
  if (stdio) {
    // Writes batched per microtask turn, as bench/lib/spawn-server.mjs does.
    let out = '';
    const rpc = new RpcClient((message) => {
      if (out === '')
        queueMicrotask(() => {
          child.stdin.write(out);
          out = '';
        });
      out += `${JSON.stringify(message)}\n`;
    });
    createInterface({ input: child.stdout }).on('line', (line) => rpc.receive(JSON.parse(line)));
    const init = await rpc.request('initialize', { ...initializeParams, protocolVersion: VERSION });
    if (!init.result) throw new Error(`${impl.name}: initialize failed`);
    rpc.notify('notifications/initialized');
    return { counted, call: async () => checkCall(await rpc.request('tools/call', callParams)), close() {} };
  }
  const url = await new Promise((resolve) => lines.on('line', (l) => l.startsWith('URL ') && resolve(l.slice(4))));
  const version = mode === 'modern' ? MODERN_VERSION : VERSION;
  const pool = await pooledClients(url, 32, { stateless, version });
  const call = async (slot) => checkCall(await pool.clients[slot].request('tools/call', callParams));
  return { counted, call, close: () => pool.close() };
}

async function count(impl, mode) {
  const server = await start(impl, mode);
  const { counted, call } = server;
  try {
    // Past the JIT's tiers first (under valgrind they come later than at full speed), then a settling stretch.
    await runCount(call, { concurrency: 32, count: warmup });
    const dump = await counted.measure(
      () => runCount(call, { concurrency: 32, count: 500 }),
      () => runCount(call, { concurrency: 32, count: calls }),
    );
    return { perCall: totalOf(dump.file) / calls, functions: functions > 0 ? byFunction(dump) : undefined };
  } finally {
    server.close();
    counted.child.stdin.end();
    await new Promise((resolve) => counted.child.once('exit', resolve));
    counted.cleanup();
  }
}

requireValgrind();
if (impls.some((i) => i.name === 'decorum')) {
  ensurePackagesBuilt();
  await buildDecorumServer();
}
const floor = IMPLS.find((i) => i.name === 'raw');
console.log('| mode | impl | k instructions per call | vs raw |');
console.log('| --- | --- | ---: | ---: |');
for (const mode of modes) {
  const results = [];
  for (const impl of impls) {
    results.push({ impl, ...(await count(impl, mode)) });
    process.stderr.write(`${mode}: ${impl.name} counted\n`);
  }
  const raw = results.find((r) => r.impl === floor)?.perCall;
  for (const r of results) {
    const ratio = raw === undefined ? '' : `${(r.perCall / raw).toFixed(2)}×`;
    console.log(`| ${mode} | ${r.impl.name} | ${(r.perCall / 1000).toFixed(1)} | ${ratio} |`);
  }
  if (functions > 0 && results.length > 1) printDifference(mode, results[0], results.at(-1));
}

/** The functions whose instructions per call differ most between two implementations. */
function printDifference(mode, a, b) {
  const names = new Set([...a.functions.keys(), ...b.functions.keys()]);
  const rows = [...names].map((name) => {
    const x = (a.functions.get(name) ?? 0) / calls;
    const y = (b.functions.get(name) ?? 0) / calls;
    return { name, x, y };
  });
  rows.sort((p, q) => q.x - q.y - (p.x - p.y));
  console.log(`\n${mode}: instructions per call by function, ${a.impl.name} against ${b.impl.name}\n`);
  console.log(`| ${a.impl.name} | ${b.impl.name} | difference | function |`);
  console.log('| ---: | ---: | ---: | --- |');
  for (const { name, x, y } of rows.slice(0, functions)) {
    console.log(`| ${x.toFixed(0)} | ${y.toFixed(0)} | ${(x - y).toFixed(0)} | \`${name.replaceAll('|', '\\|')}\` |`);
  }
  console.log('');
}
