// tools/call throughput and latency over in-memory, stdio and HTTP (sessions, stateless), at
// each concurrency. Implementations are interleaved inside every round.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { httpClients } from './http-client.mjs';
import { runLoad } from './load.mjs';
import { callParams, checkCall } from './messages.mjs';
import { spawnServer } from './spawn-server.mjs';

const WORKER = fileURLToPath(new URL('./inmem-worker.mjs', import.meta.url));
const run = promisify(execFile);

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
  const servers = await Promise.all(impls.map((impl) => spawnServer(impl)));
  try {
    for (const s of servers) checkCall(await s.rpc.request('tools/call', callParams));
    for (let round = 0; round < cfg.rounds; round++) {
      for (const s of servers) {
        const call = async () => checkCall(await s.rpc.request('tools/call', callParams));
        for (const c of cfg.concurrencies) {
          const result = await runLoad(call, { concurrency: c, durationMs: cfg.durationMs, warmupMs: cfg.warmupMs });
          record(figures, `stdio, ${c} in flight`, s.impl.name, result);
        }
      }
      log(`stdio round ${round + 1}/${cfg.rounds}`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function http(cfg, impls, figures, log, stateless) {
  const mode = stateless ? 'HTTP stateless' : 'HTTP sessions';
  const most = Math.max(...cfg.concurrencies);
  const servers = await Promise.all(impls.map((impl) => spawnServer(impl, { http: true, stateless })));
  const pools = [];
  try {
    for (const s of servers) {
      const pool = await httpClients(s.url, most, { stateless });
      pools.push(pool);
      checkCall(await pool.clients[0].request('tools/call', callParams));
    }
    for (let round = 0; round < cfg.rounds; round++) {
      for (const [i, s] of servers.entries()) {
        const { clients } = pools[i];
        const call = async (slot) => checkCall(await clients[slot].request('tools/call', callParams));
        for (const c of cfg.concurrencies) {
          const result = await runLoad(call, { concurrency: c, durationMs: cfg.durationMs, warmupMs: cfg.warmupMs });
          record(figures, `${mode}, ${c} client${c > 1 ? 's' : ''}`, s.impl.name, result);
        }
      }
      log(`${mode} round ${round + 1}/${cfg.rounds}`);
    }
  } finally {
    for (const pool of pools) pool.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export async function measureThroughput(cfg, impls, log) {
  const figures = {};
  await inMemory(cfg, impls, figures, log);
  await stdio(cfg, impls, figures, log);
  await http(cfg, impls, figures, log, false);
  await http(cfg, impls, figures, log, true);
  return figures;
}
