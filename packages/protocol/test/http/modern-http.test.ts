// Modern-era (2026-07-28) traffic on the Streamable HTTP endpoint: headers, status codes, JSON vs
// SSE answers, cancellation by closing the stream, and legacy clients on the same handler.
import { afterEach, describe, expect, it } from 'vitest';
import { ProtocolServer, StreamableHttpHandler } from '../../src/index.js';
import { createFixtureServer, type FixtureProbe } from '../fixtures/fixture-server.js';
import { SseReader } from '../support/raw-http.js';
import { MCP_URL, post } from './http-client.js';

const VERSION = '2026-07-28';
const handlers: StreamableHttpHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

function setup(probe: FixtureProbe = { cancelled: [], logged: [] }) {
  const http = new StreamableHttpHandler(createFixtureServer(probe));
  handlers.push(http);
  return http;
}

const meta = (caps: object = { elicitation: {} }, extra: object = {}) => ({
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': caps,
  ...extra,
});
const headers = (method: string, name?: string, extra: Record<string, string> = {}) => ({
  'mcp-protocol-version': VERSION,
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
  ...extra,
});
const rpc = (id: number, method: string, params: object) => ({ jsonrpc: '2.0', id, method, params });

describe('Streamable HTTP: modern requests', () => {
  it('answers with JSON, no session id, resultType and cache hints', async () => {
    const http = setup();
    const response = await http.handle(post(rpc(1, 'tools/list', { _meta: meta() }), headers('tools/list')));
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toMatchObject({
      id: 1,
      result: { resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' },
    });
    const call = await http.handle(
      post(
        rpc(2, 'tools/call', { name: 'echo', arguments: { text: 'x' }, _meta: meta() }),
        headers('tools/call', 'echo'),
      ),
    );
    expect((await call.json()).result).toMatchObject({ resultType: 'complete', content: [{ text: 'x' }] });
  });

  it('checks Mcp-Method, Mcp-Name (base64 form decoded) and the version header against the body: -32020, HTTP 400', async () => {
    const http = setup();
    const body = rpc(3, 'tools/call', { name: 'echo', arguments: { text: 'x' }, _meta: meta() });
    const noName = await http.handle(post(body, headers('tools/call')));
    expect(noName.status).toBe(400);
    expect((await noName.json()).error.code).toBe(-32020);
    const wrongMethod = await http.handle(post(body, headers('tools/list', 'echo')));
    expect((await wrongMethod.json()).error.code).toBe(-32020);
    const encoded = await http.handle(post(body, headers('tools/call', `=?base64?${btoa('echo')}?=`)));
    expect(encoded.status).toBe(200);
    const legacyHeader = await http.handle(
      post(body, { ...headers('tools/call', 'echo'), 'mcp-protocol-version': '2025-11-25' }),
    );
    expect(legacyHeader.status).toBe(400);
    expect((await legacyHeader.json()).error.code).toBe(-32020);
  });

  it('answers an unsupported version with -32022 and the supported list; a missing envelope field with -32602; both HTTP 400', async () => {
    const http = setup();
    const unknown = await http.handle(
      post(rpc(4, 'tools/list', { _meta: meta() }), { ...headers('tools/list'), 'mcp-protocol-version': '2099-01-01' }),
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({ code: -32022, data: { requested: '2099-01-01' } });
    const noCaps = await http.handle(
      post(
        rpc(5, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION } }),
        headers('tools/list'),
      ),
    );
    expect(noCaps.status).toBe(400);
    expect((await noCaps.json()).error.code).toBe(-32602);
  });

  it('answers removed methods with 404, a missing capability with 400 -32021, and GET/DELETE with 405', async () => {
    const http = setup();
    const ping = await http.handle(post(rpc(6, 'ping', { _meta: meta() }), headers('ping')));
    expect(ping.status).toBe(404);
    const roots = await http.handle(
      post(rpc(7, 'tools/call', { name: 'roots', arguments: {}, _meta: meta({}) }), headers('tools/call', 'roots')),
    );
    expect(roots.status).toBe(400);
    expect((await roots.json()).error.code).toBe(-32021);
    const get = await http.handle(
      new Request(MCP_URL, { headers: { 'mcp-protocol-version': VERSION, accept: 'text/event-stream' } }),
    );
    expect(get.status).toBe(405);
    expect(
      (await http.handle(new Request(MCP_URL, { method: 'DELETE', headers: { 'mcp-protocol-version': VERSION } })))
        .status,
    ).toBe(405);
  });

  it("streams a request's own notifications then its result over SSE, with no event ids", async () => {
    const http = setup();
    const response = await http.handle(
      post(
        rpc(8, 'tools/call', { name: 'progress', arguments: {}, _meta: meta({}, { progressToken: 'p' }) }),
        headers('tools/call', 'progress'),
      ),
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = await new SseReader(response).rest();
    expect(events.every((e) => e.id === undefined)).toBe(true);
    expect(events.map((e) => JSON.parse(e.data).method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result',
    ]);
  });

  it('cancels a request when its stream is closed', async () => {
    const probe: FixtureProbe = { cancelled: [], logged: [] };
    const http = setup(probe);
    const response = await http.handle(
      post(
        rpc(9, 'subscriptions/listen', { notifications: { toolsListChanged: true }, _meta: meta() }),
        headers('subscriptions/listen'),
      ),
    );
    const reader = new SseReader(response);
    expect(JSON.parse((await reader.next())?.data ?? '').method).toBe('notifications/subscriptions/acknowledged');
    http.server.notifyListChanged('tools');
    expect(JSON.parse((await reader.next())?.data ?? '').params._meta['io.modelcontextprotocol/subscriptionId']).toBe(
      9,
    );
    expect(http.server.listeners.size).toBe(1);
    await reader.cancel();
    await http.handle(post(rpc(10, 'tools/list', { _meta: meta() }), headers('tools/list'))); // lets the cancellation run
    expect(http.server.listeners.size).toBe(0);
  });

  it('answers a JSON-RPC error and aborts the handler when the server closes mid-request (no session to close)', async () => {
    const probe: FixtureProbe = { cancelled: [], logged: [] };
    const http = setup(probe);
    const waiting = rpc(11, 'tools/call', { name: 'wait-for-cancel', arguments: { tag: 'm' }, _meta: meta() });
    const pending = http.handle(post(waiting, headers('tools/call', 'wait-for-cancel')));
    const started = rpc(12, 'tools/call', {
      name: 'await-tag',
      arguments: { tag: 'm', event: 'started' },
      _meta: meta(),
    });
    expect((await http.handle(post(started, headers('tools/call', 'await-tag')))).status).toBe(200);
    expect(http.server.connectedSessions.size).toBe(0);
    await http.server.close();
    const response = await pending;
    expect(await response.json()).toMatchObject({ id: 11, error: { code: -32603 } });
    expect(probe.cancelled).toContain('11');
  });

  it('serves legacy sessions on the same handler at the same time', async () => {
    const http = setup();
    const init = await http.handle(
      post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'l', version: '1' } },
      }),
    );
    const sessionId = init.headers.get('mcp-session-id') as string;
    const legacy = await http.handle(
      post(rpc(2, 'tools/list', {}), { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' }),
    );
    expect((await legacy.json()).result.resultType).toBeUndefined();
    const modern = await http.handle(post(rpc(3, 'tools/list', { _meta: meta() }), headers('tools/list')));
    expect((await modern.json()).result.resultType).toBe('complete');
  });
});

describe('Streamable HTTP: Mcp-Param-* headers for x-mcp-header arguments', () => {
  function regional() {
    const server = new ProtocolServer({ serverInfo: { name: 'r', version: '1' } });
    server.setTools({
      list: () => [
        {
          name: 'regional',
          description: 'Runs in a region',
          inputSchema: {
            type: 'object',
            properties: {
              region: { type: 'string', 'x-mcp-header': 'Region' },
              count: { type: 'integer', 'x-mcp-header': 'Count' },
            },
          },
        },
      ],
      call: ({ arguments: args }) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }),
    });
    const http = new StreamableHttpHandler(server);
    handlers.push(http);
    return http;
  }
  const call = (args: object, extra: Record<string, string>) =>
    post(
      rpc(11, 'tools/call', { name: 'regional', arguments: args, _meta: meta() }),
      headers('tools/call', 'regional', extra),
    );

  it('requires the header when the argument is present, and compares it with the body (base64 form decoded)', async () => {
    const http = regional();
    const missing = await http.handle(call({ region: 'eu-west' }, {}));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({
      code: -32020,
      message: expect.stringMatching(/Mcp-Param-region/i),
    });
    const wrong = await http.handle(call({ region: 'eu-west' }, { 'mcp-param-region': 'us-east' }));
    expect((await wrong.json()).error.code).toBe(-32020);
    expect((await http.handle(call({ region: 'eu-west' }, { 'mcp-param-region': 'eu-west' }))).status).toBe(200);
    const unicode = 'région 東';
    const encoded = `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode(unicode)))}?=`;
    expect((await http.handle(call({ region: unicode }, { 'mcp-param-region': encoded }))).status).toBe(200);
  });

  it('compares integers numerically, and expects no header for an absent argument', async () => {
    const http = regional();
    expect((await http.handle(call({ count: 42 }, { 'mcp-param-count': '42' }))).status).toBe(200);
    expect((await (await http.handle(call({ count: 42 }, { 'mcp-param-count': '41' }))).json()).error.code).toBe(
      -32020,
    );
    expect((await http.handle(call({}, {}))).status).toBe(200);
  });
});
