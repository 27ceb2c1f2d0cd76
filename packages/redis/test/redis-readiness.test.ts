// /readyz of an HTTP endpoint scaled out over Redis follows the Redis connection: red while Redis is
// away (the instance cannot serve shared sessions), green again once it is back.

import { ProtocolServer } from '@decorum/protocol';
import { type HttpServing, serveHttp } from '@decorum/protocol/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisScaleOut } from '../src/redis-scale-out.js';
import { RedisServer, SKIP_REASON, TEST_REDIS_URL } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis readiness test skipped: ${SKIP_REASON}`);

describe.skipIf(!TEST_REDIS_URL)('readiness over Redis', () => {
  let redis: RedisServer;
  let serving: HttpServing;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await serving?.close();
    await redis.close();
  });

  it('answers /readyz 503 while Redis is down and 200 once it is back', async () => {
    const waiting = new Set<(line: string) => void>();
    const hear = (line: string) => {
      for (const each of waiting) each(line);
    };
    const logger = { warn: hear, error: hear };
    const until = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const each = (line: string) => {
          if (!pattern.test(line)) return;
          waiting.delete(each);
          resolve();
        };
        waiting.add(each);
      });
    const scaleOut = redisScaleOut({ url: redis.url, waitMs: 300, logger });
    await scaleOut.connection.run('ping', (client) => client.ping());
    const server = new ProtocolServer({ serverInfo: { name: 'ready', version: '1.0.0' } });
    serving = await serveHttp(server, { scaleOut });
    // Ready needs the pub/sub connection too, which comes up with the endpoint's subscriptions: wait for them
    // (under load it can lag the first /readyz).
    await Promise.all([scaleOut.bus.ready(), scaleOut.keys.ready()]);
    const readyz = async () => {
      const response = await fetch(new URL('/readyz', serving.url));
      return { status: response.status, body: await response.json() };
    };
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { store: 'ok' } } });

    const lost = until(/connection lost/);
    await redis.kill();
    await lost;
    expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready', checks: { store: 'failing' } } });

    // Ready needs both connections: commands, and pub/sub (which keeps session copies and keys current).
    const restored = Promise.all([until(/commands\): connection restored/), until(/pub\/sub\): connection restored/)]);
    await redis.start();
    await restored;
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { store: 'ok' } } });
  });
});
