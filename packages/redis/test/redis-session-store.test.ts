// The Redis session store written per field (#19 item 2): concurrent changes from several
// connections all survive, a deleted session stays deleted, and a 0.1.0 session (one JSON string)
// is read and converted. Every answer matches the in-memory model.
import { InMemorySessionStore, type SessionChange } from '@decorum/protocol/scale-out';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisConnection } from '../src/redis-connection.js';
import { RedisSessionStore } from '../src/redis-session-store.js';
import { SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis session store tests skipped: ${SKIP_REASON}`);

const start: SessionChange = {
  fields: {
    protocolVersion: '2025-11-25',
    clientCapabilities: { roots: {} },
    clientInfo: { name: 'c', version: '1' },
    owner: 'alice',
  },
};

describe.skipIf(!TEST_REDIS_URL)('RedisSessionStore against a real Redis', () => {
  const connections: RedisConnection[] = [];
  const store = (keyPrefix: string) => {
    const connection = new RedisConnection({ url: TEST_REDIS_URL as string });
    connections.push(connection);
    return { connection, store: new RedisSessionStore(connection, { keyPrefix, ttlSeconds: 60 }) };
  };
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
  });

  it('keeps every change made at once from different connections, like the in-memory model', async () => {
    const keyPrefix = uniquePrefix();
    const [a, b, c] = [store(keyPrefix), store(keyPrefix), store(keyPrefix)];
    const model = new InMemorySessionStore();
    const first = await a.store.update('s', start, true);
    await model.update('s', start, true);
    const changes: SessionChange[] = [
      ...Array.from({ length: 30 }, (_, i) => ({ subscribe: [`test://r/${i}`] })),
      { fields: { logLevel: 'debug' as const } },
      { unsubscribe: ['test://r/3'] },
    ];
    const writers = [a, b, c];
    await Promise.all(changes.slice(0, 30).map((change, i) => writers[i % 3]?.store.update('s', change)));
    for (const change of changes.slice(30)) await b.store.update('s', change);
    for (const change of changes) await model.update('s', change);
    const { revision, ...stored } = (await c.store.get('s')) ?? { state: undefined };
    const { revision: modelRevision, ...expected } = (await model.get('s')) ?? { state: undefined };
    expect(modelRevision).toBe(33);
    expect(revision).toBeGreaterThanOrEqual((first?.revision ?? 0) + 32);
    expect({ ...stored, state: { ...stored.state, subscriptions: stored.state?.subscriptions.sort() } }).toEqual({
      ...expected,
      state: { ...expected.state, subscriptions: expected.state?.subscriptions.sort() },
    });
    const ttl = await a.connection.run('ttl', (client) => client.ttl(`${keyPrefix}session:s:subs`));
    expect(ttl).toBeGreaterThan(0);
  });

  it('keeps revisions growing across a loss of the data (copies elsewhere take the new state)', async () => {
    const keyPrefix = uniquePrefix();
    const { store: sessions, connection } = store(keyPrefix);
    const before = await sessions.update('s', { ...start, subscribe: ['test://a'] }, true);
    await sessions.update('s', { subscribe: ['test://b'] });
    await connection.run('lose', (client) => client.del([`${keyPrefix}session:s`, `${keyPrefix}session:s:subs`]));
    const after = await sessions.update('s', { ...start, subscribe: ['test://a'] }, true);
    expect(after?.revision).toBeGreaterThan((before?.revision ?? 0) + 1);
  });

  it('writes nothing for a change to a session it does not have (no half session), like the model', async () => {
    const keyPrefix = uniquePrefix();
    const { store: sessions, connection } = store(keyPrefix);
    const model = new InMemorySessionStore();
    for (const each of [sessions, model]) {
      const answer = await each.update('gone', { subscribe: ['test://a'] });
      expect(answer?.state.protocolVersion).toBe('');
      expect(await each.get('gone')).toBeUndefined();
    }
    expect(await connection.run('keys', (client) => client.exists([`${keyPrefix}session:gone`]))).toBe(0);
  });

  it('adds a whole rewrite to what another instance rewrote meanwhile (after a data loss): no subscription lost', async () => {
    const { store: sessions } = store(uniquePrefix());
    const model = new InMemorySessionStore();
    for (const each of [sessions, model]) {
      await each.update('s', { ...start, subscribe: ['test://a'] }, true); // instance A stores its copy again
      await each.update('s', { ...start, subscribe: ['test://b'] }, true); // B, whose copy has not heard of a yet
      expect((await each.get('s'))?.state.subscriptions.sort()).toEqual(['test://a', 'test://b']);
    }
  });

  it('touch refreshes the expiry of both keys', async () => {
    const keyPrefix = uniquePrefix();
    const { store: sessions, connection } = store(keyPrefix);
    await sessions.update('s', { ...start, subscribe: ['test://a'] }, true);
    const keys = [`${keyPrefix}session:s`, `${keyPrefix}session:s:subs`];
    for (const key of keys) await connection.run('shorten', (client) => client.expire(key, 5));
    await sessions.touch('s');
    for (const key of keys) {
      expect(await connection.run('ttl', (client) => client.ttl(key))).toBeGreaterThan(50);
    }
  });

  it('leaves a deleted session deleted: no get finds it, no update revives it', async () => {
    const keyPrefix = uniquePrefix();
    const { store: sessions, connection } = store(keyPrefix);
    await sessions.update('s', { ...start, subscribe: ['test://a'] }, true);
    await sessions.delete('s');
    expect(await sessions.get('s')).toBeUndefined();
    expect(await sessions.update('s', { subscribe: ['test://b'] })).toBeUndefined();
    expect(await sessions.update('s', start, true)).toBeUndefined();
    expect(await sessions.get('s')).toBeUndefined();
    expect(
      await connection.run('keys', (client) => client.exists([`${keyPrefix}session:s`, `${keyPrefix}session:s:subs`])),
    ).toBe(0);
  });

  it('reads a session saved by 0.1.0 (one JSON string) and converts it on its next write', async () => {
    const keyPrefix = uniquePrefix();
    const { store: sessions, connection } = store(keyPrefix);
    const old = {
      state: {
        protocolVersion: '2025-06-18',
        clientCapabilities: { sampling: {} },
        logLevel: 'info',
        subscriptions: ['test://a'],
      },
      owner: 'bob',
    };
    await connection.run('seed', (client) => client.set(`${keyPrefix}session:old`, JSON.stringify(old)));
    expect(await sessions.get('old')).toEqual(old);
    const updated = await sessions.update('old', { subscribe: ['test://b'] });
    expect(updated).toEqual({
      state: { ...old.state, subscriptions: ['test://a', 'test://b'] },
      owner: 'bob',
      revision: expect.any(Number),
    });
    expect(await connection.run('type', (client) => client.type(`${keyPrefix}session:old`))).toBe('hash');
  });
});
