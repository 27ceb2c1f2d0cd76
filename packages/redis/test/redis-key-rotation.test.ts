// #19 item 7: requestState keys rotated while instances run. A rotation is published, so every
// running instance signs with the new key at once, and the replaced keys verify for an overlap:
// after two rotations and a newly started instance, multi-round calls keep working.
import { afterEach, describe, expect, it } from 'vitest';
import { type Instance, modernCall, startInstance } from './support/instances.js';
import { SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis key rotation tests skipped: ${SKIP_REASON}`);

/** The first round of the `ask` tool on `instance`: its requestState and input key. */
async function firstRound(instance: Instance): Promise<{ requestState: string; key: string }> {
  const first = await modernCall(instance.url, 'ask');
  expect(first.result?.resultType).toBe('input_required');
  return {
    requestState: first.result?.requestState as string,
    key: Object.keys(first.result?.inputRequests)[0] as string,
  };
}

/** The retry of a first round on `instance`: the text of the complete result, or the error message. */
async function retry(instance: Instance, round: { requestState: string; key: string }): Promise<string> {
  const answer = await modernCall(instance.url, 'ask', {
    requestState: round.requestState,
    inputResponses: { [round.key]: { action: 'accept', content: { name: 'ada' } } },
  });
  return answer.error?.message ?? (answer.result?.content?.[0]?.text as string);
}

describe.skipIf(!TEST_REDIS_URL)('requestState key rotation across running instances (real Redis)', () => {
  const running: Instance[] = [];
  const start = async (keyPrefix: string, keyOverlapMs?: number) => {
    const instance = await startInstance({ url: TEST_REDIS_URL as string, keyPrefix, keyOverlapMs });
    await instance.scaleOut.keys.ready();
    running.push(instance);
    return instance;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((instance) => instance.close()));
  });

  /** Resolves once `instance` has heard `count` rotations (its signer refetches on the next use). */
  const heard = (instance: Instance, count: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const stop = instance.scaleOut.keys.watch(() => {
        if (++seen < count) return;
        stop();
        resolve();
      });
    });

  it('two rotations then a new instance: states signed before and after still complete anywhere', async () => {
    const keyPrefix = uniquePrefix();
    const a = await start(keyPrefix);
    const b = await start(keyPrefix);
    const before = await firstRound(a); // A signs with the first key
    const rotations = heard(a, 2);
    await b.scaleOut.keys.rotate();
    await b.scaleOut.keys.rotate();
    await rotations;
    const c = await start(keyPrefix); // a rolling deploy: a new instance after both rotations
    const after = await firstRound(a);
    expect(await retry(c, before)).toBe('hello {"name":"ada"}'); // within the overlap
    expect(await retry(c, after)).toBe('hello {"name":"ada"}');
    expect(await retry(b, await firstRound(c))).toBe('hello {"name":"ada"}');
  });

  it('follows a rotation at once: with no overlap, a running instance never signs with a dropped key', async () => {
    const keyPrefix = uniquePrefix();
    const a = await start(keyPrefix, 0);
    const b = await start(keyPrefix, 0);
    await firstRound(a); // A has loaded the first key
    const rotations = heard(a, 2);
    await b.scaleOut.keys.rotate();
    await b.scaleOut.keys.rotate(); // keeps the two newest: the first key is gone
    await rotations;
    const c = await start(keyPrefix, 0);
    expect(await retry(c, await firstRound(a))).toBe('hello {"name":"ada"}');
    const keys = await c.scaleOut.keys.source();
    expect(keys).toHaveLength(2);
  });
});
