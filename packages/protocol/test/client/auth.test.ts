// The HTTP client's credentials: a static bearer token, and the OAuth client credentials grant against a token
// endpoint started here — the token cached, and fetched again once after the server answers 401.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentials, connectHttp } from '../../src/client.js';
import { protectedResourceMetadata } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on('end', () => resolve(text));
  });

describe('HTTP client credentials', () => {
  const valid = new Set(['static-token']);
  const grants: { authorization?: string; form: string }[] = [];
  let tokens: Server;
  let tokenUrl: string;
  const issuer = () => tokenUrl.replace(/\/token$/, '');
  let mcp: HttpServing;

  beforeAll(async () => {
    tokens = createServer(async (req, res) => {
      if (req.method === 'GET' && req.url === '/.well-known/oauth-authorization-server') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ issuer: issuer(), token_endpoint: tokenUrl }));
        return;
      }
      const form = await body(req);
      grants.push({ authorization: req.headers.authorization, form });
      const expected = `Basic ${Buffer.from('machine:s3cret').toString('base64')}`;
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== expected) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: 'invalid_client' }));
        return;
      }
      const token = `issued-${grants.length}`;
      valid.add(token);
      res.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }));
    });
    await new Promise<void>((resolve) => tokens.listen(0, '127.0.0.1', resolve));
    tokenUrl = `http://127.0.0.1:${(tokens.address() as AddressInfo).port}/token`;
    mcp = await serveHttp(createFixtureServer(), {
      port: 0,
      authenticate: (request) => {
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
        if (token === undefined || !valid.has(token)) {
          return new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
        }
        return { token, clientId: 'machine', subject: 'machine' };
      },
    });
  });
  afterAll(async () => {
    await mcp.close();
    tokens.closeAllConnections();
    await new Promise((resolve) => tokens.close(resolve));
  });

  it('sends a static bearer token, and without one the connection is refused', async () => {
    const client = await connectHttp(mcp.url, { token: 'static-token' });
    const who = await client.callTool('whoami');
    expect(JSON.parse(String(who.content[0]?.text))).toMatchObject({ token: 'static-token', subject: 'machine' });
    await client.close();
    await expect(connectHttp(mcp.url)).rejects.toThrow(/HTTP 401/);
  });

  it('gets a token with client credentials, reuses it, and renews it once after a 401', async () => {
    const provider = clientCredentials({ tokenUrl, clientId: 'machine', clientSecret: 's3cret', scope: 'mcp' });
    const client = await connectHttp(mcp.url, { token: provider });
    const whoami = async () => JSON.parse(String((await client.callTool('whoami')).content[0]?.text)).token;
    expect(await whoami()).toBe('issued-1');
    expect(await whoami()).toBe('issued-1');
    expect(grants).toHaveLength(1);
    expect(new URLSearchParams(grants[0]?.form)).toEqual(
      new URLSearchParams({ grant_type: 'client_credentials', scope: 'mcp' }),
    );
    valid.delete('issued-1'); // revoked: the next request is answered 401
    expect(await whoami()).toBe('issued-2');
    expect(grants).toHaveLength(2);
    await client.close();
  });

  it('discovers the token endpoint from the resource metadata, and names the resource', async () => {
    const protectedServer = await serveHttp(createFixtureServer(), {
      port: 0,
      auth: (endpoint) => ({
        authenticate: (request) => {
          const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
          if (token === undefined || !valid.has(token)) {
            const metadata = new URL(`/.well-known/oauth-protected-resource${endpoint.pathname}`, endpoint);
            return new Response(null, {
              status: 401,
              headers: { 'www-authenticate': `Bearer resource_metadata="${metadata.href}"` },
            });
          }
          return { token, clientId: 'machine', subject: 'machine' };
        },
        serveMetadata: (request) =>
          new URL(request.url).pathname === `/.well-known/oauth-protected-resource${endpoint.pathname}`
            ? Response.json(protectedResourceMetadata({ resource: endpoint.href, authorizationServers: [issuer()] }))
            : undefined,
      }),
    });
    try {
      const before = grants.length;
      const provider = clientCredentials({
        resource: protectedServer.url,
        clientId: 'machine',
        clientSecret: 's3cret',
      });
      const client = await connectHttp(protectedServer.url, { token: provider });
      const who = JSON.parse(String((await client.callTool('whoami')).content[0]?.text));
      expect(who.token).toBe(`issued-${before + 1}`);
      expect(new URLSearchParams(grants.at(-1)?.form).get('resource')).toBe(protectedServer.url.href);
      await client.close();
    } finally {
      await protectedServer.close();
    }
  });

  it('needs a token endpoint or a resource to find one from', () => {
    expect(() => clientCredentials({ clientId: 'machine', clientSecret: 's3cret' })).toThrow(
      /tokenUrl, or the resource/,
    );
  });

  it('a refused grant is a clear error', async () => {
    const provider = clientCredentials({ tokenUrl, clientId: 'machine', clientSecret: 'wrong' });
    await expect(connectHttp(mcp.url, { token: provider })).rejects.toThrow(
      /token endpoint refused the client credentials \(HTTP 401\) invalid_client/,
    );
  });
});
