// The cluster of the non-sticky e2e: instances of the scale-out fixture registered with the proxy
// once their readiness probe is green, as a load balancer that polls readiness would do.

import type { LoadSession } from './load-session.js';
import type { ProxiedRequest, RoundRobinProxy } from './round-robin-proxy.js';
import { type Instance, kill, startInstance, stop } from './scale-out-support.js';

/**
 * Waits for a condition, checking it every 20 ms; throws naming `what` (and what `explain` says is
 * still wrong) after `ms`. Returns the time taken.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  explain?: () => string,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await condition()) return performance.now() - started;
    if (performance.now() - started > ms) {
      throw new Error(`timed out after ${ms} ms waiting for ${what}${explain ? `: ${explain()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The status of an instance's readiness probe (`/readyz` beside its MCP endpoint); 0 when it does not answer. */
export async function readiness(instance: Instance): Promise<number> {
  return fetch(new URL('/readyz', instance.url), { signal: AbortSignal.timeout(3_000) }).then(
    async (response) => {
      await response.body?.cancel();
      return response.status;
    },
    () => 0,
  );
}

export class Cluster {
  readonly instances = new Map<string, Instance>();

  constructor(
    private readonly proxy: RoundRobinProxy,
    private readonly redisUrl: string,
  ) {}

  get(name: string): Instance {
    const instance = this.instances.get(name);
    if (instance === undefined) throw new Error(`no instance ${name}`);
    return instance;
  }

  /** Starts (or restarts) an instance and puts it behind the proxy once `/readyz` answers 200. Returns ms until ready. */
  async start(name: string): Promise<number> {
    const started = performance.now();
    const instance = await startInstance(name, this.redisUrl);
    this.instances.set(name, instance);
    await waitUntil(async () => (await readiness(instance)) === 200, 15_000, `${name}'s /readyz to turn 200`);
    this.proxy.set(name, instance.url);
    return performance.now() - started;
  }

  /** SIGKILL: no goodbye, what a crash or an OOM kill looks like. The proxy keeps the dead address. */
  async kill(name: string): Promise<void> {
    await kill(this.get(name));
  }

  /** stderr lines of every instance so far, per instance (to count log lines of an outage). */
  stderrCounts(): Record<string, number> {
    return Object.fromEntries([...this.instances].map(([name, i]) => [name, i.stderr.lines.length]));
  }

  async close(): Promise<void> {
    await Promise.all([...this.instances.values()].map((instance) => stop(instance)));
  }
}

/**
 * Sessions with no open GET stream (answered 200, still streaming) on a live instance, described. Any open GET counts: the proxy cannot tell the standalone stream from the
 * GET that resumes a POST stream, but the latter ends with its call.
 */
export function streamProblems(proxy: RoundRobinProxy, sessions: LoadSession[], live: string[]): string[] {
  const gets = new Map<string, ProxiedRequest[]>();
  for (const entry of proxy.log) {
    if (entry.method !== 'GET' || entry.sessionId === undefined) continue;
    gets.set(entry.sessionId, [...(gets.get(entry.sessionId) ?? []), entry]);
  }
  // Open once its 200 came: a resumed stream with nothing to replay sends no byte until its next event.
  const open = (e: ProxiedRequest) => e.state === 'open' && e.status === 200 && live.includes(e.upstream ?? '');
  return sessions.flatMap((session) => {
    const mine = gets.get(session.sessionId) ?? [];
    if (mine.some(open)) return [];
    const statuses = mine.map((e) => `${e.status ?? e.state}${e.lastEventId ? '+LEI' : ''}`);
    const last = mine.at(-1);
    return [
      `${session.name}: GETs ${statuses.slice(-6).join(',')} (${mine.length}), last on ${last?.upstream}: ${last?.head.slice(0, 100)}`,
    ];
  });
}

/** Waits until every session has an open GET stream on a live instance; returns the time taken. */
export function streamsOpen(proxy: RoundRobinProxy, sessions: LoadSession[], live: () => string[], ms: number) {
  const problems = () => streamProblems(proxy, sessions, live());
  return waitUntil(
    () => problems().length === 0,
    ms,
    'every GET stream to be open',
    () => `${problems().length} not: ${problems().slice(0, 4).join(' | ')}`,
  );
}
