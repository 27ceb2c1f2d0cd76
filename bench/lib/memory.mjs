// Memory, read from each server's own probe after a forced GC (servers run with --expose-gc):
// RSS with N idle HTTP sessions, and RSS / heap before and after a long run of stdio calls.
import { httpClients } from './http-client.mjs';
import { runCount } from './load.mjs';
import { callParams, checkCall } from './messages.mjs';
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

export async function measureMemory(cfg, impls, log) {
  const idle = `RSS, ${cfg.sessions.toLocaleString('en-US')} idle HTTP sessions`;
  const calls = `memory across ${cfg.leakCalls.toLocaleString('en-US')} calls (stdio)`;
  const figures = { [idle]: {}, [calls]: {} };
  for (const impl of impls) figures[idle][impl.name] = [await sessions(cfg, impl)];
  log('idle sessions done');
  for (const impl of impls) figures[calls][impl.name] = [await leak(cfg, impl)];
  log('leak check done');
  return figures;
}
