// tools/list latency over stdio with 5, 50 and 500 tools: every page fetched (Decorum pages by
// 100 by default; the others answer in one page), sequential calls, median per round. The implementations
// take turns in blocks of a few calls (A B C D, D C B A, …), so each round's figures saw the same host.

import { spawnServer } from './spawn-server.mjs';
import { median } from './stats.mjs';

/** Calls an implementation makes in a row before the next takes its turn (after one unrecorded call). */
const LIST_BLOCK = 5;

export async function measureLists(cfg, impls, log) {
  const figures = {};
  for (const size of cfg.listSizes) {
    const figure = `tools/list, ${size} tools`;
    figures[figure] = {};
    const servers = await Promise.all(impls.map((impl) => spawnServer(impl, { tools: size })));
    try {
      for (const s of servers) {
        const tools = await s.rpc.listAll('tools/list', 'tools');
        if (tools.length !== size) throw new Error(`${s.impl.name}: ${tools.length} tools listed, ${size} expected`);
        for (let i = 0; i < cfg.listWarmup; i++) await s.rpc.listAll('tools/list', 'tools');
      }
      for (let round = 0; round < cfg.rounds; round++) {
        const times = servers.map(() => []);
        // In blocks of a few calls, each block's first call warming the server that was idle: the figure stays
        // the latency of a server in use, as when each implementation ran its calls in a row.
        for (let block = 0; block * LIST_BLOCK < cfg.listCalls; block++) {
          const order = (round + block) % 2 === 0 ? servers : [...servers].reverse();
          for (const s of order) {
            for (let i = 0; i <= LIST_BLOCK; i++) {
              const start = performance.now();
              await s.rpc.listAll('tools/list', 'tools');
              if (i > 0) times[servers.indexOf(s)].push(performance.now() - start);
            }
          }
        }
        for (const [j, s] of servers.entries()) {
          figures[figure][s.impl.name] ??= [];
          figures[figure][s.impl.name].push({ ms: median(times[j]) });
        }
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
    log(`${figure} done`);
  }
  return figures;
}
