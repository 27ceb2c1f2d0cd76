// A POST whose body is already in memory and whose handler answers at once is served in the turn it
// arrived: `serve` hands back the reply itself, with no promise between the endpoint and the engine
// (what the Node adapter gives every small POST). Anything that has to wait still gets a promise, and
// a shutdown still waits for it.
import { afterEach, describe, expect, it } from 'vitest';
import { isThenable } from '../../src/engine/maybe-promise.js';
import { HttpInput, type HttpReply, type PlainReply } from '../../src/http/http-input.js';
import { ProtocolServer, StreamableHttpHandler, type StreamableHttpOptions } from '../../src/index.js';

const handlers: StreamableHttpHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

/** A request as the Node adapter gives it: headers at hand, the body read whole. */
function input(message: unknown, headers: Record<string, string> = {}): HttpInput {
  const bytes = new TextEncoder().encode(JSON.stringify(message));
  const all: Record<string, string> = {
    host: '127.0.0.1:3000',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...headers,
  };
  return new HttpInput(
    'POST',
    '/mcp',
    { get: (name) => all[name.toLowerCase()] ?? null },
    {
      body: bytes,
      url: () => 'http://127.0.0.1:3000/mcp',
      onAbort: () => {},
      request: () => {
        throw new Error('not built on this path');
      },
      webHeaders: () => new Headers(all),
    },
  );
}

function setup(options: StreamableHttpOptions = {}) {
  const server = new ProtocolServer({ serverInfo: { name: 'same-turn', version: '1.0.0' } });
  let release: (() => void) | undefined;
  server.setTools({
    list: () => [
      { name: 'now', inputSchema: { type: 'object' } },
      { name: 'later', inputSchema: { type: 'object' } },
    ],
    call: ({ name }) =>
      name === 'now'
        ? { content: [{ type: 'text', text: 'at once' }] }
        : new Promise((resolve) => {
            release = () => resolve({ content: [{ type: 'text', text: 'later' }] });
          }),
  });
  const http = new StreamableHttpHandler(server, options);
  handlers.push(http);
  return { http, release: () => release?.() };
}

const call = (id: number, name: string, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {}, ...(meta ? { _meta: meta } : {}) },
});

async function openSession(http: StreamableHttpHandler, version: string): Promise<Record<string, string>> {
  const init = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
  };
  const reply = (await http.serve(input(init))) as PlainReply;
  const headers = { 'mcp-session-id': reply.headers['Mcp-Session-Id'] as string, 'mcp-protocol-version': version };
  await http.serve(input({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers));
  return headers;
}

function plainBody(reply: HttpReply | Promise<HttpReply>): unknown {
  expect(isThenable(reply)).toBe(false);
  return JSON.parse((reply as PlainReply).body as string);
}

describe('Streamable HTTP: a request answered in the turn it arrived', () => {
  it('in a session, is the reply itself', async () => {
    const { http } = setup();
    const headers = await openSession(http, '2025-06-18');
    const reply = http.serve(input(call(1, 'now'), headers));
    expect(plainBody(reply)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'at once' }] },
    });
    expect((reply as PlainReply).headers['Mcp-Session-Id']).toBe(headers['mcp-session-id']);
  });

  it('stateless, is the reply itself', () => {
    const { http } = setup({ stateless: true });
    const reply = http.serve(input(call(2, 'now'), { 'mcp-protocol-version': '2025-11-25' }));
    expect(plainBody(reply)).toMatchObject({ id: 2, result: { content: [{ text: 'at once' }] } });
  });

  it('in 2026-07-28, is the reply itself', () => {
    const { http } = setup();
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'now' };
    const reply = http.serve(input(call(3, 'now', meta), headers));
    expect(plainBody(reply)).toMatchObject({
      id: 3,
      result: { resultType: 'complete', content: [{ text: 'at once' }] },
    });
  });

  it('a handler that waits gives a promise, and a shutdown waits for it', async () => {
    const { http, release } = setup();
    const headers = await openSession(http, '2025-06-18');
    const reply = http.serve(input(call(4, 'later'), headers));
    expect(isThenable(reply)).toBe(true);
    let closed = false;
    const closing = http.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    expect(JSON.parse(((await reply) as PlainReply).body as string)).toMatchObject({ id: 4, result: {} });
    await closing;
    expect(http.drainTimedOut).toBe(false);
  });

  it('refuses initialize sent as a batch without keeping a session for it', async () => {
    const { http } = setup();
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const reply = (await http.serve(input([init]))) as PlainReply;
    expect(reply.status).toBe(400);
    expect(http.sessionCount).toBe(0);
  });
});
