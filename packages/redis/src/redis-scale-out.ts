import type { ScaleOut } from '@decorum/protocol';
import { createScaleOut, type ScaleOutParts } from '@decorum/protocol/scale-out';
import { RedisConfigurationError } from './errors.js';
import { RedisConnection, type RedisLogger } from './redis-connection.js';
import { RedisEventStore } from './redis-event-store.js';
import { RedisNotificationBus } from './redis-notification-bus.js';
import { RedisRequestStateKeys } from './redis-request-state-keys.js';
import { RedisSessionStore } from './redis-session-store.js';

/** Options of {@link redisScaleOut}; only `url` is needed. */
export interface RedisScaleOutOptions {
  /** `redis://[[user]:password@]host[:port][/db]`, or `rediss://…` for TLS. */
  url: string;
  /** Prefix of every key and channel, to share one Redis between servers. Default `decorum:`. */
  keyPrefix?: string;
  /** Forget a session unused this long, in seconds. Default 1 day. */
  sessionTtlSeconds?: number;
  /** SSE events kept per session for resumption. Default 1000. */
  maxEventsPerSession?: number;
  /** SSE events older than this are not replayed, in ms. Default 5 minutes. */
  maxEventAgeMs?: number;
  /**
   * How long the lease of a session's GET stream outlives its instance, in ms: after a crash, a fresh
   * GET (no Last-Event-ID) for that session is refused (409) for up to this long; a resumption takes
   * the stream over at once. Renewed every third of it. Default 5 000.
   */
  streamLeaseMs?: number;
  /**
   * How long a `requestState` key replaced by `keys.rotate()` keeps verifying, in ms. Default 10
   * minutes, the default lifetime of a state (keep it at least `modern.requestState.ttlMs`). What
   * counts is the value of the process that calls `rotate()` (a deploy script too), not the servers'.
   */
  keyOverlapMs?: number;
  /** How long an operation waits for a lost Redis to come back before failing, in ms. Default 2 000. */
  waitMs?: number;
  /** Where connection loss and recovery are reported. Default: the console (stderr). */
  logger?: RedisLogger;
}

/** A {@link ScaleOut} over Redis, with its parts exposed (for rotation, tests, custom wiring). */
export interface RedisScaleOut extends ScaleOut, ScaleOutParts {
  readonly connection: RedisConnection;
  readonly sessionStore: RedisSessionStore;
  readonly eventStore: RedisEventStore;
  readonly bus: RedisNotificationBus;
  readonly keys: RedisRequestStateKeys;
  /**
   * True while Redis is reachable on both connections (commands, and the pub/sub one that keeps
   * copies of sessions and the signing keys current) and the signing keys in it are usable (see
   * `keys.problem`): `serveHttp`'s `/readyz` reports it as `store`.
   * False at startup until Redis answers, so a load balancer polling readiness sends no traffic before.
   */
  ready(): boolean;
  /** Called when the pub/sub connection is back after an outage (messages may have been missed). */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * Everything to run one Decorum server as many instances behind a load balancer, from a Redis URL:
 * shared legacy sessions, resumable SSE on any instance, list_changed and resources/updated to
 * clients of every instance, and one set of `requestState` keys. Pass it as the `scaleOut` option
 * of the HTTP endpoint, which owns it from then on (and closes it). Connecting starts at once and
 * retries forever; requests that need Redis while it is away fail with a clear 503.
 * @example
 * import { redisScaleOut } from '@decorum/redis';
 * await app.listen({ http: { port: 3000, scaleOut: redisScaleOut(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') } });
 */
export function redisScaleOut(options: string | RedisScaleOutOptions): RedisScaleOut {
  const settings = typeof options === 'string' ? { url: options } : options;
  if (typeof settings.url !== 'string' || !/^rediss?:\/\//.test(settings.url)) {
    throw new RedisConfigurationError(
      `redisScaleOut needs a Redis URL such as redis://127.0.0.1:6379, got ${JSON.stringify(settings.url)}`,
    );
  }
  const connection = new RedisConnection({ url: settings.url, waitMs: settings.waitMs, logger: settings.logger });
  const keyPrefix = settings.keyPrefix;
  const keys = new RedisRequestStateKeys(connection, {
    keyPrefix,
    overlapMs: settings.keyOverlapMs,
    logger: settings.logger,
  });
  const scaleOut = createScaleOut({
    connection,
    sessionStore: new RedisSessionStore(connection, { keyPrefix, ttlSeconds: settings.sessionTtlSeconds }),
    eventStore: new RedisEventStore(connection, {
      keyPrefix,
      maxEventsPerSession: settings.maxEventsPerSession,
      maxAgeMs: settings.maxEventAgeMs,
      streamLeaseMs: settings.streamLeaseMs,
      ttlSeconds: settings.sessionTtlSeconds,
    }),
    bus: new RedisNotificationBus(connection, { keyPrefix }),
    keys,
    requestStateKeys: keys.source,
    // Malformed signing keys in Redis make an instance unready (logged), rather than failing calls.
    ready: () => connection.isReady && connection.isSubscriberReady && keys.problem === undefined,
    onResync: (listener) => connection.onRestored((role) => role === 'pub/sub' && listener()),
    close: () => connection.close(),
  });
  return scaleOut;
}
