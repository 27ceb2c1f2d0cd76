import type { SessionState, StoredSession } from '../engine/session-state.js';

/**
 * What one request changed in a session: only these fields and subscriptions are written, so two
 * instances changing one session at the same time (a subscription on each) both keep their change.
 */
export interface SessionChange {
  /** Scalar fields set by this change (initialize sets all of them, logging/setLevel the level). */
  fields?: Partial<Omit<SessionState, 'subscriptions'>> & { owner?: string };
  subscribe?: string[];
  unsubscribe?: string[];
}

/**
 * A registry of sessions shared between server instances (Redis, a database…). Without one, a
 * session lives only in the instance that created it. With one, an instance that gets a request
 * for a session it does not hold restores it from here (protocol version, client capabilities,
 * log level, subscriptions) and serves it.
 *
 * Writes are per field (`update`), each one atomic, and every write bumps the session's `revision`
 * so that instances holding copies keep the newest. A deleted session stays deleted: `update`
 * never brings it back (a tombstone lives as long as a session would have).
 * @example
 * const stored = await store.update(id, { subscribe: ['file:///a'] }); // undefined: deleted meanwhile
 */
export interface SessionStore {
  /** The session, or undefined when unknown, expired or deleted. */
  get(sessionId: string): Promise<StoredSession | undefined>;
  /**
   * Applies one change atomically and answers the whole session as stored after it (with its new
   * `revision`); undefined when the session was deleted. `create` starts the session (initialize,
   * or a whole rewrite, which adds to what is there). Without `create`, a session the store does not
   * have (expired, or lost with the store's data) is not written at all — no half session — and the
   * answer has an empty `protocolVersion`: the caller then writes the whole session with `create`.
   */
  update(sessionId: string, change: SessionChange, create?: boolean): Promise<StoredSession | undefined>;
  /** Ends the session everywhere: later `get`s answer undefined and `update`s do not revive it. */
  delete(sessionId: string): Promise<void>;
  /**
   * Keeps a session in use from expiring (a store with expiry): an instance serving it from its own
   * copy, with no read or write, calls this at most once a minute.
   */
  touch?(sessionId: string): Promise<void>;
}

/** Applies a {@link SessionChange} to a stored session (the model every store follows). */
export function applySessionChange(current: StoredSession | undefined, change: SessionChange): StoredSession {
  const { owner, ...fields } = change.fields ?? {};
  const base: SessionState = current?.state ?? { protocolVersion: '', clientCapabilities: {}, subscriptions: [] };
  const subscriptions = new Set(base.subscriptions);
  for (const uri of change.subscribe ?? []) subscriptions.add(uri);
  for (const uri of change.unsubscribe ?? []) subscriptions.delete(uri);
  const next: StoredSession = {
    state: { ...base, ...fields, subscriptions: [...subscriptions] },
    revision: (current?.revision ?? 0) + 1,
  };
  const ownerNow = 'owner' in (change.fields ?? {}) ? owner : current?.owner;
  if (ownerNow !== undefined) next.owner = ownerNow;
  return next;
}

/** A {@link SessionStore} in process memory: for tests, and as a model for shared ones. */
export class InMemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, StoredSession>();
  private readonly deleted = new Set<string>();

  async get(sessionId: string): Promise<StoredSession | undefined> {
    const stored = this.sessions.get(sessionId);
    return stored && structuredClone(stored);
  }

  async update(sessionId: string, change: SessionChange, create = false): Promise<StoredSession | undefined> {
    if (this.deleted.has(sessionId)) return undefined;
    const current = this.sessions.get(sessionId);
    if (current === undefined && !create) return applySessionChange(undefined, {}); // stores nothing
    // A create over a session another instance rewrote meanwhile adds to it: no subscription is lost.
    const next = applySessionChange(current, change);
    this.sessions.set(sessionId, next);
    return structuredClone(next);
  }

  /** Replaces the whole session (a migration, a test); concurrent writers should use `update`. */
  async set(sessionId: string, session: StoredSession): Promise<void> {
    this.sessions.set(sessionId, structuredClone(session));
  }

  async delete(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
    this.deleted.add(sessionId);
  }
}
