// One Redis outage under load, measured: every session keeps calling a tool that reports progress
// while redis-server is stopped for 3 s and started again, with or without its dataset. What the
// clients saw is returned for the test to assert on and print.

import type { RedisServer } from '../../packages/redis/test/support/redis-server.js';
import { type Cluster, readiness, waitUntil } from './cluster.js';
import type { LoadSession, Outcome } from './load-session.js';
import type { ProxiedRequest, RoundRobinProxy } from './round-robin-proxy.js';

export const OUTAGE_MS = 3_000;

/** What one outage cost. */
export interface OutageReport {
  outcomes: Outcome[];
  /** Every request the proxy forwarded from just before the stop until the load ended. */
  seen: ProxiedRequest[];
  /** ms from the stop until every instance's /readyz answered 503. */
  redMs: number;
  /** ms from the restart until every instance's /readyz answered 200. */
  greenMs: number;
  /** ms from the restart until every session had a call sent after it answered (or was found lost: 404). */
  recoveryMs: number;
  /** Sessions the outage lost (answered 404 after the restart). */
  lost: LoadSession[];
  /** stderr lines each instance wrote from the stop until recovery. */
  logLines: Record<string, number>;
  /** Those lines, as written, per instance. */
  logSample: Record<string, string[]>;
  /** Keys in Redis just before the stop and just after the restart (a data loss shows here). */
  keys: { beforeStop: number; afterRestart: number };
}

export async function redisOutage(
  {
    redis,
    proxy,
    cluster,
    sessions,
    live,
  }: {
    redis: RedisServer;
    proxy: RoundRobinProxy;
    cluster: Cluster;
    sessions: LoadSession[];
    live: () => string[];
  },
  keepData: 'all' | 'none' | 'last-save',
  tag: string,
): Promise<OutageReport> {
  // The snapshot a 'last-save' restart comes back to is taken before the load: what follows is lost.
  if (keepData === 'last-save') await redis.save();
  const from = proxy.log.length;
  const logsBefore = cluster.stderrCounts();
  let running = true;
  let restartedAt = Number.POSITIVE_INFINITY;
  const loops = sessions.map(async (session) => {
    const outcomes: Outcome[] = [];
    for (let i = 0; running; i++) {
      const outcome = await session.work(`${session.name}/${tag}-${i}`, 2, 20, 15_000);
      outcomes.push(outcome);
      // A session the outage lost stays lost: its client would initialize again (the test does, later).
      if (outcome.kind === 'http' && outcome.status === 404 && outcome.at > restartedAt) break;
    }
    return outcomes;
  });
  const started = () => sessions.reduce((n, s) => n + s.outcomes.filter((o) => o.token.includes(`/${tag}-`)).length, 0);
  await waitUntil(() => started() >= sessions.length, 60_000, 'the load to be under way');

  const beforeStop = await redis.dbsize();
  const stoppedAt = performance.now();
  await redis.stop({ keepData });
  const allReadiness = async (status: number) =>
    (await Promise.all(live().map((name) => readiness(cluster.get(name))))).every((s) => s === status);
  // Bounded by the machine's patience, not by the outage: a starved machine may take longer to notice.
  const redMs = await waitUntil(() => allReadiness(503), 15_000, 'every /readyz to turn 503');
  // The outage is a measured duration, not a synchronisation: Redis stays down 3 s in all (longer
  // only when the instances took longer than that to see it gone).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (performance.now() - stoppedAt))));
  await redis.start();
  restartedAt = performance.now();
  const afterRestart = await redis.dbsize();
  const greenMs = await waitUntil(() => allReadiness(200), 15_000, 'every /readyz to turn 200');
  const recovered = (session: LoadSession) =>
    session.outcomes.some((o) => o.at > restartedAt && (o.kind === 'ok' || (o.kind === 'http' && o.status === 404)));
  const recoveryMs = await waitUntil(() => sessions.every(recovered), 30_000, 'every session to answer again');
  const logLines = cluster.stderrCounts();
  running = false;
  const outcomes = (await Promise.all(loops)).flat();
  const lost = sessions.filter((s) =>
    s.outcomes.some((o) => o.at > restartedAt && o.kind === 'http' && o.status === 404),
  );
  return {
    outcomes,
    seen: proxy.since(from),
    redMs: Math.round(redMs),
    greenMs: Math.round(greenMs),
    recoveryMs: Math.round(recoveryMs),
    lost,
    logLines: Object.fromEntries(Object.entries(logLines).map(([n, c]) => [n, c - (logsBefore[n] ?? 0)])),
    logSample: Object.fromEntries(
      [...cluster.instances].map(([name, i]) => [name, i.stderr.lines.slice(logsBefore[name], logLines[name])]),
    ),
    keys: { beforeStop, afterRestart },
  };
}

/** Statuses of the GET requests among `seen`, counted, `+LEI` when they resumed: e.g. ["200×50", "409+LEI×12"]. */
export function getStatuses(seen: ProxiedRequest[]): string[] {
  const counts = new Map<string, number>();
  for (const e of seen) {
    if (e.method !== 'GET') continue;
    const key = `${e.status ?? e.state}${e.lastEventId ? '+LEI' : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([status, n]) => `${status}×${n}`);
}

/** Answers that are neither a success nor a 503 with Retry-After (what an outage may answer). */
export function badAnswers(seen: ProxiedRequest[], allow404 = false): string[] {
  return seen
    .filter((e) => {
      const status = e.status ?? 0;
      if (status === 503) return e.retryAfter === null || e.retryAfter === undefined;
      if (allow404 && status === 404) return false;
      return status >= 500 || (e.status === undefined && e.method === 'POST');
    })
    .map((e) => `${e.status ?? e.state} ${e.method} ${e.rpcMethod ?? ''} on ${e.upstream}`);
}
