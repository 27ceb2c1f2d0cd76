import type { StoredSession } from '../engine/session-state.js';

/**
 * A registry of sessions shared between server instances (Redis, a database…). Without one, a
 * session lives only in the instance that created it. With one, an instance that gets a request
 * for a session it does not hold restores it from here (protocol version, client capabilities,
 * log level, subscriptions) and serves it.
 */
export interface SessionStore {
  get(sessionId: string): Promise<StoredSession | undefined>;
  set(sessionId: string, session: StoredSession): Promise<void>;
  delete(sessionId: string): Promise<void>;
}

/** A {@link SessionStore} in process memory: for tests, and as a model for shared ones. */
export class InMemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, StoredSession>();

  async get(sessionId: string): Promise<StoredSession | undefined> {
    const stored = this.sessions.get(sessionId);
    return stored && structuredClone(stored);
  }

  async set(sessionId: string, session: StoredSession): Promise<void> {
    this.sessions.set(sessionId, structuredClone(session));
  }

  async delete(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
  }
}
