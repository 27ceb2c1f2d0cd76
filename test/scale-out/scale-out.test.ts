// Acceptance of @decorum/redis: three instances of examples/everything (separate processes, port 0,
// REDIS_URL set) behind a round-robin "load balancer", coordinated only through a real Redis.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  legacyHeaders,
  modernPost,
  responseMessage,
  SseReader,
} from '../../packages/protocol/test/support/raw-http.js';
import { SKIP_REASON } from '../../packages/redis/test/support/redis-server.js';
import { type Instance, kill, legacyCall, startInstance, stop, TEST_REDIS_URL } from './scale-out-support.js';

if (!TEST_REDIS_URL) console.warn(`scale-out e2e skipped: ${SKIP_REASON}`);

describe.skipIf(!TEST_REDIS_URL)('three instances of examples/everything sharing one Redis', () => {
  let instances: Instance[] = [];
  const [a, b, c] = [0, 1, 2].map((i) => () => instances[i] as Instance);

  beforeAll(async () => {
    instances = await Promise.all(['A', 'B', 'C'].map((name) => startInstance(name, TEST_REDIS_URL as string)));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => stop(instance)));
  });

  /** Opens a legacy session on `first`, answering initialize and notifications/initialized there. */
  async function openSession(first: Instance): Promise<string> {
    const init = await legacyCall(first.url, undefined, 1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'scale-out-test', version: '1.0.0' },
    });
    const sessionId = init.response.headers.get('mcp-session-id') as string;
    expect(sessionId).toBeTruthy();
    const initialized = await fetch(first.url, {
      method: 'POST',
      headers: legacyHeaders(sessionId),
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(initialized.status).toBe(202);
    return sessionId;
  }

  it("serves one legacy session's calls from all three instances (official SDK client, round-robin)", async () => {
    const served: Record<string, number> = { A: 0, B: 0, C: 0 };
    let next = 0;
    // The load balancer: every HTTP request goes to the next instance, whatever the client thinks.
    const roundRobin = (input: string | URL | Request, init?: RequestInit) => {
      const target = instances[next++ % instances.length] as Instance;
      served[target.name] = (served[target.name] ?? 0) + 1;
      const url = new URL(input instanceof Request ? input.url : String(input));
      const to = new URL(target.url);
      url.host = to.host;
      return fetch(url, init);
    };
    const client = new Client({ name: 'scale-out-sdk', version: '1.0.0' });
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    await client.connect(new StreamableHTTPClientTransport(new URL(a().url), { fetch: roundRobin }));
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain('scale_out_touch');
      // The level set through one instance holds on the others (shared session state).
      await client.setLoggingLevel('info');
      for (let i = 0; i < 3; i++) {
        const text = await client.callTool({ name: 'test_simple_text', arguments: {} });
        expect(text.isError).not.toBe(true);
      }
      await client.subscribeResource({ uri: 'test://watched-resource' });
      const read = await client.readResource({ uri: 'test://watched-resource' });
      expect(read.contents[0]).toMatchObject({ text: 'Watched resource content' });
      const logged = await client.callTool({ name: 'test_logging_tool', arguments: {} });
      expect(logged.content).toEqual([{ type: 'text', text: 'Logging evaluated' }]);
      expect(logs).toContainEqual(
        expect.objectContaining({ level: 'info', data: 'Diagnostic trace logging activated' }),
      );
    } finally {
      await client.close();
    }
    expect(served.A).toBeGreaterThanOrEqual(3);
    expect(served.B).toBeGreaterThanOrEqual(3);
    expect(served.C).toBeGreaterThanOrEqual(3);
  });

  it('delivers a resource update published on instance A to a subscriptions/listen stream on instance C', async () => {
    const uri = `test://scale-out/${crypto.randomUUID()}`;
    const listen = await modernPost(c().url, 1, 'subscriptions/listen', {
      notifications: { resourceSubscriptions: [uri] },
    });
    expect(listen.status).toBe(200);
    const stream = new SseReader(listen);
    const ack = await stream.nextMessage();
    expect(ack?.message.method).toBe('notifications/subscriptions/acknowledged');
    // Published by a tool running on A (a modern call, no session at all).
    const touched = await responseMessage(
      await modernPost(a().url, 2, 'tools/call', { name: 'scale_out_touch', arguments: { uri } }),
      2,
    );
    expect(touched.result?.content?.[0]?.text).toContain(`touched ${uri}`);
    const update = await stream.nextMessage();
    expect(update?.message).toMatchObject({ method: 'notifications/resources/updated', params: { uri } });
    expect(update?.message.params._meta['io.modelcontextprotocol/subscriptionId']).toBe(1);
    await stream.cancel();
  });

  it('completes an MRTR retry on a different instance from the first round (shared requestState keys)', async () => {
    const name = 'test_input_required_result_request_state';
    const first = await responseMessage(await modernPost(a().url, 1, 'tools/call', { name, arguments: {} }), 1);
    expect(first.result?.resultType).toBe('input_required');
    expect(typeof first.result.requestState).toBe('string');
    const [key] = Object.keys(first.result.inputRequests);
    const retry = await responseMessage(
      await modernPost(b().url, 2, 'tools/call', {
        name,
        arguments: {},
        inputResponses: { [key as string]: { action: 'accept', content: { ok: true } } },
        requestState: first.result.requestState,
      }),
      2,
    );
    expect(retry.error).toBeUndefined();
    expect(retry.result?.content).toEqual([{ type: 'text', text: 'state-ok: requestState validated' }]);
  });

  // Last: it kills instance A.
  it('resumes a GET stream on another instance after its instance is killed mid-stream, losing no event', async () => {
    const uris = [1, 2, 3, 4, 5].map((n) => `test://scale-out/${crypto.randomUUID()}/${n}`);
    const sessionId = await openSession(a());
    let id = 10;
    for (const uri of uris) {
      const subscribed = await legacyCall(b().url, sessionId, id++, 'resources/subscribe', { uri });
      expect(subscribed.message.error).toBeUndefined();
    }
    const touch = async (on: Instance, uri: string) => {
      const { message } = await legacyCall(on.url, sessionId, id++, 'tools/call', {
        name: 'scale_out_touch',
        arguments: { uri },
      });
      expect(message.result?.content?.[0]?.text).toContain(`touched ${uri}`);
    };

    // The GET stream lives on A; the updates are published by B and C.
    const get = await fetch(a().url, { headers: { accept: 'text/event-stream', ...legacyHeaders(sessionId) } });
    expect(get.status).toBe(200);
    const onA = new SseReader(get);
    const priming = await onA.next();
    expect(priming?.id).toBeTruthy();
    const received: { id?: string; uri: string }[] = [];
    await touch(b(), uris[0] as string);
    await touch(c(), uris[1] as string);
    for (let i = 0; i < 2; i++) {
      const event = await onA.nextMessage();
      received.push({ id: event?.id, uri: event?.message.params.uri });
    }

    // A dies mid-stream; two more updates are published while the client has no stream at all.
    await kill(a());
    expect(await onA.next().catch(() => undefined)).toBeUndefined();
    await touch(b(), uris[2] as string);
    await touch(c(), uris[3] as string);

    // The client resumes on C from the last event it saw.
    const lastSeen = received.at(-1)?.id as string;
    const resumed = await fetch(c().url, {
      headers: { accept: 'text/event-stream', 'last-event-id': lastSeen, ...legacyHeaders(sessionId) },
    });
    expect(resumed.status).toBe(200);
    const onC = new SseReader(resumed);
    for (let i = 0; i < 2; i++) {
      const event = await onC.nextMessage();
      received.push({ id: event?.id, uri: event?.message.params.uri });
    }
    // And the stream carries on live on C.
    await touch(b(), uris[4] as string);
    const live = await onC.nextMessage();
    received.push({ id: live?.id, uri: live?.message.params.uri });
    await onC.cancel();

    expect(received.map((e) => e.uri)).toEqual(uris);
    const seqs = received.map((e) => Number(String(e.id).split('.').pop()));
    expect(new Set(received.map((e) => e.id)).size).toBe(5);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
  });
});
