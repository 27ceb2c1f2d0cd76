// Counting resources/updated across the cluster: every session subscribed to its own URIs (the
// subscriptions made one after another, so on different instances); one round touches each URI once
// from whichever instance the proxy picks, and every session must hear each exactly once.
import type { LoadSession } from './load-session.js';

/** URIs a session subscribes to; the last one is the round's barrier. */
export const URIS_PER_SESSION = 4;

export function urisOf(session: LoadSession): string[] {
  return Array.from({ length: URIS_PER_SESSION }, (_, k) => `test://e2e/${session.name}/${k}`);
}

/** What one round of announcements delivered. */
export interface RoundCounts {
  /** (session, URI) pairs that got no update. */
  missing: number;
  /** Updates beyond the one expected per (session, URI). */
  duplicated: number;
  /** Sessions that missed at least one update. */
  sessionsMissing: number;
}

/** Subscribes a session to its URIs one after another (the proxy sends each to the next instance). */
export async function subscribeAll(session: LoadSession): Promise<void> {
  for (const uri of urisOf(session)) await session.subscribe(uri);
}

/**
 * One round: touch every URI but the barrier, wait for them, then touch the barrier and wait for it.
 * A session's updates arrive in order on its one GET stream, so a duplicate of the first ones would
 * show before the barrier does. Waits are bounded by `ms`; what did not arrive by then is missing.
 * The sessions that missed an update or got one twice are pushed to `odd`, as evidence.
 */
export async function announceRound(
  sessions: LoadSession[],
  odd: { session: LoadSession; detail: string }[] = [],
  ms = 20_000,
): Promise<RoundCounts> {
  const before = sessions.map((s) => new Map(s.updates));
  const expect = (i: number, uri: string) => (before[i]?.get(uri) ?? 0) + 1;
  await Promise.all(
    sessions.map(async (session, i) => {
      const uris = urisOf(session);
      const barrier = uris.pop() as string;
      for (const uri of uris) await session.touch(uri);
      await Promise.all(uris.map((uri) => session.waitForUpdates(uri, expect(i, uri), ms)));
      await session.touch(barrier);
      await session.waitForUpdates(barrier, expect(i, barrier), ms);
    }),
  );
  const counts: RoundCounts = { missing: 0, duplicated: 0, sessionsMissing: 0 };
  sessions.forEach((session, i) => {
    let missed = false;
    for (const uri of urisOf(session)) {
      const delta = (session.updates.get(uri) ?? 0) - (before[i]?.get(uri) ?? 0);
      if (delta === 0) {
        counts.missing++;
        missed = true;
      }
      counts.duplicated += Math.max(0, delta - 1);
      if (delta !== 1) odd.push({ session, detail: `${uri.slice(-1)}×${delta}` });
    }
    if (missed) counts.sessionsMissing++;
  });
  return counts;
}
