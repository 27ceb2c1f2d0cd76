// SSE while Redis is away and after it comes back without its data (#19 items 9, 10, 12): nothing a
// tool sends fails the call, every request is answered (live, without an event id), the log says so
// once per outage and sums up on recovery, and event ids keep growing across the data loss.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStream, openSession, SseReader, seqOf } from '../../protocol/test/support/raw-http.js';
import { RedisServer, SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';
import { postsTo, type StreamInstance, startStreamInstance } from './support/stream-instances.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis outage tests skipped: ${SKIP_REASON}`);

// Needs the redis-server binary (CI installs it); gated on the same variable as the other Redis tests.
describe.skipIf(!TEST_REDIS_URL)('SSE through a Redis outage', () => {
  let redis: RedisServer;
  let instance: StreamInstance;
  let client: Client;
  const keyPrefix = uniquePrefix();
  beforeAll(async () => {
    redis = await RedisServer.start();
    instance = await startStreamInstance(redis.url, keyPrefix, { waitMs: 300 });
    client = new Client({ name: 'outage-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(instance.url));
  });
  afterAll(async () => {
    await client?.close();
    await instance?.close();
    await redis?.close();
  });

  let outages = 0;
  const outage = async () => {
    await redis.kill();
    await instance.logged(/\(commands\): connection lost/, ++outages);
  };
  const recovery = async () => {
    await redis.start();
    await instance.logged(/\(commands\): connection restored/, outages);
  };
  const progressCall = async (by = client) => {
    const progress: number[] = [];
    const result = await by.callTool({ name: 'progress', arguments: { steps: 3 } }, undefined, {
      onprogress: (p) => void progress.push(p.progress),
      timeout: 5_000,
    });
    return { result, progress };
  };

  it('answers a tool that reports progress while Redis is down: no isError, progress and result delivered live', async () => {
    await outage();
    const first = await progressCall();
    expect(first.result.isError).not.toBe(true);
    expect(first.result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(first.progress).toEqual([1, 2, 3]);
    const second = await progressCall(); // the same outage: no new line in the log
    expect(second.result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(instance.logs.filter((line) => line.includes('event store unavailable'))).toHaveLength(1);
    expect(instance.logs.filter((line) => line.includes('could not send a response'))).toEqual([]);

    await recovery();
    // Redis came back empty: that session is gone everywhere (404); a new one works, and its first
    // stored event ends the outage in the log.
    client = new Client({ name: 'outage-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(instance.url));
    expect((await progressCall()).result.content).toEqual([{ type: 'text', text: 'done' }]);
    const summary = instance.logs.find((line) => line.includes('event store available again'));
    // Two calls of three progress notifications and a result each, on streams that had no priming id.
    expect(summary).toMatch(
      /after \d+\.\d s; during the outage: (\d+ lease operations failed, )?2 streams not resumable, 8 events sent without being stored$/,
    );
    // One line per role per outage: none of them twice, no stack traces.
    const lines = instance.logs.filter((line) => /unavailable|connection lost/.test(line));
    expect(new Set(lines).size).toBe(lines.length);
    expect(instance.logs.some((line) => line.includes('\n    at '))).toBe(false);
  });

  /** A session with an open GET stream that has carried one message; resolves with its reader and that message's id. */
  const openGetStream = async () => {
    const sessionId = await openSession(instance.url);
    const stream = new SseReader(await getStream(instance.url, sessionId));
    const priming = await stream.next();
    instance.server.notifyListChanged('tools');
    const first = await stream.nextMessage();
    expect(seqOf(first?.id)).toBeGreaterThan(seqOf(priming?.id));
    return { stream, lastId: first?.id };
  };

  it('drops a broadcast for the GET stream that cannot be stored (sent live, another copy could repeat it)', async () => {
    const { stream } = await openGetStream();
    await outage();
    instance.server.notifyListChanged('tools'); // dropped: not stored, not sent live
    await recovery();
    instance.server.notifyListChanged('tools');
    const next = await stream.nextMessage();
    expect(next?.message.method).toBe('notifications/tools/list_changed');
    expect(next?.id).toBeDefined(); // the stored one: the dropped one did not come live before it
    const summary = instance.logs.filter((line) => line.includes('event store available again')).at(-1);
    expect(summary).toMatch(/\d+ GET stream messages dropped/); // one per session of this instance
    await stream.cancel();
  });

  it('keeps event ids growing after Redis came back without its data: an open GET stream gets new events', async () => {
    const { stream, lastId } = await openGetStream();
    await outage();
    await recovery(); // an empty Redis: the session's events and their counter are gone
    instance.server.notifyListChanged('tools');
    const after = await stream.nextMessage();
    expect(after?.message.method).toBe('notifications/tools/list_changed');
    expect(seqOf(after?.id)).toBeGreaterThan(seqOf(lastId));
    await stream.cancel();
  });

  it('a GET stream reads the store when its instance is back on the bus (wakes sent meanwhile are lost)', async () => {
    const sessionId = await openSession(instance.url);
    const stream = new SseReader(await getStream(instance.url, sessionId));
    await stream.next();
    // An event stored for the GET stream whose wake this instance never heard (published while it
    // was off the bus): here, appended straight to the store, with no wake at all.
    const message = { jsonrpc: '2.0' as const, method: 'notifications/tools/list_changed' };
    await instance.scaleOut.eventStore.append(sessionId, 's', message);
    const pubsubBack = /\(pub\/sub\): connection restored/;
    const restored = instance.logged(pubsubBack, instance.logs.filter((line) => pubsubBack.test(line)).length + 1);
    await instance.scaleOut.connection.run('kill', (c) => c.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub']));
    await restored;
    expect((await stream.nextMessage())?.message).toEqual(message);
    await stream.cancel();
  });

  it('a call followed on another instance survives a Redis restart that lost the data: its result arrives', async () => {
    const [runner, follower] = await Promise.all(
      [0, 1].map(() => startStreamInstance(redis.url, keyPrefix, { waitMs: 300, streamLeaseMs: 900 })),
    );
    const other = new Client({ name: 'outage-test', version: '1.0.0' });
    try {
      const { fetch: fetchVia, resumed: resumption } = postsTo(runner, follower);
      await other.connect(new StreamableHTTPClientTransport(runner.url, { fetch: fetchVia }));
      const progress: number[] = [];
      const call = other.callTool({ name: 'relay', arguments: { gate: 'g3' } }, undefined, {
        onprogress: (p) => void progress.push(p.progress),
        timeout: 20_000,
      });
      await runner.waiting('g3');
      await resumption;
      const back = /\(commands\): connection restored/;
      const restoredAll = Promise.all(
        [runner, follower].map((i) => i.logged(back, i.logs.filter((line) => back.test(line)).length + 1)),
      );
      await outage();
      await recovery();
      await restoredAll;
      runner.open('g3');
      expect((await call).content).toEqual([{ type: 'text', text: 'relayed g3' }]);
      expect(progress).toEqual([1, 2]);
    } finally {
      await other.close();
      await Promise.all([runner.close(), follower.close()]);
    }
  });
});
