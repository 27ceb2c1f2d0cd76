// A running call's POST stream resumed by the official client on another instance than the one
// running the call (#19 item 6): followed there until its result, answered with an error if the
// running instance dies, and not declared lost when only Redis lost its lease.
import { describe, expect, it } from 'vitest';
import { SKIP_REASON, TEST_REDIS_URL } from './support/redis-server.js';
import { postsTo, streamTests } from './support/stream-instances.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis POST stream tests skipped: ${SKIP_REASON}`);

describe.skipIf(!TEST_REDIS_URL)('POST streams followed across instances (real Redis)', () => {
  const { two, connect } = streamTests(TEST_REDIS_URL as string);

  it("resumes a running call's POST stream on another instance: the official client gets its progress and result", async () => {
    const [a, b] = await two();
    // POSTs go to A, every GET (the resumption included) to B.
    const { fetch: fetchVia, resumed: resumption } = postsTo(a, b);
    const { client } = await connect(a.url, fetchVia);

    const progress: number[] = [];
    const call = client.callTool({ name: 'relay', arguments: { gate: 'g1' } }, undefined, {
      onprogress: (p) => void progress.push(p.progress),
      timeout: 10_000,
    });
    await a.waiting('g1'); // A dropped the POST stream; the client resumes it on B
    await resumption; // B answered the resumption and follows the stream
    a.open('g1');
    const result = await call;
    expect(result.content).toEqual([{ type: 'text', text: 'relayed g1' }]);
    expect(progress).toEqual([1, 2]);
  });

  it('a followed call whose instance dies is answered with an error at once, not left to the client time-out', async () => {
    const [a, b] = await two({ streamLeaseMs: 600 });
    const { fetch: fetchVia, resumed: resumption } = postsTo(a, b);
    const { client } = await connect(a.url, fetchVia);
    const call = client.callTool({ name: 'relay', arguments: { gate: 'g2' } }, undefined, { timeout: 20_000 });
    const outcome = call.then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await a.waiting('g2');
    await resumption;
    await a.die(); // the call never answers; its lease lapses 600 ms later
    // The follower's own answer, not the client's time-out (that one says "Request timed out").
    expect(await outcome).toContain('stopped before answering');
  });

  it('a followed call whose lease Redis lost (its instance alive, taking it back) is not declared lost', async () => {
    const [a, b] = await two({ streamLeaseMs: 900 });
    const { fetch: fetchVia, resumed: resumption } = postsTo(a, b);
    const { client, sessionId } = await connect(a.url, fetchVia);
    const call = client.callTool({ name: 'relay', arguments: { gate: 'g4' } }, undefined, { timeout: 10_000 });
    await a.waiting('g4');
    await resumption;
    // The running stream's lease vanishes (as in a Redis that lost its data) and B looks at once.
    const keys = await a.scaleOut.connection.run('keys', (c) => c.keys(`*${sessionId}:lease:p*`));
    expect(keys).toHaveLength(1);
    const streamId = (keys[0] as string).split(':lease:')[1] as string;
    await a.scaleOut.connection.run('del', (c) => c.del(keys));
    await a.scaleOut.bus.publish({ type: 'wake', sessionId, streamId });
    await client.ping(); // a round trip: B has had the wake
    a.open('g4');
    expect((await call).content).toEqual([{ type: 'text', text: 'relayed g4' }]);
  });
});
