import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { type SecureServer, serveSecure } from '../src/server.js';
import { checkHttp, checkStdio, demoTokenMint, stdioTransport } from '../src/smoke.js';

const servers: SecureServer[] = [];
const serve = async (env: Record<string, string>) => {
  const server = await serveSecure({ PORT: '0', ...env });
  servers.push(server);
  return server;
};
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('examples/secure: the smoke checks with the official client', () => {
  it('over stdio: only the public tool, the @Authorized ones hidden and refused', async () => {
    const client = new Client({ name: 'example-check', version: '1.0.0' });
    await client.connect(stdioTransport());
    try {
      await checkStdio(client);
    } finally {
      await client.close();
    }
  });

  it('over streamable HTTP in demo mode, with tokens from GET /demo-token', async () => {
    const server = await serve({ DEMO_TOKENS: '1' });
    expect(server.demo).toBeDefined();
    await checkHttp(server.url, demoTokenMint(server.demoTokenUrl as URL));
  });

  it('over streamable HTTP trusting an authorization server by AUTH_ISSUER and its JWKS', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const keys = [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }];
    const jwks: Server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys })),
    );
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    try {
      const issuer = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}`;
      const server = await serve({ AUTH_ISSUER: issuer });
      expect(server.demo).toBeUndefined();
      expect(server.config).toMatchObject({ issuer, jwksUrl: `${issuer}/.well-known/jwks.json` });
      await checkHttp(server.url, (scope, subject) =>
        new SignJWT({ scope })
          .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(server.url.href)
          .setSubject(subject)
          .setExpirationTime('5m')
          .sign(privateKey),
      );
    } finally {
      jwks.close();
    }
  });
});

describe('examples/secure demo mode', () => {
  it('serves no token endpoint unless DEMO_TOKENS=1', async () => {
    const server = await serve({});
    expect(server.demo).toBeDefined();
    expect(server.demoTokenUrl).toBeUndefined();
    expect((await fetch(new URL('/demo-token?scope=notes:read', server.url))).status).toBe(404);
  });

  it('refuses a token issued for another server (audience)', async () => {
    const server = await serve({});
    const token = await server.demo?.mint({ audience: 'http://127.0.0.1:1/mcp', scope: 'notes:read' });
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('refuses configurations that mix demo and real keys', async () => {
    await expect(serveSecure({ PORT: '0', AUTH_ISSUER: 'https://auth.example.com', DEMO_TOKENS: '1' })).rejects.toThrow(
      /only works in demo mode/,
    );
    await expect(serveSecure({ PORT: '0', AUTH_JWKS_URL: 'https://auth.example.com/jwks' })).rejects.toThrow(
      /needs AUTH_ISSUER/,
    );
  });
});
