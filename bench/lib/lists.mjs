// tools/list latency over stdio with 5, 50 and 500 tools: every page fetched (Decorum pages by
// 100 by default; the others answer in one page), sequential calls, median per round.

import { spawnServer } from './spawn-server.mjs';
import { median } from './stats.mjs';

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
        for (const s of servers) {
          const times = [];
          for (let i = 0; i < cfg.listCalls; i++) {
            const start = performance.now();
            await s.rpc.listAll('tools/list', 'tools');
            times.push(performance.now() - start);
          }
          figures[figure][s.impl.name] ??= [];
          figures[figure][s.impl.name].push({ ms: median(times) });
        }
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
    log(`${figure} done`);
  }
  return figures;
}
