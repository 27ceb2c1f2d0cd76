// The URL of the test Redis: DECORUM_TEST_REDIS_URL (CI sets it), else a loopback redis-server this
// test file starts itself when one is installed (so a plain `npm test` runs the Redis tests); tests
// that need Redis skip without either. The scale-out e2e and the docs' shell commands use it too.
import { afterAll } from 'vitest';
import { hasRedisServer, RedisServer } from './redis-process.js';

export { freePort, hasRedisServer, RedisServer, SKIP_REASON, uniquePrefix } from './redis-process.js';

/** A loopback redis-server for this test file (stopped after it, and with the process), if one is installed. */
async function ownRedisUrl(): Promise<string | undefined> {
  if (!hasRedisServer()) return undefined;
  const server = await RedisServer.start();
  afterAll(() => server.close());
  process.once('exit', () => void server.kill());
  return server.url;
}

/** The Redis the tests use: DECORUM_TEST_REDIS_URL, else one of the file's own, else undefined (skip). */
export const TEST_REDIS_URL: string | undefined = process.env.DECORUM_TEST_REDIS_URL ?? (await ownRedisUrl());
