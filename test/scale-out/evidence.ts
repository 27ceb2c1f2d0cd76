// What the proxy saw of calls and streams that went wrong: printed with the figures, as the evidence
// the findings for the product's helpers quote.
import type { LoadSession, Outcome } from './load-session.js';
import type { RoundRobinProxy } from './round-robin-proxy.js';

/** The GET requests the proxy saw of the sessions an announcement round found odd (missing or twice). */
export function getEvidence(
  proxy: RoundRobinProxy,
  from: number,
  odd: { session: LoadSession; detail: string }[],
): string[] {
  return odd.slice(0, 4).map(({ session, detail }) => {
    const gets = proxy.since(from).filter((e) => e.method === 'GET' && e.sessionId === session.sessionId);
    const seen = gets
      .map((e) => `${e.upstream} ${e.status ?? '-'}${e.lastEventId ? '+LEI' : ''} ${e.state}`)
      .join(', ');
    return `${session.name} ${detail}: GETs ${seen}; SDK: ${session.errors.slice(-2).join(' / ').slice(0, 200)}`;
  });
}

/** What the proxy saw of the calls that did not end well: the evidence for the findings file. */
export function evidence(proxy: RoundRobinProxy, from: number, outcomes: Outcome[], max = 5): string[] {
  const bad = outcomes.filter((o) => o.kind !== 'ok').slice(0, max);
  return bad.map((o) => {
    const entries = proxy.since(from).filter((e) => e.token === o.token);
    const seen = entries
      .map((e) => `${e.upstream} ${e.status ?? '-'} ${e.state} ${e.bytes}B ${e.head.slice(-300)}`)
      .join('; ');
    return `${o.kind} ${o.token}${'status' in o ? ` ${o.status}` : ''}: ${seen}${'message' in o ? ` (${o.message.slice(0, 160)})` : ''}`;
  });
}
