// The other ways in: API keys (configurable header), opaque tokens through introspection
// (RFC 7662), a custom authenticate, anonymous access; and the pieces (challenges, verifier guards).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerChallenge,
  IntrospectionVerifier,
  JwtVerifier,
  ProtocolServer,
  ResourceServer,
  type ResourceServerOptions,
  StreamableHttpHandler,
} from '../../src/index.js';
import { type LocalAuthorizationServer, startAuthorizationServer } from './fixtures/local-authorization-server.js';

const RESOURCE = 'http://127.0.0.1/mcp';
let as: LocalAuthorizationServer;
const handlers: StreamableHttpHandler[] = [];
beforeAll(async () => {
  as = await startAuthorizationServer();
});
afterAll(async () => {
  await Promise.all(handlers.map((h) => h.close()));
  await as.close();
});

function endpoint(options: Partial<ResourceServerOptions>): StreamableHttpHandler {
  const server = new ProtocolServer({ serverInfo: { name: 'modes', version: '1.0.0' } });
  server.setTools({
    list: () => [{ name: 'whoami', inputSchema: { type: 'object' } }],
    call: (_params, ctx) => ({ content: [{ type: 'text', text: JSON.stringify(ctx.authInfo ?? null) }] }),
  });
  const auth = new ResourceServer({ resource: RESOURCE, authorizationServers: [as.issuer], ...options });
  const http = new StreamableHttpHandler(server, { auth, stateless: true });
  handlers.push(http);
  return http;
}

const whoami = (headers: Record<string, string> = {}) =>
  new Request(RESOURCE, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
  });

async function principal(response: Response): Promise<Record<string, unknown> | null> {
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { content: { text: string }[] } };
  return JSON.parse(body.result.content[0]?.text ?? 'null');
}

describe('API keys', () => {
  it('accepts a known key in the configured header, refuses an unknown one', async () => {
    const http = endpoint({
      apiKey: { header: 'X-Team-Key', keys: { 'key-ci-123': { subject: 'ci', scopes: ['notes:read'] } } },
    });
    expect(await principal(await http.handle(whoami({ 'x-team-key': 'key-ci-123' })))).toMatchObject({
      subject: 'ci',
      scopes: ['notes:read'],
    });
    const refused = await http.handle(whoami({ 'x-team-key': 'key-ci-124' }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await http.handle(whoami({ 'x-api-key': 'key-ci-123' }))).status).toBe(401);
  });

  it('looks keys up through a function', async () => {
    const http = endpoint({ apiKey: { keys: async (key) => (key === 'k' ? { clientId: 'svc' } : undefined) } });
    expect(await principal(await http.handle(whoami({ 'x-api-key': 'k' })))).toMatchObject({ clientId: 'svc' });
  });
});

describe('opaque tokens through introspection (RFC 7662)', () => {
  const verifier = (audience = RESOURCE) =>
    new IntrospectionVerifier({
      endpoint: `${as.issuer}/introspect`,
      clientId: 'mcp-server',
      clientSecret: 'introspect-secret',
      audience,
      issuer: as.issuer,
    }).verify;

  it('accepts an active token issued for this resource', async () => {
    as.introspection.set('opaque-1', {
      active: true,
      sub: 'carol',
      client_id: 'app-2',
      scope: 'notes:read notes:write',
      aud: RESOURCE,
      iss: as.issuer,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    const http = endpoint({ verifyToken: verifier() });
    expect(await principal(await http.handle(whoami({ authorization: 'Bearer opaque-1' })))).toMatchObject({
      subject: 'carol',
      clientId: 'app-2',
      scopes: ['notes:read', 'notes:write'],
    });
  });

  it('refuses inactive, expired, foreign-audience and unknown tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    as.introspection.set('inactive', { active: false });
    as.introspection.set('expired', { active: true, sub: 'x', aud: RESOURCE, exp: now - 10 });
    as.introspection.set('foreign', { active: true, sub: 'x', aud: 'https://other.example', exp: now + 60 });
    as.introspection.set('no-aud', { active: true, sub: 'x', exp: now + 60 });
    const http = endpoint({ verifyToken: verifier() });
    for (const token of ['inactive', 'expired', 'foreign', 'no-aud', 'never-issued']) {
      const response = await http.handle(whoami({ authorization: `Bearer ${token}` }));
      expect(response.status, token).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('fails closed when the introspection endpoint refuses us', async () => {
    const verify = new IntrospectionVerifier({
      endpoint: `${as.issuer}/introspect`,
      clientId: 'mcp-server',
      clientSecret: 'wrong',
      audience: RESOURCE,
    }).verify;
    as.introspection.set('opaque-2', { active: true, sub: 'x', aud: RESOURCE });
    await expect(verify('opaque-2')).rejects.toThrow('could not be verified');
  });
});

describe('a custom authenticate and anonymous access', () => {
  it('runs a custom authenticate for requests with neither bearer token nor API key', async () => {
    const http = endpoint({
      authenticate: (request) =>
        request.headers.get('x-mtls-subject') === 'device-7' ? { subject: 'device-7', scopes: [] } : undefined,
    });
    expect(await principal(await http.handle(whoami({ 'x-mtls-subject': 'device-7' })))).toMatchObject({
      subject: 'device-7',
    });
    expect((await http.handle(whoami())).status).toBe(401);
  });

  it('lets anonymous requests through when allowed, but still refuses bad credentials', async () => {
    const http = endpoint({ allowAnonymous: true, jwt: { jwksUrl: as.jwksUrl, issuer: as.issuer } });
    expect(await principal(await http.handle(whoami()))).toBeNull();
    expect((await http.handle(whoami({ authorization: 'Bearer not-a-jwt' }))).status).toBe(401);
  });
});

describe('pieces', () => {
  it('quotes challenge parameters safely', () => {
    expect(bearerChallenge({})).toBe('Bearer');
    expect(bearerChallenge({ error: 'invalid_token', description: 'say "hi"\\\n' })).toBe(
      'Bearer error="invalid_token", error_description="say \\"hi\\"\\\\ "',
    );
  });

  it('refuses to be configured with alg none or HS* algorithms, or without keys', () => {
    const base = { jwksUrl: 'https://auth.example/jwks', issuer: 'https://auth.example', audience: RESOURCE };
    expect(() => new JwtVerifier({ ...base, algorithms: ['none'] })).toThrow(/none/);
    expect(() => new JwtVerifier({ ...base, algorithms: ['RS256', 'HS256'] })).toThrow(/HS256/);
    expect(() => new JwtVerifier({ issuer: base.issuer, audience: RESOURCE })).toThrow(/jwksUrl or keys/);
  });

  it('needs an authorization server and a resource without fragment', () => {
    expect(() => new ResourceServer({ resource: RESOURCE, authorizationServers: [] })).toThrow(/authorization server/);
    expect(() => new ResourceServer({ resource: `${RESOURCE}#x`, authorizationServers: ['https://a'] })).toThrow(
      /fragment/,
    );
  });
});
