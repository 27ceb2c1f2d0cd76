// #19 item 11 and readiness: while Redis is down an initialize is answered 503 with Retry-After
// (never 200 with a session no other instance will find), the log says so once and sums the
// outage up when Redis is back; a fresh instance reports not ready until Redis answers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialize } from '../../protocol/test/support/raw-http.js';
import { RedisUnavailableError } from '../src/errors.js';
import { RedisConnection } from '../src/redis-connection.js';
import { type Instance, legacyRequest, startInstance } from './support/instances.js';
import { RedisServer, SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis session outage tests skipped: ${SKIP_REASON}`);

/** A logger that keeps lines and tells a test when one matching a pattern arrives. */
function recorder() {
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  const add = (line: string) => {
    lines.push(line);
    for (const wait of waiting.filter((w) => w.pattern.test(line))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  return {
    lines,
    logger: { warn: add, error: add },
    waitFor: (pattern: RegExp) =>
      lines.some((line) => pattern.test(line))
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ pattern, resolve })),
  };
}

const readyz = async (instance: Instance) => {
  const response = await fetch(new URL('/readyz', instance.url));
  return { status: response.status, body: await response.json() };
};

// Needs the redis-server binary CI installs; gated on the same variable as the other Redis tests.
describe.skipIf(!TEST_REDIS_URL)('sessions while Redis is away (own redis-server, real HTTP)', () => {
  let redis: RedisServer;
  const running: Instance[] = [];
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((instance) => instance.close()));
  });
  afterAll(async () => {
    await redis.close();
  });

  it('answers initialize 503 + Retry-After while Redis is down, logs it once, and serves sessions again after', async () => {
    const log = recorder();
    const keyPrefix = uniquePrefix();
    const a = await startInstance({ url: redis.url, keyPrefix, waitMs: 200, logger: log.logger });
    const b = await startInstance({ url: redis.url, keyPrefix, waitMs: 200, logger: log.logger });
    running.push(a, b);
    expect((await initialize(a.url)).response.status).toBe(200);

    await redis.kill();
    await log.waitFor(/commands\): connection lost/);
    for (let i = 0; i < 5; i++) {
      const { response } = await initialize(a.url);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/session store is unreachable/) },
      });
    }
    expect(log.lines.filter((line) => line.includes('session store unavailable'))).toHaveLength(1);

    await redis.start();
    await log.waitFor(/commands\): connection restored after [\d.]+ s; \d+ operation\(s\) failed meanwhile/);
    const { response, sessionId } = await initialize(a.url);
    expect(response.status).toBe(200);
    expect((await legacyRequest(b.url, sessionId as string, 2, 'ping')).status).toBe(200);
    await log.waitFor(/session store available again after [\d.]+ s; during the outage: 5 session changes not stored/);
  });

  it('lets many operations wait out an outage on one listener (no MaxListenersExceededWarning)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const log = recorder();
    const connection = new RedisConnection({ url: redis.url, waitMs: 200, logger: log.logger });
    try {
      await connection.run('ping', (client) => client.ping());
      await redis.kill();
      await log.waitFor(/commands\): connection lost/);
      const failures = await Promise.all(
        Array.from({ length: 50 }, () => connection.run('ping', (client) => client.ping()).catch((e: unknown) => e)),
      );
      expect(failures.every((failure) => failure instanceof RedisUnavailableError)).toBe(true);
      await new Promise((resolve) => setImmediate(resolve)); // Node emits warnings on a later tick
      expect(warnings).not.toContain('MaxListenersExceededWarning');
      await redis.start();
      await log.waitFor(/commands\): connection restored after [\d.]+ s; 50 operation\(s\) failed meanwhile/);
    } finally {
      process.off('warning', onWarning);
      await connection.close();
    }
  });

  it('reports a fresh instance not ready until Redis answers, then ready', async () => {
    await redis.kill();
    const log = recorder();
    const a = await startInstance({ url: redis.url, keyPrefix: uniquePrefix(), waitMs: 200, logger: log.logger });
    running.push(a);
    await log.waitFor(/commands\): connection lost/);
    expect(await readyz(a)).toEqual({ status: 503, body: { status: 'not ready', checks: { store: 'failing' } } });
    // Traffic that arrives anyway gets a retryable answer, not a session that is never stored.
    expect((await initialize(a.url)).response.status).toBe(503);

    await redis.start();
    await Promise.all([log.waitFor(/commands\): connection restored/), log.waitFor(/pub\/sub\): connection restored/)]);
    expect(await readyz(a)).toEqual({ status: 200, body: { status: 'ready', checks: { store: 'ok' } } });
    expect((await initialize(a.url)).response.status).toBe(200);
  });
});
