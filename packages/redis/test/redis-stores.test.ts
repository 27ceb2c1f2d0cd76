import type { JsonRpcMessage } from '@decorum/protocol';
import { InMemorySessionStore } from '@decorum/protocol/scale-out';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisConnection } from '../src/redis-connection.js';
import { RedisEventStore } from '../src/redis-event-store.js';
import { RedisNotificationBus } from '../src/redis-notification-bus.js';
import { RedisRequestStateKeys } from '../src/redis-request-state-keys.js';
import { RedisSessionStore } from '../src/redis-session-store.js';
import { SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis store tests skipped: ${SKIP_REASON}`);

/** The number in an event id (Redis numbers a session's events from its clock, in µs). */
const seqOf = (id: string) => Number(id.slice(id.lastIndexOf('.') + 1));

const note = (n: number): JsonRpcMessage => ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } });

describe.skipIf(!TEST_REDIS_URL)('Redis stores against a real Redis', () => {
  const connections: RedisConnection[] = [];
  const connect = () => {
    const connection = new RedisConnection({ url: TEST_REDIS_URL as string });
    connections.push(connection);
    return connection;
  };
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
  });

  it('event store: numbers events per session, replays one stream after an id, from another connection', async () => {
    const keyPrefix = uniquePrefix();
    const a = new RedisEventStore(connect(), { keyPrefix });
    const b = new RedisEventStore(connect(), { keyPrefix });
    const priming = await a.append('s1', 'p1', null);
    const first = await a.append('s1', 'p1', note(1));
    await a.append('s1', 'p2', note(99)); // another stream of the same session
    const second = await b.append('s1', 'p1', note(2));
    // Numbered in one sequence per session, whichever connection appends; each id names its stream.
    expect([priming, first, second].map((id) => id.slice(0, 3))).toEqual(['p1.', 'p1.', 'p1.']);
    expect(seqOf(first)).toBeGreaterThan(seqOf(priming));
    expect(seqOf(second)).toBeGreaterThan(seqOf(first) + 1); // the p2 event took a number between
    expect(await b.replayAfter('s1', priming)).toEqual({
      streamId: 'p1',
      events: [
        { id: first, message: note(1) },
        { id: second, message: note(2) },
      ],
    });
    expect(await b.replayAfter('s1', second)).toEqual({ streamId: 'p1', events: [] });
    expect(await b.replayAfter('s1', `p1.${seqOf(second) + 1}`)).toBeUndefined(); // never issued
    expect(await b.replayAfter('other', 'p1.1')).toBeUndefined();
    expect(await b.replayAfter('s1', 'garbage')).toBeUndefined();
    await b.deleteSession('s1');
    expect(await a.replayAfter('s1', priming)).toBeUndefined();
  });

  it('event store: appendOnce appends a broadcast once per session, whichever instance tries', async () => {
    const keyPrefix = uniquePrefix();
    const a = new RedisEventStore(connect(), { keyPrefix });
    const b = new RedisEventStore(connect(), { keyPrefix });
    const start = await a.append('s1', 's', null);
    const results = await Promise.all([a.appendOnce('s1', 's', note(1), 'k1'), b.appendOnce('s1', 's', note(1), 'k1')]);
    expect(results.filter((id) => id !== undefined)).toHaveLength(1);
    const winner = results.find((id) => id !== undefined) as string;
    const next = (await a.appendOnce('s1', 's', note(2), 'k2')) as string;
    expect(seqOf(next)).toBeGreaterThan(seqOf(winner));
    expect((await b.replayAfter('s1', start))?.events.map((e) => e.message)).toEqual([note(1), note(2)]);
  });

  it('event store: numbers keep growing when the counter went back (Redis restored from an older snapshot)', async () => {
    const keyPrefix = uniquePrefix();
    const connection = connect();
    const store = new RedisEventStore(connection, { keyPrefix });
    const first = await store.append('s1', 's', null);
    const sent = await store.append('s1', 's', note(1));
    // The counter as an older snapshot had it, behind the ids already sent.
    await connection.run('rewind', (client) => client.set(`${keyPrefix}events:s1:seq`, String(seqOf(first) - 5)));
    const next = await store.append('s1', 's', note(2));
    expect(seqOf(next)).toBeGreaterThan(seqOf(sent));
    expect((await store.replayAfter('s1', sent))?.events.map((e) => e.message)).toEqual([note(2)]);
  });

  it('event store: keeps the newest maxEventsPerSession events, and no older than maxAgeMs', async () => {
    const keyPrefix = uniquePrefix();
    const store = new RedisEventStore(connect(), { keyPrefix, maxEventsPerSession: 3 });
    const start = await store.append('s1', 'p', null);
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await store.append('s1', 'p', note(n)));
    expect((await store.replayAfter('s1', start))?.events.map((e) => e.id)).toEqual(ids.slice(2));
    const aged = new RedisEventStore(connect(), { keyPrefix, maxAgeMs: -1 });
    expect(await aged.replayAfter('s1', start)).toEqual({ streamId: 'p', events: [] });
  });

  it('session store: round-trips a session between connections, with an expiry, and deletes it', async () => {
    const keyPrefix = uniquePrefix();
    const connection = connect();
    const a = new RedisSessionStore(connection, { keyPrefix, ttlSeconds: 60 });
    const b = new RedisSessionStore(connect(), { keyPrefix, ttlSeconds: 60 });
    const stored = {
      state: {
        protocolVersion: '2025-11-25',
        clientCapabilities: { sampling: {} },
        clientInfo: { name: 'c', version: '1' },
        logLevel: 'debug' as const,
        subscriptions: ['test://watched-resource'],
      },
      owner: 'alice',
    };
    await a.set('id-1', stored);
    const { revision, ...fromRedis } = (await b.get('id-1')) ?? {};
    expect(fromRedis).toEqual(stored);
    expect(revision).toBeGreaterThan(0);
    // Same answers as the in-memory model (whose revisions count from 1).
    const model = new InMemorySessionStore();
    await model.set('id-1', stored);
    expect(fromRedis).toEqual(await model.get('id-1'));
    const ttl = await connection.run('ttl', (client) => client.ttl(`${keyPrefix}session:id-1`));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    await b.delete('id-1');
    expect(await a.get('id-1')).toBeUndefined();
    expect(await a.get('never')).toBeUndefined();
  });

  it('notification bus: reaches the other instances, not the publisher itself', async () => {
    const keyPrefix = uniquePrefix();
    const buses = [0, 1, 2].map(() => new RedisNotificationBus(connect(), { keyPrefix }));
    const seen: unknown[][] = [[], [], []];
    const waiters: (() => void)[] = [];
    for (const [i, bus] of buses.entries()) {
      bus.subscribe((message) => {
        seen[i]?.push(message);
        for (const wake of waiters.splice(0)) wake();
      });
    }
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    await Promise.all(buses.map((bus) => bus.ready()));
    const message = { type: 'resourceUpdated' as const, id: 'x1', uri: 'test://r' };
    const wake = { type: 'wake' as const, sessionId: 's' };
    await buses[0]?.publish(message);
    await buses[1]?.publish(wake);
    // Redis delivers one channel in order: once bus 0 has bus 1's wake, its own message would have come first.
    await until(() => seen[0]?.length === 1 && seen[2]?.length === 2 && seen[1]?.length === 1);
    expect(seen).toEqual([[wake], [message], [message, wake]]);
  });

  it('requestState keys: every instance gets the same key; rotation keeps the previous one', async () => {
    const keyPrefix = uniquePrefix();
    const a = new RedisRequestStateKeys(connect(), { keyPrefix });
    const b = new RedisRequestStateKeys(connect(), { keyPrefix });
    const [fromA, fromB] = await Promise.all([a.source(), b.source()]);
    expect(fromA).toHaveLength(1);
    expect(fromA).toEqual(fromB);
    expect((fromA[0] as Uint8Array).byteLength).toBe(32);
    await a.rotate();
    const rotated = await b.source();
    expect(rotated).toHaveLength(2);
    expect(rotated[1]).toEqual(fromA[0]);
  });
});
