import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenHttp } from '@decorum/protocol/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, createAuth, createSecureApp } from '../src/server.js';

describe('examples/secure with JWT bearer tokens and the official client', () => {
  const app = createSecureApp();
  let jwks: Server;
  let issuer: string;
  let url: URL;
  let sign: (scope: string) => Promise<string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const keys = [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }];
    jwks = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys })),
    );
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}`;
    const listener = await listenHttp((request) => app.fetch(request));
    url = new URL('/mcp', listener.url);
    app.httpHandler({ auth: createAuth(configFromEnv({ AUTH_ISSUER: issuer, MCP_PUBLIC_URL: url.href })) });
    sign = (scope) =>
      new SignJWT({ scope })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(url.href)
        .setSubject('alice')
        .setExpirationTime('5m')
        .sign(privateKey);
    close = async () => {
      await app.close();
      await listener.close();
      jwks.close();
    };
  });
  afterAll(() => close());

  const connect = async (scope: string) => {
    const client = new Client({ name: 'example-check', version: '1.0.0' });
    const headers = { Authorization: `Bearer ${await sign(scope)}` };
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    return client;
  };

  it('lists and calls tools according to the token scopes', async () => {
    const writer = await connect('notes:read notes:write');
    expect((await writer.listTools()).tools.map((t) => t.name)).toEqual(['add', 'list']);
    expect((await writer.callTool({ name: 'add', arguments: { text: 'buy milk' } })).content).toEqual([
      { type: 'text', text: 'Added note 1.' },
    ]);
    const reader = await connect('notes:read');
    expect((await reader.listTools()).tools.map((t) => t.name)).toEqual(['list']);
    expect((await reader.callTool({ name: 'list' })).content).toEqual([{ type: 'text', text: '1: buy milk' }]);
    await expect(reader.callTool({ name: 'add', arguments: { text: 'x' } })).rejects.toMatchObject({ code: 403 });
    await Promise.all([writer.close(), reader.close()]);
  });

  it('refuses a client without a token, pointing at its metadata', async () => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('/.well-known/oauth-protected-resource/mcp');
  });
});
