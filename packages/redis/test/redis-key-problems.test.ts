// A malformed requestState signing key in Redis: refused where Decorum writes keys (`rotate(key)`), and where it
// is read reported by a log line naming the problem (never the key) with the instance not ready — on a running
// instance (which would otherwise keep signing with its last good key: a silent non-rotation) and on a newly
// started one (whose multi-round calls would otherwise be a bare -32603 "Internal error"). A good rotation heals.
import { afterEach, describe, expect, it } from 'vitest';
import { type Instance, modernCall, startInstance } from './support/instances.js';
import { SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis key problem tests skipped: ${SKIP_REASON}`);

const BAD = '1700000000000:c2hvcnQ='; // "short": valid base64, 5 bytes

/** A logger that keeps its lines and resolves waiters on the first line that matches. */
class Lines {
  readonly seen: string[] = [];
  private waiters: Array<{ match: RegExp; resolve: (line: string) => void }> = [];
  readonly logger = {
    warn: (message: string) => this.push(message),
    error: (message: string) => this.push(message),
  };

  next(match: RegExp): Promise<string> {
    const found = this.seen.find((line) => match.test(line));
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  private push(line: string): void {
    this.seen.push(line);
    const woken = this.waiters.filter((w) => w.match.test(line));
    this.waiters = this.waiters.filter((w) => !woken.includes(w));
    for (const w of woken) w.resolve(line);
  }
}

describe.skipIf(!TEST_REDIS_URL)('malformed requestState keys in Redis', () => {
  const running: Instance[] = [];
  const start = async (keyPrefix: string, lines = new Lines()) => {
    const instance = await startInstance({ url: TEST_REDIS_URL as string, keyPrefix, logger: lines.logger });
    running.push(instance);
    instance.scaleOut.keys.watch(() => undefined); // subscribed (and the keys checked) by ready()
    await instance.scaleOut.keys.ready();
    return { instance, lines };
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((instance) => instance.close()));
  });

  it('rotate() refuses a key shorter than 32 bytes or not base64, and writes nothing', async () => {
    const keyPrefix = uniquePrefix();
    const { instance } = await start(keyPrefix);
    const before = await instance.scaleOut.keys.source();
    await expect(instance.scaleOut.keys.rotate('c2hvcnQ=')).rejects.toThrow(/5 bytes, fewer than the 32/);
    await expect(instance.scaleOut.keys.rotate('not base64!')).rejects.toThrow(/base64/);
    await expect(instance.scaleOut.keys.rotate(new Uint8Array(16))).rejects.toThrow(/16 bytes/);
    expect(await instance.scaleOut.keys.source()).toEqual(before);
    await instance.scaleOut.keys.rotate(new Uint8Array(32).fill(7));
    expect(await instance.scaleOut.keys.source()).toHaveLength(before.length + 1);
  });

  it('written behind Decorum’s back: running and new instances log it and are not ready; a good rotation heals', async () => {
    const keyPrefix = uniquePrefix();
    const list = `${keyPrefix}request-state-keys`;
    const a = await start(keyPrefix);
    expect((await modernCall(a.instance.url, 'ask')).result?.resultType).toBe('input_required');
    expect(a.instance.scaleOut.ready()).toBe(true);

    // Someone else's writer puts a bad key in front and announces it as a rotation.
    await a.instance.scaleOut.connection.run('test: bad key', async (client) => {
      await client.lPush(list, BAD);
      await client.publish(list, 'bad');
    });
    // The running instance hears the rotation and checks the keys at once (no request needed).
    const logged = await a.lines.next(/requestState keys/);
    expect(logged).toMatch(/entry 0 holds 5 bytes, fewer than the 32 a key needs/);
    expect(logged).not.toContain('c2hvcnQ');
    expect(a.instance.scaleOut.ready()).toBe(false);

    // A new instance reports it at startup, and its multi-round calls say what is wrong.
    const c = await start(keyPrefix);
    expect(await c.lines.next(/requestState keys/)).toMatch(/entry 0 holds 5 bytes/);
    expect(c.instance.scaleOut.ready()).toBe(false);
    const refused = await modernCall(c.instance.url, 'ask');
    expect(refused.error?.message).toMatch(
      /cannot sign multi-round requests: its shared requestState keys are malformed/,
    );

    // A good rotation (from anywhere) puts a usable key in front: both are ready again.
    await a.instance.scaleOut.connection.run('test: drop bad key', (client) => client.lRem(list, 0, BAD));
    await c.instance.scaleOut.keys.rotate();
    await Promise.all([a.lines.next(/usable again/), c.lines.next(/usable again/)]);
    expect(a.instance.scaleOut.ready()).toBe(true);
    expect(c.instance.scaleOut.ready()).toBe(true);
    expect((await modernCall(c.instance.url, 'ask')).result?.resultType).toBe('input_required');
  });
});
