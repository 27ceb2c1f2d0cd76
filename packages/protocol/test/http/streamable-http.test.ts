// Raw Streamable HTTP behaviour of the Web-standard handler: every status code, sessions, SSE
// versus JSON answers, resumability, DNS-rebinding protection and stateless mode.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StreamableHttpHandler, type StreamableHttpOptions } from '../../src/index.js';
import { createFixtureServer, type FixtureProbe } from '../fixtures/fixture-server.js';
import { type ServedHandler, serveOnFreePort } from '../node/web-handlers.js';
import { ACCEPT_BOTH, SseReader } from '../support/raw-http.js';
import { initializeBody, MCP_URL, post } from './http-client.js';

const handlers: StreamableHttpHandler[] = [];
const listeners: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

/**
 * The same suite runs twice: handing Request objects to the handler, and over real HTTP with
 * fetch through the node adapter (the URL is rewritten to the listener; Host becomes its address).
 */
type Mode = 'handler' | 'fetch';
let mode: Mode = 'handler';

async function setup(options: StreamableHttpOptions = {}, probe: FixtureProbe = { cancelled: [], logged: [] }) {
  const http = new StreamableHttpHandler(createFixtureServer(probe), options);
  handlers.push(http);
  let send = (request: Request) => http.handle(request);
  if (mode === 'fetch') {
    const listener = await serveOnFreePort(http.handle);
    listeners.push(listener);
    send = async (request: Request) => {
      const url = new URL(request.url);
      const target = new URL(url.pathname + url.search, listener.url);
      const headers = new Headers(request.headers);
      headers.delete('host'); // fetch sets it; the Host tests run in handler mode
      const body = request.body ? await request.arrayBuffer() : undefined;
      return fetch(target, { method: request.method, headers, body });
    };
  }
  const open = async (version = '2025-11-25') => {
    const response = await send(post(initializeBody(version)));
    const sessionId = response.headers.get('mcp-session-id') as string;
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': version };
    expect((await send(post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers))).status).toBe(202);
    return { sessionId, headers, initialize: await response.json() };
  };
  return { http, send, open, probe };
}

for (const current of ['handler', 'fetch'] as const) {
  describe(`(${current})`, () => {
    beforeAll(() => {
      mode = current;
    });

    const call = (id: number, name: string, args: object = {}, meta?: object) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
    });

    describe('Streamable HTTP: sessions and answers', () => {
      it('mints a 128-bit session id on initialize and answers simple requests with JSON', async () => {
        const { send, open } = await setup();
        const a = await open();
        const b = await open();
        expect(a.sessionId).toMatch(/^[0-9a-f]{32}$/);
        expect(a.sessionId).not.toBe(b.sessionId);
        expect(a.initialize.result.protocolVersion).toBe('2025-11-25');
        const response = await send(post(call(1, 'echo', { text: 'hi' }), a.headers));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json');
        expect(await response.json()).toEqual({
          jsonrpc: '2.0',
          id: 1,
          result: { content: [{ type: 'text', text: 'hi' }] },
        });
      });

      it('refuses a 2025-03-26 batch that repeats a request id with 400, as the stateless mode does', async () => {
        const { send, open } = await setup();
        const { headers } = await open('2025-03-26');
        const batch = [call(5, 'echo', { text: 'a' }), call(5, 'echo', { text: 'b' })];
        const response = await send(post(batch, headers));
        expect(response.status).toBe(400);
        expect((await response.json()).error.message).toBe('Invalid Request: duplicate request ids');
        // Refused before the session saw it: the id is free for the next request.
        expect(await (await send(post(call(5, 'echo', { text: 'c' }), headers))).json()).toMatchObject({ id: 5 });
      });

      it('streams SSE when the handler sends progress before its result: priming event, then messages, then the end', async () => {
        const { send, open } = await setup();
        const { headers } = await open();
        const response = await send(post(call(2, 'progress', {}, { progressToken: 'tok' }), headers));
        expect(response.headers.get('content-type')).toBe('text/event-stream');
        expect(response.headers.get('x-accel-buffering')).toBe('no');
        const events = await new SseReader(response).rest();
        expect(events[0]).toMatchObject({ data: '', retry: 1000 });
        expect(events[0]?.id).toBeTruthy();
        const messages = events.slice(1).map((e) => JSON.parse(e.data));
        expect(messages.map((m) => m.method ?? 'result')).toEqual([
          'notifications/progress',
          'notifications/progress',
          'notifications/progress',
          'result',
        ]);
        expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      });

      it('answers notifications and responses with 202 and no body', async () => {
        const { send, open } = await setup();
        const { headers } = await open();
        const response = await send(post({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, headers));
        expect(response.status).toBe(202);
        expect(await response.text()).toBe('');
        expect((await send(post({ jsonrpc: '2.0', id: 77, result: {} }, headers))).status).toBe(202);
      });

      it('requires the session id (400), refuses unknown ones (404), and ends sessions on DELETE', async () => {
        const { send, open } = await setup();
        const { headers, sessionId } = await open();
        expect(
          (await send(post(call(3, 'echo', { text: 'x' }), { 'mcp-protocol-version': '2025-11-25' }))).status,
        ).toBe(400);
        const unknown = await send(
          post(call(4, 'echo', { text: 'x' }), { ...headers, 'mcp-session-id': 'f'.repeat(32) }),
        );
        expect(unknown.status).toBe(404);
        const del = await send(new Request(MCP_URL, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } }));
        expect(del.status).toBe(200);
        expect((await send(post(call(5, 'echo', { text: 'x' }), headers))).status).toBe(404);
      });

      it('checks Accept (406), Content-Type (415), methods (405) and the protocol version header (400)', async () => {
        const { send, open } = await setup();
        const { headers } = await open();
        expect((await send(post(call(6, 'echo'), { ...headers, accept: 'application/json' }))).status).toBe(406);
        expect((await send(post(call(6, 'echo'), { ...headers, 'content-type': 'text/plain' }))).status).toBe(415);
        const put = await send(new Request(MCP_URL, { method: 'PUT', headers }));
        expect(put.status).toBe(405);
        expect(put.headers.get('allow')).toBe('GET, POST, DELETE');
        expect((await send(post(call(6, 'echo'), { ...headers, 'mcp-protocol-version': '2099-01-01' }))).status).toBe(
          400,
        );
        const noAccept = await send(
          new Request(MCP_URL, { method: 'GET', headers: { ...headers, accept: 'application/json' } }),
        );
        expect(noAccept.status).toBe(406);
      });

      it('answers a body that is not JSON with 400 and -32700, and keeps serving', async () => {
        const { send, open } = await setup();
        const { headers } = await open();
        const response = await send(post('{"jsonrpc": nope', headers));
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe(-32700);
        expect((await (await send(post(call(7, 'echo', { text: 'ok' }), headers))).json()).result).toBeDefined();
      });

      it('refuses bodies over the limit with 413, whatever Content-Length says', async () => {
        const { send, open } = await setup({ maxBodyBytes: 1024 });
        const { headers } = await open();
        const big = JSON.stringify(call(8, 'echo', { text: 'x'.repeat(5000) }));
        expect((await send(post(big, headers))).status).toBe(413);
        const chunked = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(big));
            controller.close();
          },
        });
        const streamed = new Request(MCP_URL, {
          method: 'POST',
          headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
          body: chunked,
          duplex: 'half',
        } as RequestInit);
        expect((await send(streamed)).status).toBe(413);
      });

      it('caps sessions with 503', async () => {
        const { send, open } = await setup({ maxSessions: 2 });
        await open();
        await open();
        expect((await send(post(initializeBody()))).status).toBe(503);
      });
    });

    describe('Streamable HTTP: DNS-rebinding protection', () => {
      it('refuses a foreign Host or Origin with 403 and accepts loopback', async () => {
        const { send } = await setup();
        if (current === 'handler')
          expect((await send(post(initializeBody(), { host: 'evil.example.com' }))).status).toBe(403);
        expect((await send(post(initializeBody(), { origin: 'http://evil.example.com' }))).status).toBe(403);
        expect((await send(post(initializeBody(), { origin: 'null' }))).status).toBe(403);
        expect(
          (await send(post(initializeBody(), { host: 'localhost:3000', origin: 'http://localhost:5173' }))).status,
        ).toBe(200);
      });

      it.skipIf(current !== 'handler')('judges each Host alike however often and however many are seen', async () => {
        const { send } = await setup();
        for (let round = 0; round < 2; round++) {
          expect((await send(post(initializeBody(), { host: 'evil.example.com' }))).status).toBe(403);
          expect((await send(post(initializeBody(), { host: '127.0.0.1:8080' }))).status).toBe(200);
        }
        // However many distinct Hosts arrive, each is judged.
        for (let i = 0; i < 300; i++) {
          expect((await send(post(initializeBody(), { host: `evil-${i}.example.com` }))).status).toBe(403);
        }
        expect((await send(post(initializeBody(), { host: 'LOCALHOST:3000' }))).status).toBe(200);
        expect((await send(post(initializeBody(), { host: 'evil.example.com' }))).status).toBe(403);
      });

      it.skipIf(current === 'fetch')('accepts a configured public host', async () => {
        const { send } = await setup({
          originPolicy: { allowedHosts: ['mcp.example.com'], allowedOrigins: ['https://app.example.com'] },
        });
        const request = new Request('https://mcp.example.com/mcp', post(initializeBody()));
        expect((await send(request)).status).toBe(200);
      });
    });

    describe('Streamable HTTP: GET stream and resumability', () => {
      it('delivers server-initiated messages on the GET stream, queued until it opens; one GET stream per session', async () => {
        const { send, open } = await setup();
        const { headers } = await open();
        await send(
          post({ jsonrpc: '2.0', id: 9, method: 'resources/subscribe', params: { uri: 'test://item/1' } }, headers),
        );
        await send(post(call(10, 'touch', { uri: 'test://item/1' }), headers));
        const get = await send(
          new Request(MCP_URL, { method: 'GET', headers: { ...headers, accept: 'text/event-stream' } }),
        );
        expect(get.status).toBe(200);
        const reader = new SseReader(get);
        expect((await reader.next())?.data).toBe(''); // priming
        expect(JSON.parse((await reader.next())?.data ?? '')).toMatchObject({
          method: 'notifications/resources/updated',
        });
        const second = await send(
          new Request(MCP_URL, { method: 'GET', headers: { ...headers, accept: 'text/event-stream' } }),
        );
        expect(second.status).toBe(409);
        await reader.cancel();
      });

      it('resumes a POST stream the server dropped mid-call, losing nothing', async () => {
        let release!: () => void;
        const probe: FixtureProbe = { cancelled: [], logged: [], gate: new Promise((r) => (release = r)) };
        const { send, open } = await setup({}, probe);
        const { headers } = await open();
        const first = new SseReader(await send(post(call(11, 'drop-stream'), headers)));
        const primed = await first.next();
        const before = await first.next();
        expect(JSON.parse(before?.data ?? '').params.data).toBe('before drop');
        const tail = await first.rest(); // the server ends this connection (a retry hint first)
        expect(tail.every((e) => e.data === '')).toBe(true);
        release();
        const resumed = await send(
          new Request(MCP_URL, {
            method: 'GET',
            headers: { ...headers, accept: 'text/event-stream', 'last-event-id': before?.id ?? primed?.id ?? '' },
          }),
        );
        const rest = (await new SseReader(resumed).rest()).map((e) => JSON.parse(e.data));
        expect(rest.map((m) => m.params?.data ?? m.result?.content?.[0]?.text)).toEqual(['after drop', 'resumed']);
      });
    });

    describe('Streamable HTTP: stateless mode', () => {
      it('serves every POST on its own, without sessions; GET and DELETE are 405', async () => {
        const { send } = await setup({ stateless: true });
        const init = await send(post(initializeBody()));
        expect(init.headers.get('mcp-session-id')).toBeNull();
        const list = await send(
          post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-06-18' }),
        );
        const body = await list.json();
        expect(body.result.tools[0].name).toBe('echo');
        expect('icons' in body.result.tools[0]).toBe(false); // shaped for the header's 2025-06-18
        expect(
          (await send(new Request(MCP_URL, { method: 'GET', headers: { accept: 'text/event-stream' } }))).status,
        ).toBe(405);
        expect((await send(new Request(MCP_URL, { method: 'DELETE' }))).status).toBe(405);
      });
    });

    describe('Streamable HTTP: legacy HTTP+SSE on the same handler', () => {
      it('serves /sse and /messages behind the same origin policy when enabled', async () => {
        const { send } = await setup({ legacySse: true });
        const sse = (headers: Record<string, string> = {}) =>
          send(
            new Request('http://127.0.0.1/sse', {
              method: 'GET',
              headers: { accept: 'text/event-stream', ...headers },
            }),
          );
        expect((await sse({ origin: 'http://evil.example.com' })).status).toBe(403);
        const response = await sse();
        expect(response.status).toBe(200);
        const reader = new SseReader(response);
        const endpoint = await reader.next();
        expect(endpoint).toMatchObject({
          event: 'endpoint',
          data: expect.stringMatching(/^\/messages\?sessionId=[0-9a-f]{32}$/),
        });
        await reader.cancel();
        const off = await setup();
        expect(
          (await off.send(new Request('http://127.0.0.1/sse', { headers: { accept: 'text/event-stream' } }))).status,
        ).toBe(404);
      });
    });
  });
}
