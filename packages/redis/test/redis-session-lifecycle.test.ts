// #19 items 1, 2, 3, 8: the life of one legacy session served by several instances sharing a real
// Redis, over real HTTP — created whole, answered once durable, changed field by field, deleted
// everywhere before the DELETE is answered.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialize, initializeRequest, legacyHeaders, legacyPost } from '../../protocol/test/support/raw-http.js';
import { type Instance, legacyRequest, startInstance } from './support/instances.js';
import { SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis session lifecycle tests skipped: ${SKIP_REASON}`);

describe.skipIf(!TEST_REDIS_URL)('a legacy session across instances (real Redis, real HTTP)', () => {
  const running: Instance[] = [];
  const start = async (keyPrefix: string) => {
    const instance = await startInstance({ url: TEST_REDIS_URL as string, keyPrefix });
    running.push(instance);
    return instance;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((instance) => instance.close()));
  });

  it('serves concurrent first requests on a fresh instance from one restore, with no 5xx', async () => {
    const keyPrefix = uniquePrefix();
    const a = await start(keyPrefix);
    const b = await start(keyPrefix);
    const loads = vi.spyOn(b.scaleOut.sessionStore, 'get');
    const statuses: number[] = [];
    const texts: string[] = [];
    for (let s = 0; s < 10; s++) {
      const { sessionId } = await initialize(a.url);
      // A burst of first requests for a session B has never seen: each one would restore it.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          legacyRequest(b.url, sessionId as string, 10 + i, 'tools/call', {
            name: 'echo',
            arguments: { text: `${i}` },
          }),
        ),
      );
      for (const [i, answer] of answers.entries()) {
        statuses.push(answer.status);
        const result = answer.message?.result as { content: { text: string }[] } | undefined;
        if (result?.content[0]?.text === `${i}`) texts.push(`${i}`);
      }
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(texts).toHaveLength(200);
    // One load from the store per session, however many requests arrived together.
    expect(loads).toHaveBeenCalledTimes(10);
  });

  it('answers initialize only once the session is stored: the next request, on another instance, finds it', async () => {
    const keyPrefix = uniquePrefix();
    const a = await start(keyPrefix);
    const b = await start(keyPrefix);
    // A's writes take a while to reach Redis (a remote Redis, a busy network): latency, not synchronisation.
    const store = a.scaleOut.sessionStore as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const method of ['update', 'set'].filter((name) => typeof store[name] === 'function')) {
      const original = (store[method] as (...args: unknown[]) => Promise<unknown>).bind(store);
      store[method] = async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return original(...args);
      };
    }
    const statuses: number[] = [];
    for (let s = 0; s < 10; s++) {
      const response = await legacyPost(a.url, undefined, initializeRequest());
      await response.json();
      const sessionId = response.headers.get('mcp-session-id') as string;
      // Straight to B, as a non-sticky balancer may: no waiting for a background write.
      statuses.push((await legacyRequest(b.url, sessionId, 2, 'ping')).status);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('keeps every subscription made one after another on alternating instances (official SDK client)', async () => {
    const keyPrefix = uniquePrefix();
    const a = await start(keyPrefix);
    const b = await start(keyPrefix);
    const instances = [a, b];
    let next = 0;
    // A round-robin balancer: every HTTP request goes to the next instance, whatever the client thinks.
    const roundRobin = (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      url.host = (instances[next++ % instances.length] as Instance).url.host;
      return fetch(url, init);
    };
    const client = new Client({ name: 'sdk', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(a.url, { fetch: roundRobin }));
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId as string;
    const uris = Array.from({ length: 12 }, (_, i) => `test://r/${i}`);
    try {
      for (const uri of uris) await client.subscribeResource({ uri });
      await client.setLoggingLevel('warning');
      await client.unsubscribeResource({ uri: 'test://r/0' });
      await client.unsubscribeResource({ uri: 'test://r/5' });
    } finally {
      await client.close();
    }
    const stored = await a.scaleOut.sessionStore.get(sessionId);
    const kept = uris.filter((uri) => uri !== 'test://r/0' && uri !== 'test://r/5');
    expect([...(stored?.state.subscriptions ?? [])].sort()).toEqual([...kept].sort());
    expect(stored?.state.logLevel).toBe('warning');
  });

  it('ends a session everywhere before the DELETE is answered: no instance serves it afterwards', async () => {
    const keyPrefix = uniquePrefix();
    const a = await start(keyPrefix);
    const b = await start(keyPrefix);
    const c = await start(keyPrefix);
    const after: number[] = [];
    for (let s = 0; s < 20; s++) {
      const { sessionId } = await initialize(a.url);
      const id = sessionId as string;
      expect((await legacyRequest(b.url, id, 2, 'ping')).status).toBe(200); // B holds a copy now
      const deleted = await fetch(a.url, { method: 'DELETE', headers: legacyHeaders(id) });
      expect(deleted.status).toBe(200);
      const answers = await Promise.all([b, c, a].map((instance) => legacyRequest(instance.url, id, 3, 'ping')));
      after.push(...answers.map((answer) => answer.status));
    }
    expect(after.filter((status) => status !== 404)).toEqual([]);
  });
});
