// A session's streams across instances sharing one Redis (#19): one GET stream per session across
// the cluster (a lease that follows the stream), a running call's POST stream resumed on another
// instance by the official client, and an instance that dies under an open GET stream.
import { describe, expect, it, vi } from 'vitest';
import { getStream, openSession, SseReader, seqOf } from '../../protocol/test/support/raw-http.js';
import { SKIP_REASON, TEST_REDIS_URL } from './support/redis-server.js';
import { counter, getStreamOnceFree, routed, type StreamInstance, streamTests } from './support/stream-instances.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis stream tests skipped: ${SKIP_REASON}`);

describe.skipIf(!TEST_REDIS_URL)('streams across instances (real Redis)', () => {
  const { start, two, connect } = streamTests(TEST_REDIS_URL as string);

  it('keeps one GET stream per session across instances: a second GET elsewhere is refused with 409', async () => {
    const [a, b] = await two();
    const sessionId = await openSession(a.url);
    const onA = new SseReader(await getStream(a.url, sessionId));
    expect((await onA.next())?.id).toBeTruthy(); // the priming event: the stream is open on A

    const second = await getStream(b.url, sessionId);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('already has an open GET stream');
    // A message for the GET stream, announced from B, reaches the one stream, on A.
    b.server.notifyListChanged('tools');
    expect((await onA.nextMessage())?.message.method).toBe('notifications/tools/list_changed');

    // Closed on A: the lease goes with it, and B may serve the session's GET stream now.
    await onA.cancel();
    const reopened = await getStreamOnceFree(b.url, sessionId);
    await reopened.body?.cancel();
  });

  it('a resumption on another instance takes the GET stream over: the old stream ends, nothing goes out twice', async () => {
    const [a, b] = await two();
    const sessionId = await openSession(a.url);
    const onA = new SseReader(await getStream(a.url, sessionId));
    const priming = await onA.next();

    const resumed = await getStream(b.url, sessionId, priming?.id);
    expect(resumed.status).toBe(200);
    const onB = new SseReader(resumed);
    a.server.notifyListChanged('tools');
    const delivered = await onB.nextMessage();
    expect(delivered?.message.method).toBe('notifications/tools/list_changed');
    expect(seqOf(delivered?.id)).toBeGreaterThan(seqOf(priming?.id));
    // A lost the lease: its stream ended without carrying the message.
    expect(await onA.next()).toBeUndefined();
    await onB.cancel();
  });

  it('a resumption on the same instance keeps renewing the lease: a fresh GET elsewhere is still refused later', async () => {
    const [a, b] = await two({ streamLeaseMs: 3_000 });
    const sessionId = await openSession(a.url);
    const first = new SseReader(await getStream(a.url, sessionId));
    const priming = await first.next();
    const again = new SseReader(await getStream(a.url, sessionId, priming?.id));
    expect(await first.next()).toBeUndefined(); // replaced by the resumption
    expect((await again.next())?.data).toBe(''); // the resumed stream's retry hint
    // The replaced stream's end has been handled: the lease is still there and is renewed after it
    // (each renewal sets its expiry anew, so the time left goes up), whatever the machine's speed.
    const redis = a.scaleOut.connection;
    const [key] = await redis.run('keys', (c) => c.keys(`*${sessionId}:lease:s`));
    expect(key).toBeDefined();
    const left = () => redis.run('pttl', (c) => c.pTTL(key as string));
    let last = await left();
    const renewed = async () => {
      const now = await left();
      const up = now > last; // between two looks the time left only goes down, unless a renewal came
      last = now;
      expect(up, 'the lease renewed').toBe(true);
    };
    await vi.waitFor(renewed, { timeout: 10_000, interval: 20 });
    const elsewhere = await getStream(b.url, sessionId);
    expect(elsewhere.status).toBe(409);
    await elsewhere.body?.cancel();
    await again.cancel();
  });

  /** A session whose first GET stream (on A) closed after `sent` messages, the client having read only the first. */
  async function replacedStream(sent: number) {
    const [a, b] = await two();
    const sessionId = await openSession(a.url);
    const first = new SseReader(await getStream(a.url, sessionId));
    await first.next();
    const messages = [];
    for (let i = 0; i < sent; i++) {
      a.server.notifyListChanged('tools');
      messages.push(await first.nextMessage());
    }
    await first.cancel();
    // A second GET, fresh (the lease is free once the first one closed): the official client opens one
    // beside its GET stream's reconnection chain when a resumed POST stream ends before any event id.
    const second = new SseReader(await getStreamOnceFree(b.url, sessionId));
    await second.next();
    b.server.notifyListChanged('tools');
    const carried = await second.nextMessage();
    return { a, b, sessionId, seen: messages[0]?.id, unseen: messages.slice(1).map((m) => m?.id), second, carried };
  }

  it('a client that resumes an older GET stream after opening a newer one gets every message once', async () => {
    const { a, b, sessionId, seen, second, carried } = await replacedStream(1);
    // The first chain resumes its stream while the second one is open.
    const older = await getStream(a.url, sessionId, seen);
    const onOlder = older.status === 200 ? new SseReader(older) : undefined;
    if (onOlder === undefined) await older.body?.cancel();
    a.server.notifyListChanged('tools');
    // Each chain reads on; one whose stream ended resumes from the last id it saw, as the official client does.
    const delivered: string[] = [];
    const onFirst = onOlder && (await onOlder.nextMessage());
    if (onFirst) delivered.push(`older ${onFirst.id}`);
    let newer = await second.nextMessage();
    if (newer === undefined) {
      const again = new SseReader(await getStream(b.url, sessionId, carried?.id));
      await again.next(); // its own id, repeated
      newer = await again.nextMessage();
      await again.cancel();
    }
    if (newer) delivered.push(`newer ${newer.id}`);
    await onOlder?.cancel();
    await second.cancel();
    // The last announcement travels once, on the newer stream; the older one is over (409).
    expect(delivered).toEqual([expect.stringMatching(/^newer /)]);
    expect(older.status).toBe(409);
  });

  it('two GET streams of one client, Redis back from a snapshot older than the second: every message once', async () => {
    const { a, b, sessionId, seen, second, carried } = await replacedStream(1);
    // The snapshot was taken after the first stream's last event: what came later (the second
    // stream's start and its event) is gone, as it would be after such a restart.
    const redis = a.scaleOut.connection;
    const [events] = await redis.run('keys', (c) => c.keys(`*events:${sessionId}`));
    const lines = await redis.run('lrange', (c) => c.lRange(events as string, 0, -1));
    const kept = lines.filter((line) => Number(line.slice(0, line.indexOf(' '))) <= seqOf(seen));
    await redis.run('ltrim', (c) => c.lTrim(events as string, 0, kept.length - 1));
    // The first chain resumes; a message goes out; then the second chain resumes too.
    const older = new SseReader(await getStream(a.url, sessionId, seen));
    await older.next(); // its id
    a.server.notifyListChanged('tools');
    const onOlder = await older.nextMessage();
    await second.cancel();
    const resumed = await getStream(b.url, sessionId, carried?.id);
    const onResumed = resumed.status === 200 ? new SseReader(resumed) : undefined;
    if (onResumed === undefined) await resumed.body?.cancel();
    const replayed = await onResumed?.nextMessage(); // its first message, if any (a stream that ended has none)
    await onResumed?.cancel();
    await older.cancel();
    // The message the first chain carried is not replayed to the second, whose stream is over.
    expect(replayed?.id).not.toBe(onOlder?.id);
    expect(resumed.status).toBe(409);
  });

  it('resuming a GET stream a newer one replaced replays its own remaining events, then ends it for good', async () => {
    const { a, sessionId, seen, unseen, second, carried } = await replacedStream(2);
    const older = await getStream(a.url, sessionId, seen);
    expect(older.status).toBe(200);
    const onOlder = new SseReader(older);
    // What the first stream sent and its client missed, not what the second one carried.
    expect((await onOlder.nextMessage())?.id).toEqual(unseen[0]);
    a.server.notifyListChanged('tools');
    expect(await onOlder.next()).toBeUndefined(); // ended: the new message is the second stream's
    expect((await second.nextMessage())?.id).not.toBe(carried?.id);
    // Resumed once more, from there: nothing is left for it, and the GET stream stays the second one's.
    const again = await getStream(a.url, sessionId, unseen[0]);
    await again.body?.cancel();
    expect(again.status).toBe(409);
    await second.cancel();
  });

  it("an instance dies under the official client's GET stream: it resumes on another, no update missed or doubled", async () => {
    const [a, b] = await two();
    let getTo = a;
    // The session lives on B (every POST), its GET stream on A until A dies.
    const fetchVia = routed((method) => (method === 'POST' ? b : getTo));
    const { client, changes, sessionId } = await connect(a.url, fetchVia);
    const leases = a.scaleOut.eventStore.leases;
    await vi.waitFor(async () => expect(await leases.holder(sessionId, 's')).toBeDefined(), { interval: 10 });

    b.server.notifyListChanged('tools');
    b.server.notifyListChanged('tools');
    await changes.reach(2);
    getTo = b;
    await a.die();
    b.server.notifyListChanged('tools'); // while the client has no GET stream: kept for its resumption
    await changes.reach(3);
    b.server.notifyListChanged('tools');
    await changes.reach(4);
    await client.listTools(); // a round trip after the last one: a duplicate would have arrived by now
    expect(changes.count).toBe(4);
  });

  it('the official client resumes its GET stream twice in a row as instances die, before any new event', async () => {
    const [a, b, c] = (await start(3)) as [StreamInstance, StreamInstance, StreamInstance];
    const order = [a, b, c];
    let getTo = 0;
    const route = routed((method) => (method === 'POST' ? c : (order[getTo] as StreamInstance)));
    // The client's GET streams, watched: resolves each time one of them delivers an event id.
    const ids = counter();
    const fetchVia = async (input: string | URL | Request, init?: RequestInit) => {
      const response = await route(input, init);
      if ((init?.method ?? 'GET') !== 'GET' || response.body === null) return response;
      const watch = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (new TextDecoder().decode(chunk).includes('id: ')) ids.hit();
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body.pipeThrough(watch), response);
    };
    const { client, changes, sessionId } = await connect(a.url, fetchVia);
    const holder = () => c.scaleOut.eventStore.leases.holder(sessionId, 's');
    // A dies: the client resumes on B. B dies before any event on that stream: the client must still
    // resume (on C) with an id, not open a fresh stream that B's unexpired lease would refuse.
    for (const [dying, next] of [
      [a, 1],
      [b, 2],
    ] as const) {
      await ids.reach(next); // the stream on `dying` gave the client its id (priming, or the repeated one)
      const before = await holder();
      getTo = next;
      await dying.die();
      await vi.waitFor(async () => expect(await holder()).not.toBe(before), { interval: 10, timeout: 3_000 });
    }
    c.server.notifyListChanged('tools');
    await changes.reach(1);
    await client.listTools();
    expect(changes.count).toBe(1);
  });

  it('after an instance dies, a fresh GET (no Last-Event-ID) is refused until its lease lapses, then carries new events once', async () => {
    const [a, b] = await two({ streamLeaseMs: 600 });
    const sessionId = await openSession(b.url);
    const onA = new SseReader(await getStream(a.url, sessionId));
    await onA.next();
    await a.die();

    const refused = await getStream(b.url, sessionId);
    expect(refused.status).toBe(409);
    await refused.body?.cancel();
    // Served once the dead instance's lease lapsed (within getStreamOnceFree's bound), not before.
    const fresh = await getStreamOnceFree(b.url, sessionId);
    const onB = new SseReader(fresh);
    const priming = await onB.next();
    b.server.notifyListChanged('tools');
    const first = await onB.nextMessage();
    expect(first?.message.method).toBe('notifications/tools/list_changed');
    expect(seqOf(first?.id)).toBeGreaterThan(seqOf(priming?.id));
    await onB.cancel();
  });
});
