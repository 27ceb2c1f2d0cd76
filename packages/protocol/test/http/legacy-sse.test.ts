import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LegacySseEndpoint, type LegacySseOptions } from '../../src/http/legacy-sse.js';
import type { ProtocolServer, ServerSession } from '../../src/index.js';
import { createFixtureServer, type FixtureProbe } from '../fixtures/fixture-server.js';
import { type ServedHandler, serveOnFreePort } from '../node/web-handlers.js';
import { createSdkClient, pinVersion } from '../support/sdk-client.js';

const BASE = 'http://mcp.test';
type Message = Record<string, any>;
interface SseEvent {
  event?: string;
  data?: string;
  comment?: string;
}

/** Reads SSE events straight off the response body (no pipe, so cancel() reaches the source at once). */
class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event or comment; undefined when the stream ended. */
  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) event.comment = line.slice(1).trim();
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) event.data = line.slice(6);
        }
        return event;
      }
      const { done, value } = await this.reader.read();
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** The next `message` event's JSON-RPC message. */
  async message(): Promise<Message> {
    const event = await this.next();
    expect(event?.event).toBe('message');
    return JSON.parse(event?.data ?? 'null');
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

const sseRequest = (init: RequestInit = {}, path = '/sse') =>
  new Request(`${BASE}${path}`, { headers: { accept: 'text/event-stream' }, ...init });

/** Opens a stream and reads its endpoint event; `post` sends to the announced URI. */
async function open(endpoint: LegacySseEndpoint, init?: RequestInit) {
  const response = (await endpoint.handle(sseRequest(init)))!;
  expect(response.status).toBe(200);
  const events = new SseReader(response.body!);
  const first = await events.next();
  expect(first?.event).toBe('endpoint');
  const messagesUri = first!.data!;
  const post = async (body: BodyInit, headers: Record<string, string> = {}) =>
    (await endpoint.handle(
      new Request(new URL(messagesUri, BASE), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        duplex: 'half',
      } as RequestInit),
    ))!;
  const request = async (id: number, method: string, params?: Message) => {
    const accepted = await post(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe('');
    return events.message();
  };
  const initialize = () =>
    request(0, 'initialize', {
      protocolVersion: '2024-11-05',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
  return { response, events, messagesUri, post, request, initialize };
}

const onlySession = (server: ProtocolServer): ServerSession => [...server.connectedSessions][0];

describe('LegacySseEndpoint with plain Requests', () => {
  let endpoint: LegacySseEndpoint;
  let server: ProtocolServer;
  const make = (options: LegacySseOptions = {}) => {
    server = createFixtureServer();
    endpoint = new LegacySseEndpoint(server, { keepAliveMs: 0, ...options });
    return endpoint;
  };
  afterEach(async () => {
    vi.useRealTimers();
    await endpoint?.close();
  });

  it('opens an event stream that first announces the messages endpoint', async () => {
    const { response, messagesUri } = await open(make());
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('connection')).toBe('keep-alive');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(messagesUri).toMatch(/^\/messages\?sessionId=[0-9a-f]{32}$/);
    expect(server.connectedSessions.size).toBe(1);
  });

  it('gives every stream its own session id', async () => {
    make();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await open(endpoint)).messagesUri);
    expect(ids.size).toBe(5);
  });

  it('answers a POSTed initialize with an event on the stream, not on the POST', async () => {
    const session = await open(make());
    const response = await session.initialize(); // the POST got 202 with no body
    expect(response).toMatchObject({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2024-11-05' } });
    expect(response.result.serverInfo.name).toBe('fixture');
    expect(await session.request(2, 'tools/call', { name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      id: 2,
      result: { content: [{ type: 'text', text: 'hi' }] },
    });
  });

  it('falls through (undefined) for other paths', async () => {
    make();
    expect(await endpoint.handle(new Request(`${BASE}/mcp`, { method: 'POST' }))).toBeUndefined();
    expect(await endpoint.handle(sseRequest({}, '/sse/extra'))).toBeUndefined();
  });

  it('refuses with 400, 404, 405, 406 and 415', async () => {
    const session = await open(make());
    const noId = await endpoint.handle(new Request(`${BASE}/messages`, { method: 'POST', body: '{}' }));
    expect(noId?.status).toBe(400);
    const unknown = await endpoint.handle(
      new Request(`${BASE}/messages?sessionId=${'0'.repeat(32)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(unknown?.status).toBe(404);
    const postSse = await endpoint.handle(sseRequest({ method: 'POST', body: '{}' }));
    expect(postSse?.status).toBe(405);
    expect(postSse?.headers.get('allow')).toBe('GET');
    const getMessages = await endpoint.handle(new Request(`${BASE}/messages`));
    expect(getMessages?.status).toBe(405);
    expect(getMessages?.headers.get('allow')).toBe('POST');
    const json = await endpoint.handle(sseRequest({ headers: { accept: 'application/json' } }));
    expect(json?.status).toBe(406);
    expect((await endpoint.handle(sseRequest({ headers: {} })))?.status).toBe(406);
    expect((await session.post('{}', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await session.post('{}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(202);
  });

  it('serves both methods when both paths are the same', async () => {
    make({ ssePath: '/mcp', messagesPath: '/mcp' });
    const response = await endpoint.handle(sseRequest({}, '/mcp'));
    const events = new SseReader(response!.body!);
    expect((await events.next())?.data).toMatch(/^\/mcp\?sessionId=/);
    const del = await endpoint.handle(new Request(`${BASE}/mcp`, { method: 'DELETE' }));
    expect(del?.status).toBe(405);
    expect(del?.headers.get('allow')).toBe('GET, POST');
  });

  it('refuses bodies over maxBodyBytes by Content-Length, by counting, and when the length lies', async () => {
    const session = await open(make({ maxBodyBytes: 64 }));
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(100) } });
    expect((await session.post(big)).status).toBe(413);
    expect((await session.post(big, { 'content-length': '10' })).status).toBe(413);
    const bytes = new TextEncoder().encode(big);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 16) controller.enqueue(bytes.slice(i, i + 16));
        controller.close();
      },
    });
    expect((await session.post(chunked)).status).toBe(413);
    const exact = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }).padEnd(64, ' ');
    expect((await session.post(exact)).status).toBe(202);
    expect(await session.events.message()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it('answers invalid JSON with 400 and a -32700 error, and the session keeps working', async () => {
    const session = await open(make());
    for (const body of ['{"jsonrpc":', '', new Uint8Array([0x7b, 0xff, 0x7d])]) {
      const response = await session.post(body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const error = await response.json();
      expect(error).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    }
    // Nothing was sent on the stream for the bad bodies: the next events are these answers.
    expect((await session.initialize()).id).toBe(0);
    expect(await session.request(1, 'ping')).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('closes the session once when the client cancels the stream; later POSTs get 404', async () => {
    const session = await open(make());
    const engineSession = onlySession(server);
    let closes = 0;
    const handleClose = engineSession.handleClose.bind(engineSession);
    engineSession.handleClose = () => {
      closes++;
      handleClose();
    };
    await session.events.cancel();
    await engineSession.closed;
    expect(server.connectedSessions.size).toBe(0);
    expect(endpoint.sessionCount).toBe(0);
    expect((await session.post('{"jsonrpc":"2.0","id":1,"method":"ping"}')).status).toBe(404);
    await endpoint.close();
    expect(closes).toBe(1);
  });

  it('closes the session when the request signal aborts', async () => {
    make();
    const aborter = new AbortController();
    const session = await open(endpoint, { signal: aborter.signal });
    aborter.abort();
    expect(await session.events.next()).toBeUndefined();
    expect(server.connectedSessions.size).toBe(0);
    expect((await session.post('{}')).status).toBe(404);
  });

  it('close() ends every stream and refuses new ones', async () => {
    make();
    const a = await open(endpoint);
    const b = await open(endpoint);
    await endpoint.close();
    expect(await a.events.next()).toBeUndefined();
    expect(await b.events.next()).toBeUndefined();
    expect(server.connectedSessions.size).toBe(0);
    expect((await a.post('{}')).status).toBe(404);
    expect((await endpoint.handle(sseRequest()))?.status).toBe(503);
  });

  it('refuses streams past maxSessions with 503, and frees the slot when one closes', async () => {
    const first = await open(make({ maxSessions: 1 }));
    expect((await endpoint.handle(sseRequest()))?.status).toBe(503);
    await first.events.cancel();
    await open(endpoint);
  });

  it('sends keep-alive comments on an interval that ends with the stream', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const a = await open(make({ keepAliveMs: 1000 }));
    const b = await open(endpoint);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(await a.events.next()).toEqual({ comment: 'keep-alive' });
    await a.events.cancel();
    expect(vi.getTimerCount()).toBe(1);
    await endpoint.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(await b.events.next()).toEqual({ comment: 'keep-alive' });
  });

  it('rejects invalid options', () => {
    const server = createFixtureServer();
    expect(() => new LegacySseEndpoint(server, { ssePath: 'sse' })).toThrow(RangeError);
    expect(() => new LegacySseEndpoint(server, { maxBodyBytes: 0 })).toThrow(RangeError);
    expect(() => new LegacySseEndpoint(server, { maxSessions: 1.5 })).toThrow(RangeError);
    expect(() => new LegacySseEndpoint(server, { keepAliveMs: -1 })).toThrow(RangeError);
  });
});

describe('LegacySseEndpoint with the official SDK client over HTTP', () => {
  const SseClient = SSEClientTransport;
  const running: { endpoint: LegacySseEndpoint; http: ServedHandler }[] = [];
  afterEach(async () => {
    for (const { endpoint, http } of running.splice(0)) {
      await endpoint.close();
      await http.close();
    }
  });

  /** Serves `server` over real HTTP on a free port (through the node adapter); resolves with the SSE URL. */
  async function serve(server: ProtocolServer): Promise<URL> {
    const endpoint = new LegacySseEndpoint(server);
    const http = await serveOnFreePort(
      async (request) => (await endpoint.handle(request)) ?? new Response(null, { status: 404 }),
    );
    running.push({ endpoint, http });
    return new URL('/sse', http.url);
  }

  it('connects, pages through tools, calls echo, progress and sample, then closes', async () => {
    const server = createFixtureServer();
    const { client, record } = createSdkClient();
    await client.connect(pinVersion(new SseClient(await serve(server)), undefined, record));
    expect(client.getServerVersion()?.name).toBe('fixture');
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listTools({ cursor });
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(Math.ceil(names.length / 4));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(names).toContain('echo');
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hello' } })).toMatchObject({
      content: [{ type: 'text', text: 'hello' }],
    });
    const seen: number[] = [];
    const done = await client.callTool({ name: 'progress', arguments: {} }, undefined, {
      onprogress: (p) => seen.push(p.progress),
    });
    expect(done.content).toEqual([{ type: 'text', text: 'done' }]);
    // The SDK drops progress that it dispatches after the response (same chunk): read the wire.
    const wire = record.received.filter((m) => (m as Message).method === 'notifications/progress');
    expect(wire.map((m) => (m as Message).params.progress)).toEqual([1, 2, 3]);
    expect(await client.callTool({ name: 'sample', arguments: { prompt: 'ping' } })).toMatchObject({
      content: [{ type: 'text', text: 'model said: "echo:ping"' }],
    });
    const session = onlySession(server);
    const sessionClosed = session.closed;
    await client.close();
    await sessionClosed;
    expect(server.connectedSessions.size).toBe(0);
  });

  it('keeps two clients apart, one of them pinned to 2024-11-05', async () => {
    const server = createFixtureServer();
    const url = await serve(server);
    const a = createSdkClient();
    const b = createSdkClient();
    await a.client.connect(pinVersion(new SseClient(url), '2024-11-05', a.record));
    await b.client.connect(pinVersion(new SseClient(url), undefined, b.record));
    const versions = [...server.connectedSessions].map((session) => session.protocolVersion).sort();
    expect(versions).toEqual(['2024-11-05', '2025-11-25']);
    const [fromA, fromB, sampledB] = await Promise.all([
      a.client.callTool({ name: 'echo', arguments: { text: 'only-for-a' } }),
      b.client.callTool({ name: 'echo', arguments: { text: 'only-for-b' } }),
      b.client.callTool({ name: 'sample', arguments: { prompt: 'b-prompt' } }),
    ]);
    expect(fromA.content).toEqual([{ type: 'text', text: 'only-for-a' }]);
    expect(fromB.content).toEqual([{ type: 'text', text: 'only-for-b' }]);
    expect(sampledB.content).toEqual([{ type: 'text', text: 'model said: "echo:b-prompt"' }]);
    const seenByA = JSON.stringify(a.record.received);
    expect(seenByA).toContain('only-for-a');
    expect(seenByA).not.toMatch(/only-for-b|b-prompt/);
    expect(JSON.stringify(b.record.received)).not.toContain('only-for-a');
    await Promise.all([a.client.close(), b.client.close()]);
  });

  it('carries a cancellation POSTed while the call runs', async () => {
    const probe: FixtureProbe = { cancelled: [] };
    const { client } = createSdkClient();
    const transport = new SseClient(await serve(createFixtureServer(probe)));
    // POSTs travel on separate connections, so nothing orders them but waiting for each 202: once
    // it arrives, the engine has taken the message in.
    const waiters = new Map<string, (posted: Promise<void>) => void>();
    const send = transport.send.bind(transport);
    transport.send = (message) => {
      const posted = send(message);
      waiters.get((message as Message).method)?.(posted);
      return posted;
    };
    const accepted = (method: string) => new Promise<void>((resolve) => waiters.set(method, resolve));
    await client.connect(transport);
    const controller = new AbortController();
    const callAccepted = accepted('tools/call');
    const call = client.callTool({ name: 'wait-for-cancel', arguments: {} }, undefined, { signal: controller.signal });
    await callAccepted;
    const cancelAccepted = accepted('notifications/cancelled');
    controller.abort('stop');
    await expect(call).rejects.toThrow();
    await cancelAccepted;
    expect(probe.cancelled).toHaveLength(1);
    await client.close();
  });
});
