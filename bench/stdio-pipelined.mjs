// `node bench/stdio-pipelined.mjs [--rounds 3] [--patterns lean,tick,microtask] [--impls decorum,raw] [--with before]`:
// stdio with 32 requests pipelined on one pipe, the client coalescing its writes, Decorum and the floor taking turns
// in 100 ms slices. Per pattern and round: calls/s, the ratio to the floor, each server's CPU per call and the
// client's (/proc and process.cpuUsage, Linux). Patterns:
// - `lean`: the outside harness of issue 35 (bench/lib/pipelined-client.mjs): each answer at once replaced by the
//   next request, one write per event-loop turn, little client CPU per call;
// - `tick`: bench's RpcClient (a promise and a latency sample per call) writing once per event-loop turn;
// - `microtask`: bench's RpcClient writing once per microtask turn, the pattern of `npm run bench`'s stdio cells.
// See docs/benchmarks.md, "stdio, 32 pipelined".
import { readFileSync } from 'node:fs';
import { buildDecorumServer, ensurePackagesBuilt } from './lib/build-decorum.mjs';
import { withSnapshots } from './lib/impls.mjs';
import { runInterleaved } from './lib/load.mjs';
import { callParams, checkCall } from './lib/messages.mjs';
import { pipelinedClient, runPipelinedInterleaved } from './lib/pipelined-client.mjs';
import { spawnServer } from './lib/spawn-server.mjs';
import { median } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const rounds = Number(opt('--rounds', '3'));
const patterns = opt('--patterns', 'lean,tick,microtask').split(',');
const wanted = opt('--impls', 'decorum,raw').split(',');
const snapshots = (opt('--with', '') || undefined)?.split(',') ?? [];
const impls = withSnapshots(snapshots).filter((i) => i.name.includes('@') || wanted.includes(i.name));
const version = opt('--version', '2025-11-25');
const cfg = { concurrency: 32, durationMs: 1000, slices: 10, sliceWarmupMs: 30 };

/** utime + stime of a process, in µs (USER_HZ is 100 on Linux). */
function cpuUs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
const ownCpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** One round with bench's RpcClient (runInterleaved); counts every call, warm-up slices included. */
async function rpcRound(servers, order) {
  const all = servers.map(() => 0);
  const clientUs = servers.map(() => 0);
  const calls = servers.map((s, i) => async () => {
    all[i]++;
    checkCall(await s.rpc.request('tools/call', callParams));
  });
  // The client's CPU cannot be split by server here: it is shared evenly (both ran the same number of slices).
  const cpu0 = ownCpuUs();
  const results = await runInterleaved(
    order.map((i) => calls[i]),
    cfg,
  );
  const total = ownCpuUs() - cpu0;
  for (const i of order) clientUs[i] = total * (all[i] / all.reduce((a, b) => a + b, 0));
  const byServer = [];
  for (const [j, i] of order.entries()) byServer[i] = { ...results[j], all: all[i], clientUs: clientUs[i] };
  return byServer;
}

/** Results given in `order` back in server order. */
function reorder(results, order) {
  const byServer = [];
  for (const [j, i] of order.entries()) byServer[i] = results[j];
  return byServer;
}

ensurePackagesBuilt();
await buildDecorumServer();
for (const pattern of patterns) {
  const flush = pattern === 'microtask' ? 'microtask' : 'tick';
  const servers = await Promise.all(impls.map((impl) => spawnServer(impl, { version, flush })));
  const clients = pattern === 'lean' ? servers.map((s) => pipelinedClient(s)) : undefined;
  const figures = servers.map(() => []);
  try {
    // Round 0 warms up (not recorded), as every stdio cell of run.mjs does.
    for (let round = 0; round <= rounds; round++) {
      const before = servers.map((s) => cpuUs(s.child.pid));
      const order = round % 2 === 0 ? [...servers.keys()] : [...servers.keys()].reverse();
      const results = clients
        ? reorder(
            await runPipelinedInterleaved(
              order.map((i) => clients[i]),
              cfg,
            ),
            order,
          )
        : await rpcRound(servers, order);
      if (round === 0) continue;
      for (const [i, s] of servers.entries()) {
        const r = results[i];
        figures[i].push({ ...r, serverUs: (cpuUs(s.child.pid) - before[i]) / r.all, clientUs: r.clientUs / r.all });
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  const raw = figures[impls.findIndex((i) => i.name === 'raw')];
  console.log(`\nstdio ${version}, 32 pipelined, pattern ${pattern}`);
  console.log('| impl | calls/s (median) | per round | server CPU µs/call | client CPU µs/call | vs floor (rounds) |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: |');
  for (const [i, impl] of impls.entries()) {
    const f = figures[i];
    const ratios = raw ? f.map((r, k) => r.throughput / raw[k].throughput) : [];
    const vs = raw ? `${median(ratios).toFixed(2)}× (${ratios.map((r) => r.toFixed(2)).join(', ')})` : '';
    const cells = [
      impl.name,
      Math.round(median(f.map((r) => r.throughput))),
      f.map((r) => Math.round(r.throughput)).join(', '),
      median(f.map((r) => r.serverUs)).toFixed(2),
      median(f.map((r) => r.clientUs)).toFixed(2),
      vs,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}
