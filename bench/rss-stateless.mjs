// `node bench/rss-stateless.mjs [--calls 40000] [--impls decorum,raw]`: RSS after stateless HTTP load, the pattern of
// the outside harness of issue 35. Each server (HTTP, `--stateless`) takes `calls` stateless 2025-11-25 POSTs
// (`MCP-Protocol-Version`, no initialize) then as many 2026-07-28 requests (envelope in `_meta`, Mcp-* headers), 32 in
// flight through one undici Pool of 32 connections, the servers one after another. RSS and heap are then read twice:
// as the load left them (no GC: what a monitor sees), and after a forced GC (servers run with --expose-gc; the probe
// GCs only when asked with `MEM_GC`). `npm run bench` reports RSS after *session* load only; see docs/benchmarks.md.
import { buildDecorumServer, ensurePackagesBuilt } from './lib/build-decorum.mjs';
import { IMPLS, withSnapshots } from './lib/impls.mjs';
import { runCount } from './lib/load.mjs';
import { callParams, checkCall, MODERN_VERSION, PROTOCOL_VERSION } from './lib/messages.mjs';
import { pooledClients } from './lib/pool-client.mjs';
import { spawnServer } from './lib/spawn-server.mjs';
import { fmtMiB } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const calls = Number(opt('--calls', '40000'));
const wanted = opt('--impls', 'decorum,raw').split(',');
const snapshots = (opt('--with', '') || undefined)?.split(',') ?? [];
const impls = withSnapshots(snapshots).filter((i) => i.name.includes('@') || wanted.includes(i.name));
if (!snapshots.length && !impls.length) throw new Error(`no implementation among ${IMPLS.map((i) => i.name)}`);

async function measure(impl) {
  const server = await spawnServer(impl, { http: true, stateless: true, nodeArgs: ['--expose-gc'] });
  try {
    const start = await server.mem(false);
    for (const version of [PROTOCOL_VERSION, MODERN_VERSION]) {
      const pool = await pooledClients(server.url, 32, { stateless: true, version });
      const call = async (slot) => checkCall(await pool.clients[slot].request('tools/call', callParams));
      await runCount(call, { concurrency: 32, count: calls });
      pool.close();
    }
    const loaded = await server.mem(false);
    const collected = await server.mem(true);
    return { start, loaded, collected };
  } finally {
    await server.stop();
  }
}

ensurePackagesBuilt();
await buildDecorumServer();
const results = [];
for (const impl of impls) {
  results.push(await measure(impl));
  process.stderr.write(`${impl.name} done\n`);
}
const raw = results[impls.findIndex((i) => i.name === 'raw')];
console.log(`\nRSS after ${calls} stateless 2025-11-25 + ${calls} 2026-07-28 tools/call (32 in flight, pooled)`);
console.log(
  '| impl | RSS at start | RSS after load (no GC) | after GC | heap used after load / after GC | vs floor (no GC / GC) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [i, impl] of impls.entries()) {
  const { start, loaded, collected } = results[i];
  const vs = raw
    ? `${(loaded.rss / raw.loaded.rss).toFixed(2)}× / ${(collected.rss / raw.collected.rss).toFixed(2)}×`
    : '';
  console.log(
    `| ${impl.name} | ${fmtMiB(start.rss)} | ${fmtMiB(loaded.rss)} | ${fmtMiB(collected.rss)} | ${fmtMiB(loaded.heapUsed)} / ${fmtMiB(collected.heapUsed)} | ${vs} |`,
  );
}
