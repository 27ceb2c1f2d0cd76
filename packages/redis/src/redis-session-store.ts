import type { SessionStore, StoredSession } from '@decorum/protocol';
import type { RedisConnection } from './redis-connection.js';

/** Options of {@link RedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** Prefix of every key. Default `decorum:`. */
  keyPrefix?: string;
  /** A session unused this long is forgotten, in seconds (refreshed on every save and load). Default 1 day. */
  ttlSeconds?: number;
}

/**
 * The {@link SessionStore} of several instances: each legacy session's state (revision, client
 * capabilities and info, log level, subscriptions, owner) as JSON at `<prefix>session:<id>`, so any
 * instance can serve any session without sticky routing.
 * @example
 * const sessions = new RedisSessionStore(new RedisConnection({ url: 'redis://127.0.0.1:6379' }));
 * new StreamableHttpHandler(server, { sessionStore: sessions });
 */
export class RedisSessionStore implements SessionStore {
  private readonly prefix: string;
  private readonly ttlSeconds: number;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisSessionStoreOptions = {},
  ) {
    this.prefix = `${options.keyPrefix ?? 'decorum:'}session:`;
    this.ttlSeconds = options.ttlSeconds ?? 24 * 3600;
  }

  async get(sessionId: string): Promise<StoredSession | undefined> {
    const json = await this.redis.run('load session', (client) =>
      client.getEx(this.prefix + sessionId, { type: 'EX', value: this.ttlSeconds }),
    );
    return json === null ? undefined : (JSON.parse(json) as StoredSession);
  }

  async set(sessionId: string, session: StoredSession): Promise<void> {
    const json = JSON.stringify(session);
    await this.redis.run('save session', (client) =>
      client.set(this.prefix + sessionId, json, { expiration: { type: 'EX', value: this.ttlSeconds } }),
    );
  }

  async delete(sessionId: string): Promise<void> {
    await this.redis.run('delete session', (client) => client.del(this.prefix + sessionId));
  }
}
