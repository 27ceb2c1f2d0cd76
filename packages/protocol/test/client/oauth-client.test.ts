// OAuthClient against an authorization server started here (dynamic registration, PKCE S256 checked, RFC 9207 iss,
// refresh tokens) and a Decorum server that takes only its tokens: the login on the first 401, the refresh that
// needs no user, and an authorization response from the wrong issuer refused before any code is exchanged.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSecureEndpoint } from '../../src/client/oauth/metadata.js';
import { AuthorizationError, connectHttp, memoryTokenStore, OAuthClient } from '../../src/client.js';
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
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describe('OAuthClient', () => {
  const valid = new Set<string>();
  const log: string[] = [];
  const settings = { wrongIss: false, expiresIn: 3600 };
  const challenges = new Map<string, string>();
  let as: Server;
  let issuer: string;
  let mcp: HttpServing;
  let issued = 0;

  beforeAll(async () => {
    as = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', issuer);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      if (url.pathname === '/.well-known/oauth-authorization-server') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          registration_endpoint: `${issuer}/register`,
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
          authorization_response_iss_parameter_supported: true,
          scopes_supported: ['notes:read', 'offline_access'],
        });
      }
      if (url.pathname === '/register') {
        const registration = JSON.parse(await body(req)) as { redirect_uris: string[] };
        log.push(`register ${registration.redirect_uris.join(' ')}`);
        return json(201, { client_id: 'client-1', token_endpoint_auth_method: 'none' });
      }
      if (url.pathname === '/authorize') {
        const q = url.searchParams;
        log.push(
          `authorize scope=${q.get('scope')} resource=${q.get('resource')} method=${q.get('code_challenge_method')}`,
        );
        const code = `code-${challenges.size + 1}`;
        challenges.set(code, q.get('code_challenge') ?? '');
        const back = new URL(q.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        back.searchParams.set('iss', settings.wrongIss ? 'https://attacker.example' : issuer);
        return res.writeHead(302, { location: back.href }).end();
      }
      if (url.pathname === '/token') {
        const form = new URLSearchParams(await body(req));
        const grant = form.get('grant_type');
        log.push(`token ${grant} resource=${form.get('resource')}`);
        if (grant === 'authorization_code') {
          const challenge = challenges.get(form.get('code') ?? '');
          if (challenge === undefined || s256(form.get('code_verifier') ?? '') !== challenge) {
            return json(400, { error: 'invalid_grant' });
          }
        } else if (grant !== 'refresh_token' || !form.get('refresh_token')?.startsWith('rt-')) {
          return json(400, { error: 'invalid_grant' });
        }
        const token = `at-${++issued}`;
        valid.add(token);
        return json(200, {
          access_token: token,
          token_type: 'Bearer',
          refresh_token: `rt-${issued}`,
          expires_in: settings.expiresIn,
          scope: 'notes:read offline_access',
        });
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => as.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(as.address() as AddressInfo).port}`;
    mcp = await serveHttp(createFixtureServer(), {
      port: 0,
      auth: (endpoint) => {
        const metadata = new URL(`/.well-known/oauth-protected-resource${endpoint.pathname}`, endpoint);
        return {
          authenticate: (request) => {
            const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
            if (token === undefined || !valid.has(token)) {
              return new Response(null, {
                status: 401,
                headers: { 'www-authenticate': `Bearer resource_metadata="${metadata.href}"` },
              });
            }
            return { token, clientId: 'client-1', subject: 'ada' };
          },
          serveMetadata: (request) =>
            new URL(request.url).pathname === metadata.pathname
              ? Response.json(
                  protectedResourceMetadata({
                    resource: endpoint.href,
                    authorizationServers: [issuer],
                    scopesSupported: ['notes:read'],
                  }),
                )
              : undefined,
        };
      },
    });
  });
  afterAll(async () => {
    await mcp.close();
    as.closeAllConnections();
    await new Promise((resolve) => as.close(resolve));
  });

  const userAgent = async (url: URL) => {
    const response = await fetch(url, { redirect: 'manual' });
    return String(response.headers.get('location'));
  };

  it('logs in on the first 401 (registration, PKCE, resource, scopes) and refreshes without the user', async () => {
    log.length = 0;
    settings.expiresIn = 1;
    let asked = 0;
    const store = memoryTokenStore();
    const oauth = new OAuthClient({
      server: mcp.url,
      redirectUri: 'http://127.0.0.1:1/callback',
      authorize: (url) => {
        asked++;
        return userAgent(url);
      },
      store,
      // Tokens live 1 s: with 2 s of margin every use is a refresh.
      earlyRefreshMs: 2000,
    });
    const client = await connectHttp(mcp.url, { token: oauth });
    expect((await client.callTool('echo', { text: 'hi' })).content).toEqual([{ type: 'text', text: 'hi' }]);
    await client.close();
    expect(asked).toBe(1);
    expect(log.slice(0, 3)).toEqual([
      'register http://127.0.0.1:1/callback',
      `authorize scope=notes:read offline_access resource=${mcp.url.href} method=S256`,
      `token authorization_code resource=${mcp.url.href}`,
    ]);
    expect(log.slice(3).every((line) => line === `token refresh_token resource=${mcp.url.href}`)).toBe(true);
    expect(log.length).toBeGreaterThan(3);
    expect((await store.load())?.tokens?.refresh_token).toMatch(/^rt-/);
    settings.expiresIn = 3600;
  });

  it('refuses an authorization response from another issuer (RFC 9207), exchanging no code', async () => {
    log.length = 0;
    settings.wrongIss = true;
    try {
      const oauth = new OAuthClient({
        server: mcp.url,
        redirectUri: 'http://127.0.0.1:1/callback',
        authorize: userAgent,
      });
      const failed = connectHttp(mcp.url, { token: oauth });
      await expect(failed).rejects.toThrow(AuthorizationError);
      await expect(failed).rejects.toThrow(`comes from https://attacker.example, not from ${issuer}`);
      expect(log.filter((line) => line.startsWith('token'))).toEqual([]);
    } finally {
      settings.wrongIss = false;
    }
  });

  it('takes authorization server endpoints over https, or http on the loopback interface only', () => {
    expect(isSecureEndpoint('https://as.example/token')).toBe(true);
    expect(isSecureEndpoint('http://127.0.0.1:9000/token')).toBe(true);
    expect(isSecureEndpoint('http://localhost/authorize')).toBe(true);
    expect(isSecureEndpoint('http://as.example/token')).toBe(false);
    expect(isSecureEndpoint('http://127.0.0.1.evil.example/token')).toBe(false);
    expect(isSecureEndpoint('javascript:alert(1)')).toBe(false);
  });
});
