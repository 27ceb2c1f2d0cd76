// Streamable HTTP over time: idle expiry, stream caps, graceful shutdown, the authentication seam
// and isolation between sessions and between handlers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamableHttpHandler, type StreamableHttpOptions } from '../../src/index.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { initializeBody, MCP_URL, post } from './http-client.js';

const handlers: StreamableHttpHandler[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

function setup(options: StreamableHttpOptions = {}) {
  const http = new StreamableHttpHandler(createFixtureServer(), options);
  handlers.push(http);
  const open = async (extra: Record<string, string> = {}) => {
    const response = await http.handle(post(initializeBody(), extra));
    expect(response.status).toBe(200);
    const sessionId = response.headers.get('mcp-session-id') as string;
    return { sessionId, headers: { ...extra, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } };
  };
  return { http, open };
}

const call = (id: number, name: string, args: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('Streamable HTTP: lifecycle', () => {
  it('expires sessions idle past the timeout (404 afterwards)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { http, open } = setup({ sessionIdleTimeoutMs: 10_000 });
    const { headers } = await open();
    expect(http.sessionCount).toBe(1);
    await vi.advanceTimersByTimeAsync(16_000); // past the timeout, and past a sweep
    expect(http.sessionCount).toBe(0);
    expect((await http.handle(post(call(1, 'echo', { text: 'x' }), headers))).status).toBe(404);
  });

  it('caps open streams per session with 503', async () => {
    const { http, open } = setup({ maxStreamsPerSession: 1 });
    const { headers } = await open();
    const get = await http.handle(new Request(MCP_URL, { headers: { ...headers, accept: 'text/event-stream' } }));
    expect(get.status).toBe(200);
    expect((await http.handle(post(call(2, 'echo', { text: 'x' }), headers))).status).toBe(503);
    await get.body?.cancel();
    expect((await http.handle(post(call(3, 'echo', { text: 'x' }), headers))).status).toBe(200);
  });

  it('shuts down gracefully: in-flight requests finish, new ones get 503, sessions close', async () => {
    const { http, open } = setup();
    const { headers } = await open();
    const inflight = http.handle(post(call(4, 'sleep', { ms: 100 }), headers));
    const closing = http.close();
    expect((await http.handle(post(call(5, 'echo', { text: 'x' }), headers))).status).toBe(503);
    expect(await (await inflight).json()).toMatchObject({ id: 4, result: { content: [{ text: 'slept' }] } });
    await closing;
    expect(http.sessionCount).toBe(0);
  });
});

describe('Streamable HTTP: authentication seam and isolation', () => {
  const authenticate = (request: Request) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    if (!token) return new Response('missing token', { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    return { token, subject: token.split('-')[0], scopes: ['mcp'] };
  };

  it("answers with the authenticator's Response, and passes AuthInfo to handlers", async () => {
    const { http, open } = setup({ authenticate });
    expect((await http.handle(post(initializeBody()))).status).toBe(401);
    const { headers } = await open({ authorization: 'Bearer alice-1' });
    const response = await http.handle(post(call(6, 'whoami'), headers));
    const info = JSON.parse((await response.json()).result.content[0].text);
    expect(info).toEqual({ token: 'alice-1', subject: 'alice', scopes: ['mcp'] });
  });

  it('binds a session to its principal: another principal gets 404 for the same session id', async () => {
    const { http, open } = setup({ authenticate });
    const { headers } = await open({ authorization: 'Bearer alice-1' });
    const stolen = { ...headers, authorization: 'Bearer mallory-1' };
    expect((await http.handle(post(call(7, 'echo', { text: 'x' }), stolen))).status).toBe(404);
    const sameUserNewToken = { ...headers, authorization: 'Bearer alice-2' };
    expect((await http.handle(post(call(8, 'echo', { text: 'x' }), sameUserNewToken))).status).toBe(200);
  });

  it('shares nothing between two handlers in one process', async () => {
    const a = setup();
    const b = setup();
    const { headers } = await a.open();
    expect((await b.http.handle(post(call(9, 'echo', { text: 'x' }), headers))).status).toBe(404);
    expect(a.http.sessionCount).toBe(1);
    expect(b.http.sessionCount).toBe(0);
  });
});
