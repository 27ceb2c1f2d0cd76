// RSS after stateless HTTP load, the pattern of the outside harness of issue 35: a server started with
// `--stateless` takes `calls` stateless 2025-11-25 POSTs (`MCP-Protocol-Version`, no initialize), then as many
// 2026-07-28 requests (envelope in `_meta`, Mcp-* headers), 32 in flight through one undici Pool of 32 connections.
// Memory is read as the load left it (no GC: what a monitor sees) and after a forced GC (--expose-gc).
import { runCount } from './load.mjs';
import { callParams, checkCall, MODERN_VERSION, PROTOCOL_VERSION } from './messages.mjs';
import { pooledClients } from './pool-client.mjs';
import { spawnServer } from './spawn-server.mjs';

/** One server's memory at start, after the load, and after a GC (process.memoryUsage() each). */
export async function rssAfterStatelessLoad(impl, calls) {
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
