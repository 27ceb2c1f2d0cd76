// Memory, read from each server's own probe after a forced GC (servers run with --expose-gc):
// RSS with N idle HTTP sessions, RSS / heap before and after a long run of stdio calls, and RSS after stateless load.
import { httpClients } from './http-client.mjs';
import { runCount } from './load.mjs';
import { callParams, checkCall } from './messages.mjs';
import { rssAfterStatelessLoad } from './rss-stateless.mjs';
import { spawnServer } from './spawn-server.mjs';

const GC = ['--expose-gc'];

async function sessions(cfg, impl) {
  const server = await spawnServer(impl, { http: true, nodeArgs: GC });
  try {
    const before = await server.mem();
    const pool = await httpClients(server.url, cfg.sessions, { oneSocket: true });
    const after = await server.mem();
    pool.close();
    return { rssBefore: before.rss, rss: after.rss, perSession: (after.rss - before.rss) / cfg.sessions };
  } finally {
    await server.stop();
  }
}

async function leak(cfg, impl) {
  const server = await spawnServer(impl, { nodeArgs: GC });
  try {
    const call = async () => checkCall(await server.rpc.request('tools/call', callParams));
    await runCount(call, { concurrency: 32, count: cfg.leakWarmup });
    const before = await server.mem();
    await runCount(call, { concurrency: 32, count: cfg.leakCalls });
    const after = await server.mem();
    return { rssBefore: before.rss, rssAfter: after.rss, heapBefore: before.heapUsed, heapAfter: after.heapUsed };
  } finally {
    await server.stop();
  }
}

/** The figure of the stateless pattern (Decorum and the floor only: the SDKs do not speak 2026-07-28). */
export const RSS_STATELESS = 'RSS after stateless HTTP load (2025-11-25 + 2026-07-28, after GC)';

export async function measureMemory(cfg, impls, log) {
  const idle = `RSS, ${cfg.sessions.toLocaleString('en-US')} idle HTTP sessions`;
  const calls = `memory across ${cfg.leakCalls.toLocaleString('en-US')} calls (stdio)`;
  const figures = { [idle]: {}, [calls]: {}, [RSS_STATELESS]: {} };
  for (const impl of impls) figures[idle][impl.name] = [await sessions(cfg, impl)];
  log('idle sessions done');
  for (const impl of impls) figures[calls][impl.name] = [await leak(cfg, impl)];
  log('leak check done');
  for (const impl of impls.filter((i) => i.name.startsWith('decorum') || i.name === 'raw')) {
    const { collected } = await rssAfterStatelessLoad(impl, cfg.statelessCalls);
    figures[RSS_STATELESS][impl.name] = [{ rss: collected.rss }];
  }
  log('RSS after stateless load done');
  return figures;
}
