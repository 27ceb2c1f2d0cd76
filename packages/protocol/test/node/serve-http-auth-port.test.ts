// `port: 0` with OAuth: the resource URL a ResourceServer needs is only known once the port is
// bound, so `auth` may be a function of the endpoint URL.
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidTokenError, ResourceServer } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';

const running: HttpServing[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
};
const post = (url: URL, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(init),
  });

describe('serveHttp with port 0 and auth', () => {
  it('makes the auth from the bound endpoint URL: metadata, challenges and audience name the real port', async () => {
    const seen: URL[] = [];
    const serving = await serveHttp(createFixtureServer(), {
      port: 0,
      auth: (endpoint) => {
        seen.push(endpoint);
        return new ResourceServer({
          resource: endpoint,
          authorizationServers: ['https://auth.example.com'],
          verifyToken: async (token) => {
            if (token !== 'good') throw new InvalidTokenError('unknown token');
            return { token, clientId: 'c', scopes: [] };
          },
        });
      },
    });
    running.push(serving);
    expect(seen.map(String)).toEqual([serving.url.href]);
    expect(serving.url.port).not.toBe('0');

    const refused = await post(serving.url);
    expect(refused.status).toBe(401);
    const metadataUrl = `${serving.url.origin}/.well-known/oauth-protected-resource/mcp`;
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${metadataUrl}"`);
    const metadata = await (await fetch(metadataUrl)).json();
    expect(metadata).toMatchObject({ resource: serving.url.href, authorization_servers: ['https://auth.example.com'] });

    expect((await post(serving.url, { authorization: 'Bearer good' })).status).toBe(200);
  });

  it('still takes a ready-made auth object', async () => {
    const auth = new ResourceServer({
      resource: 'http://127.0.0.1/mcp',
      authorizationServers: ['https://auth.example.com'],
      allowAnonymous: true,
      verifyToken: async () => ({ scopes: [] }),
    });
    const serving = await serveHttp(createFixtureServer(), { port: 0, auth });
    running.push(serving);
    expect((await post(serving.url)).status).toBe(200);
  });
});
