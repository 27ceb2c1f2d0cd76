import { createClient, type RedisClientType } from '@redis/client';
import type { OAuthStore } from './oauth-store.js';

/** Options of {@link RedisOAuthStore}. */
export interface RedisOAuthStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://…`. */
  url: string;
  /** Prefix of every key. Default `decorum:oauth:`. */
  keyPrefix?: string;
}

/**
 * An {@link OAuthStore} on Redis, so every instance sees every grant and a restart loses none. `take` is
 * `GETDEL` (one caller wins a code or refresh token), `add` is `SET NX`, counters are `INCR` + `EXPIRE NX`.
 * @example const store = new RedisOAuthStore({ url: process.env.REDIS_URL! }); await store.connect();
 */
export class RedisOAuthStore implements OAuthStore {
  private readonly client: RedisClientType;
  private readonly prefix: string;
  private connecting?: Promise<unknown>;

  constructor(options: RedisOAuthStoreOptions) {
    this.client = createClient({ url: options.url }) as RedisClientType;
    // Connection errors are reported by the operations that fail; the event only keeps them from crashing.
    this.client.on('error', () => {});
    this.prefix = options.keyPrefix ?? 'decorum:oauth:';
  }

  /** Connects (operations connect on first use too). */
  async connect(): Promise<void> {
    await this.ready();
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  async get(key: string): Promise<string | undefined> {
    return (await (await this.ready()).get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    const client = await this.ready();
    if (ttlSeconds > 0) await client.set(this.prefix + key, value, { expiration: { type: 'EX', value: ttlSeconds } });
    else await client.set(this.prefix + key, value);
  }

  async add(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    const client = await this.ready();
    const options =
      ttlSeconds > 0
        ? { condition: 'NX' as const, expiration: { type: 'EX' as const, value: ttlSeconds } }
        : { condition: 'NX' as const };
    return (await client.set(this.prefix + key, value, options)) === 'OK';
  }

  async take(key: string): Promise<string | undefined> {
    return (await (await this.ready()).getDel(this.prefix + key)) ?? undefined;
  }

  async delete(key: string): Promise<void> {
    await (await this.ready()).del(this.prefix + key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const client = await this.ready();
    const [count] = (await client
      .multi()
      .incr(this.prefix + key)
      .expire(this.prefix + key, ttlSeconds, 'NX')
      .exec()) as unknown as [number, number];
    return Number(count);
  }

  private async ready(): Promise<RedisClientType> {
    if (!this.client.isReady) {
      this.connecting ??= this.client.connect().finally(() => {
        this.connecting = undefined;
      });
      await this.connecting;
    }
    return this.client;
  }
}
