// #20 item 4: a credential with neither subject nor client id must not open sessions, or get request
// states, that any other such caller could use: it becomes its own principal (a digest of the token).
import { afterEach, describe, expect, it } from 'vitest';
import { StreamableHttpHandler } from '../../src/index.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { post } from './http-client.js';

const handlers: StreamableHttpHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

/** Accepts any bearer token as a principal that names nobody (scopes only), like some opaque tokens. */
function setup(): StreamableHttpHandler {
  const http = new StreamableHttpHandler(createFixtureServer(), {
    authenticate: (request) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
      if (token === 'no-token') return { scopes: [] };
      return token ? { token, scopes: [] } : undefined;
    },
  });
  handlers.push(http);
  return http;
}

const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
};
const MODERN = '2026-07-28';
const modernCall = (params: object) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: {
    name: 'elicit',
    arguments: {},
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
    },
  },
});
const modernHeaders = (token: string) =>
  bearer(token, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'elicit' });

describe('a principal with neither subject nor client id', () => {
  it("cannot use another such caller's session: 404", async () => {
    const http = setup();
    const opened = await http.handle(post(init, bearer('one')));
    expect(opened.status).toBe(200);
    const session = {
      'mcp-session-id': opened.headers.get('mcp-session-id') as string,
      'mcp-protocol-version': '2025-11-25',
    };
    const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
    expect((await http.handle(post(ping, bearer('two', session)))).status).toBe(404);
    expect((await http.handle(post(ping, bearer('one', session)))).status).toBe(200);
  });

  it("cannot reuse another such caller's request state", async () => {
    const http = setup();
    const first = await (await http.handle(post(modernCall({}), modernHeaders('one')))).json();
    expect(first.result.resultType).toBe('input_required');
    const [key] = Object.keys(first.result.inputRequests);
    const retry = modernCall({
      requestState: first.result.requestState,
      inputResponses: { [key as string]: { action: 'accept', content: { name: 'forged' } } },
    });
    const stolen = await (await http.handle(post(retry, modernHeaders('two')))).json();
    expect(stolen.error).toMatchObject({ code: -32602, message: expect.stringMatching(/requestState/) });
    const own = await (await http.handle(post(retry, modernHeaders('one')))).json();
    expect(own.result).toMatchObject({ resultType: 'complete', content: [{ text: 'accept: {"name":"forged"}' }] });
  });

  it('is refused with 403 when it carries no token either (nothing tells two such callers apart)', async () => {
    const http = setup();
    const refused = await http.handle(post(init, bearer('no-token')));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/names no principal/);
  });
});
