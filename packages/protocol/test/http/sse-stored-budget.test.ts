// What an SSE stream keeps for a client that does not read stays within the stream's budget: log and progress
// notifications the stream drops (the client fell behind past `maxStreamBufferBytes`) are not stored for
// resumption either. Measured in bytes handed to the event store, over real HTTP (a 2025-11-25 session's POST
// stream), never in time.
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryEventStore, type JsonRpcMessage, ProtocolServer } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';
import { legacyPost, openSession, SseReader } from '../support/raw-http.js';

const CAP = 1024 * 1024; // the stream's budget in this test: 1 MiB
const EVENTS = 200; // × 16 KiB: 3.2 MiB of logs, over three times the budget
// What left the queue before the client stopped: the adapter's first read, the socket's and the kernel's buffers.
const IN_FLIGHT = CAP;

/** An event store that counts the bytes of the log notifications it is given. */
class CountingStore extends InMemoryEventStore {
  logBytes = 0;
  override append(sessionId: string, streamId: string, message: JsonRpcMessage | JsonRpcMessage[] | null) {
    if (
      message !== null &&
      !Array.isArray(message) &&
      'method' in message &&
      message.method === 'notifications/message'
    ) {
      this.logBytes += JSON.stringify(message).length;
    }
    return super.append(sessionId, streamId, message);
  }
}

function floodServer(flooded: () => void): ProtocolServer {
  const server = new ProtocolServer({ serverInfo: { name: 'flood', version: '1.0.0' } });
  server.setTools({
    list: () => [{ name: 'flood', inputSchema: { type: 'object' } }],
    async call(_params, ctx) {
      for (let i = 0; i < EVENTS; i++) await ctx.log('info', `${String(i).padStart(6, '0')}${'x'.repeat(16 * 1024)}`);
      flooded();
      return { content: [{ type: 'text', text: 'flooded' }] };
    },
  });
  return server;
}

const servings: HttpServing[] = [];
afterEach(async () => {
  await Promise.all(servings.splice(0).map((s) => s.close()));
});

async function start(
  store = new CountingStore({ maxEventsPerSession: 10_000 }),
  streamCap = CAP,
): Promise<{ url: URL; store: CountingStore; flooded: Promise<void> }> {
  let done!: () => void;
  const flooded = new Promise<void>((resolve) => {
    done = resolve;
  });
  const serving = await serveHttp(floodServer(done), { port: 0, eventStore: store, maxStreamBufferBytes: streamCap });
  servings.push(serving);
  return { url: serving.url, store, flooded };
}

describe('SSE to a client that does not read: bytes kept stay within the stream budget', () => {
  it('a POST stream (2025-11-25): dropped logs are not stored either', async () => {
    const { url, store, flooded } = await start();
    const session = await openSession(url);
    await (
      await legacyPost(url, session, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'debug' } })
    ).body?.cancel();
    // The answer's headers arrive; its body is never read.
    const call = await legacyPost(url, session, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'flood', arguments: {} },
    });
    expect(call.headers.get('content-type')).toContain('text/event-stream');
    await flooded;
    expect(store.logBytes).toBeGreaterThan(0);
    expect(store.logBytes).toBeLessThanOrEqual(CAP + IN_FLIGHT);
    await call.body?.cancel();
  });

  it('a client that reads: what is kept for its resumption stays within the per-session byte budget', async () => {
    // The default store keeps 8 MiB per session (the default stream budget); here 1 MiB, and a stream budget that
    // holds the whole flood, so nothing is dropped and the client reads all of it.
    const { url, store, flooded } = await start(new CountingStore({ maxBytesPerSession: CAP }), 8 * CAP);
    const session = await openSession(url);
    await (
      await legacyPost(url, session, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'debug' } })
    ).body?.cancel();
    const call = await legacyPost(url, session, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'flood', arguments: {} },
    });
    const sse = new SseReader(call);
    const ids: string[] = [];
    let read = 0;
    for (;;) {
      const event = await sse.next();
      if (event === undefined) break;
      if (event.id !== undefined) ids.push(event.id);
      read += event.data.length;
      if (event.data.includes('"id":3')) break;
    }
    await flooded;
    expect(read).toBeGreaterThan(2 * CAP); // it read more than the store may keep
    // Everything replayable after the first event is what the store kept for this session.
    const kept = await store.replayAfter(session, ids[0] as string);
    const bytes = (kept?.events ?? []).reduce((sum, e) => sum + JSON.stringify(e.message).length, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(CAP);
  });
});
