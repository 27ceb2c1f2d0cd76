import { createClient, type RedisClientType } from '@redis/client';
import { RedisConfigurationError, RedisUnavailableError } from './errors.js';

/** Where the Redis package reports connection changes (an `EngineLogger` fits). */
export interface RedisLogger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** Options of {@link RedisConnection}. */
export interface RedisConnectionOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://…` for TLS. */
  url: string;
  /** How long an operation waits for a lost connection to come back before failing, in ms. Default 2 000. */
  waitMs?: number;
  /** Longest pause between two reconnection attempts, in ms. Default 2 000. */
  maxReconnectDelayMs?: number;
  /** Where "connection lost" and "restored" are reported, once per outage. Default: the console. */
  logger?: RedisLogger;
}

type Client = RedisClientType;

/** The URL without its password, fit for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    throw new RedisConfigurationError(`Not a Redis URL: "${url}" (expected redis://host:port)`);
  }
}

/**
 * Two connections to one Redis (commands, and pub/sub which needs its own), reconnecting forever
 * with capped backoff. While Redis is away an operation waits up to `waitMs` for it, then fails
 * with a {@link RedisUnavailableError} naming the URL: callers get a clear error, not a hang.
 * @example
 * const redis = new RedisConnection({ url: 'redis://127.0.0.1:6379' });
 * await redis.run('ping', (client) => client.ping());
 */
export class RedisConnection {
  readonly url: string;
  private readonly client: Client;
  private subscriber?: Client;
  private readonly waitMs: number;
  private readonly logger: RedisLogger;
  private lastError?: Error;
  /**
   * Roles (commands, pub/sub) whose connection is down, since when and how many operations failed:
   * each reports its outage once, and sums it up once when the connection is back.
   */
  private readonly down = new Map<string, { since: number; failed: number }>();
  private closed = false;
  private readonly started: Promise<void>;
  private readonly restoredListeners = new Set<(role: string) => void>();
  /** Per connection, while it is down: resolves when it is ready again. */
  private readonly comingBack = new Map<Client, Promise<void>>();

  constructor(options: RedisConnectionOptions) {
    this.url = redactUrl(options.url);
    this.waitMs = options.waitMs ?? 2_000;
    this.logger = options.logger ?? console;
    const maxDelay = options.maxReconnectDelayMs ?? 2_000;
    this.client = createClient({
      url: options.url,
      // Fail fast while disconnected (run() waits a bounded time itself) rather than queue forever.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 5_000,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** Math.min(retries, 10), maxDelay),
      },
    }) as Client;
    this.watch(this.client, 'commands');
    this.started = this.connect(this.client);
  }

  /** Runs a command once the connection is ready (waiting up to `waitMs`); failures become {@link RedisUnavailableError}. */
  async run<T>(operation: string, command: (client: Client) => Promise<T>): Promise<T> {
    if (this.closed) throw new RedisUnavailableError(this.url, `${operation} after close`);
    try {
      await this.ready(this.client, operation);
      return await command(this.client);
    } catch (error) {
      // A reply error (wrong type, script error) is a bug to see as is; a connection error is an outage.
      if ((error as Error).constructor?.name?.endsWith('ErrorReply') || (error as Error).name === 'ErrorReply')
        throw error;
      const outage = this.down.get('commands');
      if (outage !== undefined) outage.failed++;
      throw error instanceof RedisUnavailableError
        ? error
        : new RedisUnavailableError(this.url, operation, { cause: error });
    }
  }

  /**
   * Subscribes to a channel on the pub/sub connection; resolves once subscribed, however long Redis
   * takes to come up (the client resubscribes by itself after later reconnections, and then calls
   * `onResubscribed`: messages published meanwhile were missed).
   */
  subscribe(channel: string, listener: (message: string) => void, onResubscribed?: () => void): Promise<void> {
    if (this.subscriber === undefined) {
      this.subscriber = this.client.duplicate() as Client;
      this.watch(this.subscriber, 'pub/sub');
      void this.connect(this.subscriber);
    }
    const subscriber = this.subscriber;
    return new Promise<void>((resolve) => {
      const attempt = () => {
        if (this.closed) return;
        subscriber.subscribe(channel, listener).then(
          () => {
            if (onResubscribed) subscriber.on('ready', onResubscribed);
            resolve();
          },
          () => subscriber.once('ready', attempt),
        );
      };
      if (subscriber.isReady) attempt();
      else subscriber.once('ready', attempt);
    });
  }

  /** True while the command connection is up. */
  get isReady(): boolean {
    return this.client.isReady;
  }

  /** Calls `listener` with the role (`commands`, `pub/sub`) each time a lost connection is back. */
  onRestored(listener: (role: string) => void): () => void {
    this.restoredListeners.add(listener);
    return () => this.restoredListeners.delete(listener);
  }

  /** True while the pub/sub connection is up (or none is needed yet: nothing subscribed). */
  get isSubscriberReady(): boolean {
    return this.subscriber === undefined || this.subscriber.isReady;
  }

  /** Closes both connections; pending operations fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.started;
    await Promise.all(
      [this.client, this.subscriber].map(async (client) => {
        if (client === undefined) return;
        if (client.isReady) await client.close().catch(() => client.destroy());
        else if (client.isOpen) client.destroy();
      }),
    );
  }

  private async connect(client: Client): Promise<void> {
    // The first attempt may fail (Redis not up yet): the reconnect strategy keeps trying.
    await client.connect().then(
      () => undefined,
      (error: Error) => {
        this.lastError = error;
      },
    );
  }

  private watch(client: Client, role: string): void {
    // Without an 'error' listener Node would crash the process on the first failed reconnection.
    client.on('error', (error: Error) => {
      this.lastError = error;
      if (!this.down.has(role) && !this.closed) {
        this.down.set(role, { since: Date.now(), failed: 0 });
        this.logger.error(`Redis at ${this.url} (${role}): connection lost (${error.message}); reconnecting`);
      }
    });
    client.on('ready', () => {
      const outage = this.down.get(role);
      if (outage === undefined) return;
      this.down.delete(role);
      const seconds = ((Date.now() - outage.since) / 1000).toFixed(1);
      const failed = role === 'commands' ? `; ${outage.failed} operation(s) failed meanwhile` : '';
      this.logger.warn(`Redis at ${this.url} (${role}): connection restored after ${seconds} s${failed}`);
      for (const listener of this.restoredListeners) listener(role);
    });
  }

  private async ready(client: Client, operation: string): Promise<void> {
    if (client.isReady) return;
    // One 'ready' listener per outage, shared by every operation waiting it out: hundreds of
    // requests during an outage would otherwise add one listener each (and Node's leak warning).
    let back = this.comingBack.get(client);
    if (back === undefined) {
      back = new Promise<void>((resolve) =>
        client.once('ready', () => {
          this.comingBack.delete(client);
          resolve();
        }),
      );
      this.comingBack.set(client, back);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RedisUnavailableError(this.url, operation, { cause: this.lastError })),
        this.waitMs,
      );
    });
    try {
      await Promise.race([back, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
