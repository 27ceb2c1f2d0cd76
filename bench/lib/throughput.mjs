// tools/call throughput and latency over in-memory, stdio and HTTP (sessions, stateless, 2026-07-28), at each
// concurrency, per negotiated revision and, over HTTP, per connection pattern. Implementations are interleaved
// inside every round.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { httpClients } from './http-client.mjs';
import { runInterleaved } from './load.mjs';
import { callParams, checkCall, MODERN_VERSION } from './messages.mjs';
import { pipelinedClient, runPipelinedInterleaved } from './pipelined-client.mjs';
import { pooledClients } from './pool-client.mjs';
import { spawnServer } from './spawn-server.mjs';

const WORKER = fileURLToPath(new URL('./inmem-worker.mjs', import.meta.url));
const run = promisify(execFile);

/**
 * The round every stdio and HTTP cell runs first and does not record: each cell's own warm-up (`warmupMs`) is too
 * short for the first contact with a fresh server, while the JIT compiles its request path. In the run of
 * 2026-12-01 23:32, Decorum's first 1-client HTTP round gave 1.1–2.3k calls/s against 4.1–6.4k in the rounds after
 * it (the floor 3.8–4.8k against 4.8–7.4k): one such round in five moved the median by a whole rank.
 */
const WARM_UP_ROUND = 0;

/**
 * The order the implementations start their slices in one round: as listed, then reversed in the next round, so no
 * implementation always goes first. Inside a round they take turns slice by slice (`runInterleaved`), and their
 * ratio is then taken round by round (see report.mjs).
 */
function turnOrder(items, round) {
  return round % 2 === 0 ? items : [...items].reverse();
}

/** Appends one round's result under figures[figure][impl]. */
function record(figures, figure, impl, result) {
  figures[figure] ??= {};
  figures[figure][impl] ??= [];
  figures[figure][impl].push(result);
}

async function inMemory(cfg, impls, figures, log) {
  const options = JSON.stringify({
    concurrencies: cfg.concurrencies,
    durationMs: cfg.durationMs,
    warmupMs: cfg.warmupMs,
  });
  for (let round = 0; round < cfg.rounds; round++) {
    for (const impl of impls) {
      const { stdout } = await run(process.execPath, [WORKER, impl.file, options]);
      const results = JSON.parse(stdout);
      for (const c of cfg.concurrencies) record(figures, `in-memory, ${c} in flight`, impl.name, results[c]);
    }
    log(`in-memory round ${round + 1}/${cfg.rounds}`);
  }
}

async function stdio(cfg, impls, figures, log) {
  for (const version of cfg.revisions) {
    const servers = await Promise.all(impls.map((impl) => spawnServer(impl, { version })));
    try {
      for (const s of servers) checkCall(await s.rpc.request('tools/call', callParams));
      // Round 0 is a warm-up round, not recorded (see WARM_UP_ROUND).
      for (let round = 0; round <= cfg.rounds; round++) {
        for (const c of cfg.concurrencies) {
          const calls = turnOrder(servers, round).map(
            (s) => async () => checkCall(await s.rpc.request('tools/call', callParams)),
          );
          const results = await runInterleaved(calls, { ...cfg, concurrency: c });
          if (round === WARM_UP_ROUND) continue;
          for (const [i, s] of turnOrder(servers, round).entries()) {
            record(figures, `stdio ${version}, ${c} in flight`, s.impl.name, results[i]);
          }
        }
        log(
          round === WARM_UP_ROUND ? `stdio ${version} warm-up round` : `stdio ${version} round ${round}/${cfg.rounds}`,
        );
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
}

export const STDIO_PIPELINED = 'stdio 2025-11-25, 32 pipelined, lean client writing once per tick';

/**
 * stdio with 32 requests pipelined on one pipe by a lean client (bench/lib/pipelined-client.mjs: each answer at once
 * replaced by the next request, one write per event-loop turn, no promise or latency sample per call), the pattern
 * of the outside harness of issue 35. The RpcClient of the cells above spends more CPU per call than the floor's
 * server does, and in a closed loop its cost adds to both sides of a ratio; here the ratio follows the servers.
 */
export async function stdioPipelined(cfg, impls, figures, log) {
  const servers = await Promise.all(impls.map((impl) => spawnServer(impl, { flush: 'tick' })));
  try {
    const clients = servers.map((s) => pipelinedClient(s));
    for (let round = 0; round <= cfg.rounds; round++) {
      const order = turnOrder([...servers.keys()], round);
      const results = await runPipelinedInterleaved(
        order.map((i) => clients[i]),
        { ...cfg, concurrency: 32 },
      );
      if (round !== WARM_UP_ROUND) {
        for (const [j, i] of order.entries()) record(figures, STDIO_PIPELINED, servers[i].impl.name, results[j]);
      }
      log(round === WARM_UP_ROUND ? 'stdio pipelined warm-up round' : `stdio pipelined round ${round}/${cfg.rounds}`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * The client sets of one HTTP mode and revision: `1 client`, then at the highest concurrency `socket each`
 * (every session keeps its own connection) and `pooled` (sessions share one undici Pool of as many connections,
 * so a session's requests land on whichever is free, as behind a proxy).
 */
async function clientSets(url, version, most, stateless) {
  const options = { stateless, version };
  return [
    { label: '1 client', concurrency: 1, pool: await httpClients(url, 1, options) },
    { label: `${most} clients, socket each`, concurrency: most, pool: await httpClients(url, most, options) },
    { label: `${most} clients, pooled`, concurrency: most, pool: await pooledClients(url, most, options) },
  ];
}

/** HTTP sessions or stateless (legacy revisions, and 2026-07-28 when `modern`), every client set, interleaved. */
async function http(cfg, impls, figures, log, { stateless, version, memory }) {
  const mode =
    version === MODERN_VERSION ? `HTTP ${version}` : `HTTP ${stateless ? 'stateless' : 'sessions'} ${version}`;
  const most = Math.max(...cfg.concurrencies);
  const nodeArgs = memory ? ['--expose-gc'] : [];
  const servers = await Promise.all(impls.map((impl) => spawnServer(impl, { http: true, stateless, nodeArgs })));
  const sets = [];
  try {
    for (const s of servers) {
      const clients = await clientSets(s.url, version, most, stateless);
      sets.push(clients);
      for (const set of clients) checkCall(await set.pool.clients[0].request('tools/call', callParams));
    }
    for (let round = 0; round <= cfg.rounds; round++) {
      for (const [k, { label, concurrency }] of sets[0].entries()) {
        const turns = turnOrder([...servers.keys()], round);
        const calls = turns.map((i) => {
          const { pool } = sets[i][k];
          return async (slot) => checkCall(await pool.clients[slot].request('tools/call', callParams));
        });
        const results = await runInterleaved(calls, { ...cfg, concurrency });
        if (round === WARM_UP_ROUND) continue;
        for (const [j, i] of turns.entries()) record(figures, `${mode}, ${label}`, servers[i].impl.name, results[j]);
      }
      log(round === WARM_UP_ROUND ? `${mode} warm-up round` : `${mode} round ${round}/${cfg.rounds}`);
    }
    // What the process holds once the load is over (after a GC): what a long-running instance settles at.
    if (memory) {
      for (const s of servers) record(figures, memory, s.impl.name, { rss: (await s.mem()).rss });
    }
  } finally {
    for (const clients of sets) for (const set of clients) set.pool.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

// Only these speak 2026-07-28 here: Decorum (and its snapshots) and the floor, which answers any JSON-RPC.
const speaksModern = (impl) => impl.name.startsWith('decorum') || impl.name === 'raw';

export const RSS_AFTER_LOAD = 'RSS after HTTP load (sessions)';

export async function measureThroughput(cfg, impls, log) {
  const figures = {};
  await inMemory(cfg, impls, figures, log);
  await stdio(cfg, impls, figures, log);
  await stdioPipelined(cfg, impls, figures, log);
  for (const [i, version] of cfg.revisions.entries()) {
    const memory = i === cfg.revisions.length - 1 ? RSS_AFTER_LOAD : undefined;
    await http(cfg, impls, figures, log, { stateless: false, version, memory });
  }
  for (const version of cfg.revisions) await http(cfg, impls, figures, log, { stateless: true, version });
  await http(cfg, impls.filter(speaksModern), figures, log, { stateless: true, version: MODERN_VERSION });
  return figures;
}
