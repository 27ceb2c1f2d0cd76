// `node bench/cpu-cost.mjs [--calls 20000] [--rounds 3] [--modes stdio,http,stateless,modern] [--impls decorum,raw]
// [--with before,after] [--telemetry] [--schemas] [--pooled] [--ladder]` (snapshots from bench/snapshot-decorum.mjs):
// server CPU time (user + system, from /proc/<pid>/stat) per tools/call, with 32 calls in flight.
// `modern` is a 2026-07-28 tools/call over HTTP (envelope in _meta, Mcp-* headers, no session), for the
// implementations that speak that revision (Decorum and its snapshots).
// Throughput on a shared 2-core machine moves with whatever else runs; the CPU a server spends on
// each call moves much less, so this is the figure to compare before and after a change. Linux only.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildDecorumServer, ensurePackagesBuilt } from './lib/build-decorum.mjs';
import { httpClients } from './lib/http-client.mjs';
import { IMPLS, withSnapshots } from './lib/impls.mjs';
import { runCount } from './lib/load.mjs';
import { callParams, checkCall, PROTOCOL_VERSION } from './lib/messages.mjs';
import { pooledClients } from './lib/pool-client.mjs';
import { spawnServer } from './lib/spawn-server.mjs';
import { median } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const calls = Number(opt('--calls', '20000'));
const rounds = Number(opt('--rounds', '3'));
const modes = opt('--modes', 'stdio,http,stateless,modern').split(',');
// --pooled: HTTP sessions and stateless calls share one undici Pool of 32 connections (bench/lib/pool-client.mjs).
const pooled = argv.includes('--pooled');
const wanted = opt('--impls', IMPLS.map((i) => i.name).join(',')).split(',');
// Snapshots from bench/snapshot-decorum.mjs run as more implementations, named decorum@<name>.
const snapshots = (opt('--with', '') || undefined)?.split(',') ?? [];
const impls = withSnapshots(snapshots).filter((i) => i.name.includes('@') || wanted.includes(i.name));
// --ladder: Decorum's HTTP path one layer at a time (bench/servers/ladder.mjs), between the floor and the app.
if (argv.includes('--ladder')) {
  const ladder = fileURLToPath(new URL('./servers/ladder.mjs', import.meta.url));
  const at = Math.max(
    0,
    impls.findIndex((i) => i.name === 'decorum'),
  );
  impls.splice(
    at,
    0,
    { name: 'ladder: adapter', file: ladder, args: ['--rung=adapter'] },
    { name: 'ladder: endpoint', file: ladder, args: [] },
  );
}
// --telemetry: Decorum once more with OpenTelemetry tracing and metrics on (bench/servers/otel-setup.mjs),
// so the table shows what recording them costs per call next to the plain `decorum` row.
if (argv.includes('--telemetry')) {
  const decorum = impls.find((i) => i.name === 'decorum');
  const otelSetup = fileURLToPath(new URL('./servers/otel-setup.mjs', import.meta.url));
  if (decorum)
    impls.splice(impls.indexOf(decorum) + 1, 0, {
      ...decorum,
      name: 'decorum+otel',
      nodeArgs: ['--import', otelSetup],
    });
}
// --schemas: Decorum four times more, its measured tool described by a zod 4, a valibot and an arktype schema and by a
// JSON Schema (Ajv) instead of the class-validator DTO (issue 40's target: each within 1.2× of the DTO row's CPU per call).
if (argv.includes('--schemas')) {
  const decorum = impls.find((i) => i.name === 'decorum');
  if (decorum)
    impls.splice(
      impls.indexOf(decorum) + 1,
      0,
      { ...decorum, name: 'decorum (zod)', args: ['--schema=zod'] },
      { ...decorum, name: 'decorum (valibot)', args: ['--schema=valibot'] },
      { ...decorum, name: 'decorum (arktype)', args: ['--schema=arktype'] },
      { ...decorum, name: 'decorum (json schema)', args: ['--schema=json'] },
    );
}
const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process, in µs. */
function cpuUs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const MODERN = '2026-07-28';

/** 2026-07-28 clients: one keep-alive socket per slot, every call a self-describing POST. */
function modernClients(url, slots) {
  const agent = new Agent({ keepAlive: true, maxSockets: slots });
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': 'tools/call',
    'mcp-name': callParams.name,
  };
  const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
  let nextId = 1;
  const call = () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { ...callParams, _meta: meta } });
      const req = request(url, { method: 'POST', agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          try {
            const message = JSON.parse(text);
            if (message.id !== id || message.result?.resultType !== 'complete') throw new Error(text.slice(0, 200));
            resolve(message);
          } catch (error) {
            reject(error);
          }
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return { call, close: () => agent.destroy() };
}

async function start(impl, mode) {
  const server = await spawnServer(impl, {
    args: impl.args ?? [],
    http: mode !== 'stdio',
    stateless: mode === 'stateless',
    nodeArgs: impl.nodeArgs ?? [],
  });
  if (mode === 'modern') {
    const pool = modernClients(server.url, 32);
    return { server, pool, call: async () => checkCall(await pool.call()) };
  }
  if (mode === 'stdio') {
    return { server, call: async () => checkCall(await server.rpc.request('tools/call', callParams)) };
  }
  const pool = pooled
    ? await pooledClients(server.url, 32, { stateless: mode === 'stateless', version: PROTOCOL_VERSION })
    : await httpClients(server.url, 32, { stateless: mode === 'stateless' });
  const call = async (slot) => checkCall(await pool.clients[slot].request('tools/call', callParams));
  return { server, pool, call };
}

ensurePackagesBuilt();
await buildDecorumServer();
const results = {};
for (const mode of modes) {
  const running = [];
  // Only Decorum (and its snapshots) speaks 2026-07-28 here.
  const taking = mode === 'modern' ? impls.filter((i) => i.name.startsWith('decorum')) : impls;
  for (const impl of taking) running.push(await start(impl, mode));
  const n = mode === 'stdio' ? calls : Math.round(calls / 4);
  for (const r of running) await runCount(r.call, { concurrency: 32, count: Math.min(n, 5000) }); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const r of running) {
      const before = cpuUs(r.server.child.pid);
      await runCount(r.call, { concurrency: 32, count: n });
      const us = (cpuUs(r.server.child.pid) - before) / n;
      const key = `${mode}|${r.server.impl.name}`;
      results[key] ??= [];
      results[key].push(us);
    }
    process.stderr.write(`${mode} round ${round + 1}/${rounds}\n`);
  }
  for (const r of running) {
    r.pool?.close();
    await r.server.stop();
  }
}

console.log('| mode | impl | server CPU µs/call (median) | rounds | vs raw |');
console.log('| --- | --- | ---: | --- | ---: |');
for (const mode of modes) {
  const raw = results[`${mode}|raw`] ? median(results[`${mode}|raw`]) : undefined;
  for (const impl of impls) {
    const values = results[`${mode}|${impl.name}`];
    if (values === undefined) continue;
    const m = median(values);
    const ratio = raw === undefined ? '' : `${(m / raw).toFixed(2)}×`;
    console.log(
      `| ${mode} | ${impl.name} | ${m.toFixed(1)} | ${values.map((v) => v.toFixed(1)).join(', ')} | ${ratio} |`,
    );
  }
}
