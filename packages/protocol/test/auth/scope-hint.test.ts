// #20 item 13: a 401 hints only the scopes the request needs (least privilege), not every
// supported scope: `requiredScopes`, plus the named primitive's when the request names one.
import { afterEach, describe, expect, it } from 'vitest';
import { ProtocolServer, ResourceServer, type ResourceServerOptions } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';

const running: HttpServing[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((serving) => serving.close()));
});

async function serve(options: Partial<ResourceServerOptions> = {}): Promise<URL> {
  const server = new ProtocolServer({ serverInfo: { name: 'notes', version: '1' } });
  const serving = await serveHttp(server, {
    port: 0,
    auth: (endpoint) =>
      new ResourceServer({
        resource: endpoint,
        authorizationServers: ['https://auth.example.com'],
        scopesSupported: ['notes:read', 'notes:write', 'notes:admin'],
        // never fetched: these requests carry no token
        jwt: { jwksUrl: 'https://auth.example.com/jwks.json', issuer: 'https://auth.example.com' },
        scopesFor: ({ method, name }) => (method === 'tools/call' && name === 'remove' ? ['notes:write'] : undefined),
        ...options,
      }),
  });
  running.push(serving);
  return serving.url;
}

const challenge = async (url: URL, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'remove' } }),
  });
  expect(response.status).toBe(401);
  return response.headers.get('www-authenticate') ?? '';
};
const modern = (name: string) => ({
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': name,
});

describe('the scope hint of a 401', () => {
  it('asks for no scope when nothing says what the request needs (not every supported scope)', async () => {
    const hint = await challenge(await serve());
    expect(hint).toMatch(/^Bearer resource_metadata="/);
    expect(hint).not.toContain('scope=');
  });

  it("asks for the named primitive's scopes (Mcp-Method / Mcp-Name, plain or base64)", async () => {
    const url = await serve();
    expect(await challenge(url, modern('remove'))).toContain('scope="notes:write"');
    expect(await challenge(url, modern(`=?base64?${btoa('remove')}?=`))).toContain('scope="notes:write"');
    expect(await challenge(url, modern('unknown'))).not.toContain('scope=');
  });

  it('adds requiredScopes, which every request needs', async () => {
    const url = await serve({ requiredScopes: ['mcp:use'] });
    expect(await challenge(url)).toContain('scope="mcp:use"');
    expect(await challenge(url, modern('remove'))).toContain('scope="mcp:use notes:write"');
  });
});
