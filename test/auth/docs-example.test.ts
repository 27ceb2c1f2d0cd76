// docs/examples/auth.ts as the page describes it: API keys and a custom authenticate in front of
// @Authorized tools (the JWT mode runs against a real JWKS in secure-app.test.ts).
import { describe, expect, it } from 'vitest';
import type { McpApp, McpAppOptions } from '../../packages/core/src/index.js';
import type { ResourceServer } from '../../packages/protocol/src/index.js';

// Loaded by path, as test/docs does: the docs project type-checks the example itself.
const example = 'auth';
const { apiKeyAuth, createApp, customAuth, jwtAuth } = (await import(`../../docs/examples/${example}.ts`)) as {
  createApp: (http?: McpAppOptions['http']) => McpApp;
  jwtAuth: () => ResourceServer;
  apiKeyAuth: () => ResourceServer;
  customAuth: () => ResourceServer;
};

const call = (name: string, headers: Record<string, string>, args: object = {}) =>
  new Request('http://127.0.0.1:3000/mcp', {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });

describe('docs/examples/auth.ts', () => {
  it('API keys: a reader key lists its notes, and gets the step-up 403 for remove', async () => {
    const app = createApp({ auth: apiKeyAuth(), stateless: true });
    const ok = await app.fetch(call('list', { 'x-notes-key': 'nk-reader-1' }));
    expect(await ok.json()).toMatchObject({ result: { content: [{ text: 'notes of ci' }] } });
    const refused = await app.fetch(call('remove', { 'x-notes-key': 'nk-reader-1' }, { id: '1' }));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="notes:read notes:write"');
    expect((await app.fetch(call('list', { 'x-notes-key': 'nope' }))).status).toBe(401);
    await app.close();
  });

  it('custom authenticate: the proxy header is the caller', async () => {
    const app = createApp({ auth: customAuth(), stateless: true });
    const ok = await app.fetch(call('list', { 'x-forwarded-user': 'dana' }));
    expect(await ok.json()).toMatchObject({ result: { content: [{ text: 'notes of dana' }] } });
    expect((await app.fetch(call('list', {}))).status).toBe(401);
    await app.close();
  });

  it('JWT: serves the metadata naming the authorization server', async () => {
    const auth = jwtAuth();
    expect(auth.metadataUrl).toBe('https://mcp.example.com/.well-known/oauth-protected-resource/mcp');
    const response = auth.serveMetadata(new Request('https://mcp.example.com/.well-known/oauth-protected-resource'));
    expect(await response?.json()).toMatchObject({ authorization_servers: ['https://auth.example.com'] });
  });
});
