import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisUnavailableError } from '../src/errors.js';
import { RedisConnection } from '../src/redis-connection.js';
import { RedisNotificationBus } from '../src/redis-notification-bus.js';
import { RedisSessionStore } from '../src/redis-session-store.js';
import { RedisServer, SKIP_REASON, TEST_REDIS_URL } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis reconnection tests skipped: ${SKIP_REASON}`);

const state = { protocolVersion: '2025-11-25', clientCapabilities: {}, subscriptions: [] };

/** A logger that records, and lets a test wait for, a message. */
function recorder() {
  const lines: string[] = [];
  const waiters: [RegExp, () => void][] = [];
  const push = (message: string) => {
    lines.push(message);
    for (const [pattern, resolve] of waiters) if (pattern.test(message)) resolve();
  };
  return {
    lines,
    logger: { warn: push, error: push },
    waitFor: (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        if (lines.some((line) => pattern.test(line))) resolve();
        else waiters.push([pattern, resolve]);
      }),
  };
}

// Needs the redis-server binary CI installs; gated on the same variable as the other Redis tests.
describe.skipIf(!TEST_REDIS_URL)('Redis going away and coming back', () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis.close();
  });

  it('fails operations with a clear RedisUnavailableError while down, and works again once back', async () => {
    const log = recorder();
    const connection = new RedisConnection({ url: redis.url, waitMs: 300, logger: log.logger });
    connections.push(connection);
    const sessions = new RedisSessionStore(connection, { keyPrefix: 'restart:' });
    await sessions.set('a', { state });

    await redis.kill();
    await log.waitFor(/connection lost/);
    const failure = await sessions.get('a').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedisUnavailableError);
    expect((failure as Error).message).toContain(
      `Redis at redis://127.0.0.1:${redis.port} is unavailable (load session)`,
    );
    expect((failure as RedisUnavailableError).code).toBe('REDIS_UNAVAILABLE');

    await redis.start(); // an empty Redis again: nothing persisted (--save '')
    await log.waitFor(/connection restored/);
    expect(await sessions.get('a')).toBeUndefined();
    await sessions.set('b', { state });
    expect(await sessions.get('b')).toEqual({ state, revision: expect.any(Number) });
    // One report per outage, not one per reconnection attempt.
    expect(log.lines.filter((line) => line.includes('commands): connection lost'))).toHaveLength(1);
  });

  it('waits out a short outage: an operation issued while down completes once Redis is back', async () => {
    const log = recorder();
    const connection = new RedisConnection({ url: redis.url, waitMs: 20_000, logger: log.logger });
    connections.push(connection);
    const sessions = new RedisSessionStore(connection, { keyPrefix: 'blip:' });
    await sessions.set('a', { state });
    await redis.kill();
    await log.waitFor(/commands\): connection lost/);
    const pending = sessions.set('c', { state });
    await redis.start();
    await pending;
    expect(await sessions.get('c')).toEqual({ state, revision: expect.any(Number) });
  });

  it('resubscribes the notification bus after a restart', async () => {
    const log = recorder();
    const connect = () => {
      const connection = new RedisConnection({ url: redis.url, logger: log.logger });
      connections.push(connection);
      return connection;
    };
    const a = new RedisNotificationBus(connect(), { keyPrefix: 'bus:' });
    const b = new RedisNotificationBus(connect(), { keyPrefix: 'bus:' });
    const received: unknown[] = [];
    let arrived: () => void = () => undefined;
    b.subscribe((message) => {
      received.push(message);
      arrived();
    });
    await b.ready();
    const first = new Promise<void>((resolve) => (arrived = resolve));
    await a.publish({ type: 'wake', sessionId: 'before' });
    await first;

    await redis.kill();
    const failed = await a.publish({ type: 'wake', sessionId: 'during' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RedisUnavailableError);
    await redis.start();
    await log.waitFor(/pub\/sub\): connection restored/);
    // The subscription comes back with the connection: poll by publishing until one arrives.
    const second = new Promise<void>((resolve) => (arrived = resolve));
    let delivered = false;
    void second.then(() => (delivered = true));
    while (!delivered) {
      await a.publish({ type: 'wake', sessionId: 'after' });
      await Promise.race([second, new Promise((resolve) => setImmediate(resolve))]);
    }
    expect(received[0]).toEqual({ type: 'wake', sessionId: 'before' });
    expect(received.slice(1).every((m) => (m as { sessionId: string }).sessionId === 'after')).toBe(true);
  });
});
