// Stateless Streamable HTTP in the legacy era: each POST is served by a session that lives for that
// request only. What the request's handler sends reaches its own answer (JSON, or SSE when a
// notification comes first), nothing outlives the request, and a shutdown waits for what is in flight.
import { afterEach, describe, expect, it } from 'vitest';
import { StreamableHttpHandler } from '../../src/index.js';
import { createFixtureServer, type FixtureProbe } from '../fixtures/fixture-server.js';
import { SseReader } from '../support/raw-http.js';
import { post } from './http-client.js';

const handlers: StreamableHttpHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

function setup() {
  const probe: FixtureProbe = { cancelled: [], logged: [] };
  const server = createFixtureServer(probe);
  const http = new StreamableHttpHandler(server, { stateless: true });
  handlers.push(http);
  return { server, http, probe };
}

const call = (id: number | string, name: string, args: object = {}, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
});
const v = (version: string) => ({ 'mcp-protocol-version': version });

async function events(response: Response): Promise<{ id?: string; data: unknown }[]> {
  const reader = new SseReader(response);
  const out: { id?: string; data: unknown }[] = [];
  for (let event = await reader.next(); event !== undefined; event = await reader.next()) {
    out.push({ id: event.id, data: event.data === '' ? '' : JSON.parse(event.data) });
  }
  return out;
}

describe('Streamable HTTP: stateless requests', () => {
  it('answers a plain call with JSON and keeps no session afterwards', async () => {
    const { server, http } = setup();
    const response = await http.handle(post(call(1, 'echo', { text: 'hi' }), v('2025-06-18')));
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'hi' }] },
    });
    expect(server.connectedSessions.size).toBe(0);
  });

  it("streams the request's own progress notifications before its result, without event ids", async () => {
    const { server, http } = setup();
    const response = await http.handle(post(call(7, 'progress', {}, { progressToken: 'p' }), v('2025-11-25')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const read = await events(response);
    expect(read.map((e) => e.id)).toEqual([undefined, undefined, undefined, undefined]);
    expect(read.map((e) => (e.data as { method?: string }).method ?? 'response')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'response',
    ]);
    expect(read[3].data).toMatchObject({ id: 7, result: { content: [{ type: 'text', text: 'done' }] } });
    expect(server.connectedSessions.size).toBe(0);
  });

  it('sends no log messages: a stateless endpoint does not advertise logging (it cannot keep a level)', async () => {
    const { http } = setup();
    const response = await http.handle(post(call(2, 'log'), v('2025-06-18')));
    // No notification came first, so the answer is plain JSON with the result alone.
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 2, result: {} });
  });

  it('refuses server→client requests: the client capabilities are unknown', async () => {
    const { http } = setup();
    const body = await (await http.handle(post(call(3, 'elicit'), v('2025-06-18')))).json();
    // The capability error is not a protocol error: masked like any handler failure.
    expect(body).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'Internal error' } });
  });

  it('answers notifications alone with 202 and closes their session', async () => {
    const { server, http } = setup();
    const note = { jsonrpc: '2.0', method: 'notifications/roots/list_changed' };
    const response = await http.handle(post(note, v('2025-06-18')));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(server.connectedSessions.size).toBe(0);
  });

  it('serves batches in 2025-03-26 only, and refuses duplicate ids without starting a session', async () => {
    const { server, http } = setup();
    const batch = [call(1, 'echo', { text: 'a' }), call(2, 'echo', { text: 'b' })];
    const answer = await http.handle(post(batch, v('2025-03-26')));
    expect(answer.status).toBe(200);
    expect((await answer.json()).map((m: { id: number }) => m.id).sort()).toEqual([1, 2]);
    expect((await http.handle(post(batch, v('2025-06-18')))).status).toBe(400);
    const duplicate = await http.handle(post([call(1, 'echo', { text: 'a' }), call(1, 'echo')], v('2025-03-26')));
    expect(duplicate.status).toBe(400);
    expect((await duplicate.json()).error.message).toBe('Invalid Request: duplicate request ids');
    expect(server.connectedSessions.size).toBe(0);
  });

  it('answers a JSON-RPC error (not a 404) and aborts the handler when the server closes mid-request', async () => {
    const { server, http, probe } = setup();
    const pending = http.handle(post(call('w', 'wait-for-cancel', { tag: 'w' }), v('2025-06-18')));
    await http.handle(post(call(1, 'await-tag', { tag: 'w', event: 'started' }), v('2025-06-18')));
    await server.close();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'w', error: { code: -32603 } });
    expect(probe.cancelled).toContain('w');
    expect(server.connectedSessions.size).toBe(0);
  });

  it('lets an in-flight request finish before a shutdown completes', async () => {
    const { http } = setup();
    const order: string[] = [];
    const pending = http.handle(post(call(1, 'sleep', { ms: 20 }), v('2025-06-18'))).then(async (r) => {
      order.push(`answered ${r.status}`);
      return r;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await http.close();
    order.push('closed');
    expect(order).toEqual(['answered 200', 'closed']);
    expect(await (await pending).json()).toMatchObject({ result: { content: [{ text: 'slept' }] } });
  });
});
