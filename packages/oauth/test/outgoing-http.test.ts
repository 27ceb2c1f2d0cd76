// The outgoing half under hostile upstreams, over real HTTP on loopback port 0: a token endpoint that redirects to
// another origin (nothing reaches it), answers 50 MB (read no further than the limit, connection closed), never
// answers or stalls mid-body (deadline, request closed, other users served meanwhile); a discovery document and a
// key set that are huge; request bodies over the limit (413); and no secret in any error page or log line.
import { generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { type OAuth2ProviderOptions, oauth2Provider } from '../src/upstream/oauth2-provider.js';
import { oidcProvider } from '../src/upstream/oidc-provider.js';
import { UpstreamError } from '../src/upstream/upstream-provider.js';
import { FetchBrowser, type Hop } from './support/browser.js';
import { startGitHubStandIn } from './support/github-stand-in.js';
import { authorizeUrl, type Harness, pkce, signIn, startHarness } from './support/harness.js';
import { type Handler, type HostileUpstream, startHostileUpstream, streamHuge } from './support/hostile-upstream.js';

const FIFTY_MB = 50 * 1024 * 1024;
const SECRET = 'gh-secret';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hostile(handler: Handler): Promise<HostileUpstream> {
  const upstream = await startHostileUpstream(handler);
  cleanups.push(upstream.close);
  return upstream;
}

/**
 * A server whose upstream is GitHub-shaped (the stand-in signs the user in and answers user info) except for its
 * token endpoint, which `handler` plays. Every log line is captured.
 */
async function withTokenEndpoint(handler: Handler, extra: Partial<OAuth2ProviderOptions> = {}) {
  const standIn = await startGitHubStandIn({ id: 'gh-client', secret: SECRET });
  cleanups.push(standIn.close);
  const upstream = await hostile(handler);
  const logs: string[] = [];
  const h = await startHarness(
    {
      upstream: oauth2Provider({
        id: 'github',
        displayName: 'GitHub',
        authorizationEndpoint: `${standIn.url}/login/oauth/authorize`,
        tokenEndpoint: `${upstream.url}/login/oauth/access_token`,
        userInfoEndpoint: `${standIn.url}/user`,
        clientId: 'gh-client',
        clientSecret: SECRET,
        ...extra,
      }),
      logger: { warn: (message) => logs.push(message) },
    },
    standIn,
  );
  cleanups.push(h.close);
  return { h, upstream, standIn, logs };
}

/** Signs in through the stand-in; the page the browser is left on (the callback's answer: no form, no redirect). */
async function callbackPage(h: Harness): Promise<Hop> {
  const browser = new FetchBrowser();
  await expect(signIn(browser, authorizeUrl(h.issuer, { code_challenge: pkce().challenge }))).rejects.toThrow(
    /stuck at .*\/oauth\/callback/,
  );
  return browser.hops.at(-1) as Hop;
}

const json = (res: Parameters<Handler>[1], status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('upstream token endpoint', () => {
  it('redirecting to another origin: nothing is sent there, and the user gets an error page naming the refusal', async () => {
    const elsewhere = await hostile((_req, res) => json(res, 200, { access_token: 'stolen', token_type: 'bearer' }));
    const t = await withTokenEndpoint((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/steal` }).end();
    });
    const page = await callbackPage(t.h);
    expect(page.status).toBe(502);
    expect(page.body).toContain('redirected to another origin');
    // The exchange really was sent (to the configured origin only), and the other origin received nothing.
    expect(t.upstream.received[0]?.body).toContain('grant_type=authorization_code');
    expect(elsewhere.received).toEqual([]);
  });

  it('redirecting within its origin: followed (307 repeats the POST), and the sign-in completes', async () => {
    const standIn = await startGitHubStandIn({ id: 'gh-client', secret: SECRET });
    cleanups.push(standIn.close);
    const upstream = await hostile((req, res) => {
      if (req.path !== '/moved') return void res.writeHead(307, { location: '/moved' }).end();
      void fetch(`${standIn.url}/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: req.body,
      }).then(async (answer) => json(res, answer.status, await answer.json()));
    });
    const h = await startHarness(
      {
        upstream: oauth2Provider({
          id: 'github',
          authorizationEndpoint: `${standIn.url}/login/oauth/authorize`,
          tokenEndpoint: `${upstream.url}/login/oauth/access_token`,
          userInfoEndpoint: `${standIn.url}/user`,
          clientId: 'gh-client',
          clientSecret: SECRET,
        }),
      },
      standIn,
    );
    cleanups.push(h.close);
    const back = await signIn(new FetchBrowser(), authorizeUrl(h.issuer, { code_challenge: pkce().challenge }));
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(upstream.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /login/oauth/access_token',
      'POST /moved',
    ]);
  });

  it('answering 50 MB: read no further than the limit, the connection closed, the user gets the error page', async () => {
    const progress = { written: 0, complete: false };
    const t = await withTokenEndpoint((_req, res) => streamHuge(res, FIFTY_MB, progress));
    const page = await callbackPage(t.h);
    expect(page.status).toBe(502);
    expect(page.body).toMatch(/larger than 262144 bytes/);
    await t.upstream.firstClosed;
    expect(progress.complete).toBe(false);
  });

  it('never answering: the deadline closes the request, the user gets the error page, other users are served meanwhile', async () => {
    const t = await withTokenEndpoint(() => {}, { timeoutMs: 300 });
    const page = callbackPage(t.h);
    await t.upstream.firstRequest;
    const meta = await fetch(new URL('/.well-known/oauth-authorization-server', t.h.issuer));
    expect(meta.status).toBe(200);
    const hop = await page;
    expect(hop.status).toBe(502);
    expect(hop.body).toContain('no complete answer within 300 ms');
    await t.upstream.firstClosed;
  });

  it('stalling after its headers: the same deadline covers the body read and closes the request', async () => {
    const t = await withTokenEndpoint(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"access_token":"');
      },
      { timeoutMs: 300 },
    );
    const page = await callbackPage(t.h);
    expect(page.status).toBe(502);
    expect(page.body).toContain('no complete answer within 300 ms');
    await t.upstream.firstClosed;
  });
});

describe('OIDC discovery and keys', () => {
  it('a huge discovery document: not read past the limit, the client is told the provider is unavailable', async () => {
    const progress = { written: 0, complete: false };
    const upstream = await hostile((_req, res) => streamHuge(res, FIFTY_MB, progress));
    const logs: string[] = [];
    const h = await startHarness({
      upstream: oidcProvider({ issuer: upstream.url, clientId: 'c', clientSecret: 'oidc-secret' }),
      logger: { warn: (message) => logs.push(message) },
    });
    cleanups.push(h.close);
    const back = await signIn(new FetchBrowser(), authorizeUrl(h.issuer, { code_challenge: pkce().challenge }));
    expect(back.searchParams.get('error')).toBe('temporarily_unavailable');
    expect(logs.join('\n')).toMatch(/upstream discovery: .* larger than 262144 bytes/);
    await upstream.firstClosed;
    expect(progress.complete).toBe(false);
  });

  it('a huge key set (JWKS): read through the same bounded fetch, not whole by jose', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const progress = { written: 0, complete: false };
    const upstream = await hostile((req, res) => {
      const base = upstream.url;
      if (req.path === '/.well-known/openid-configuration')
        return json(res, 200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/jwks`,
        });
      if (req.path === '/token')
        return void new SignJWT({ nonce: 'n-1' })
          .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
          .setIssuer(base)
          .setAudience('c')
          .setSubject('user-1')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey)
          .then((idToken) => json(res, 200, { access_token: 'at-1', token_type: 'bearer', id_token: idToken }));
      streamHuge(res, FIFTY_MB, progress);
    });
    const provider = oidcProvider({ issuer: upstream.url, clientId: 'c', clientSecret: 'oidc-secret' });
    const failure = await provider
      .exchange({ code: 'code-1', redirectUri: 'http://127.0.0.1/cb', codeVerifier: 'v'.repeat(43), nonce: 'n-1' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).reason).toBe('answer-too-large');
    expect((failure as UpstreamError).message).toContain('upstream JWKS');
    await upstream.received.find((r) => r.path === '/jwks')?.closed;
    expect(progress.complete).toBe(false);
  });
});

describe('request bodies', () => {
  const big = (bytes: number) => `a=${'x'.repeat(bytes)}`;

  it('/oauth/token: a declared body over the limit is refused with 413 before it is read', async () => {
    const h = await startHarness();
    cleanups.push(h.close);
    const response = await fetch(new URL('/oauth/token', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: big(1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('/oauth/register: a JSON body over the limit is 413 (not a parse error)', async () => {
    const h = await startHarness();
    cleanups.push(h.close);
    const response = await fetch(new URL('/oauth/register', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('/oauth/register: a chunked body (no length) is cut at the limit: 413', async () => {
    const h = await startHarness();
    cleanups.push(h.close);
    const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(new URL('/oauth/register', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('/oauth/token: a body that is not UTF-8 is 400 invalid_request, not parsed with replacement characters', async () => {
    const h = await startHarness();
    cleanups.push(h.close);
    const response = await fetch(new URL('/oauth/token', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new Uint8Array([0x67, 0x72, 0x61, 0x6e, 0x74, 0x3d, 0xff, 0xfe]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('maxBodyBytes lowers the limit', async () => {
    const h = await startHarness({ maxBodyBytes: 512 });
    cleanups.push(h.close);
    const response = await fetch(new URL('/oauth/token', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: big(1024),
    });
    expect(response.status).toBe(413);
  });
});

describe('no secret in an error page or a log line', () => {
  // Each misbehaviour quotes back what it received (the client secret, the code) where a careless error would too.
  const echo = (req: { body: string }) => new URLSearchParams(req.body);
  const cases: [string, (elsewhere: string) => Handler][] = [
    [
      'a refusal whose description quotes the request',
      () => (req, res) =>
        json(res, 400, {
          error: 'invalid_grant',
          error_description: `bad ${echo(req).get('code')} for ${echo(req).get('client_secret')}`,
        }),
    ],
    ['an answer that is not JSON and echoes the request', () => (req, res) => res.writeHead(200).end(req.body)],
    [
      'a redirect to another origin carrying the request in its query',
      (elsewhere) => (req, res) => res.writeHead(307, { location: `${elsewhere}/steal?${req.body}` }).end(),
    ],
    [
      'an oversized answer that starts with the request',
      () => (req, res) => streamHuge(res, FIFTY_MB, { written: 0, complete: false }, `{"echo":"${req.body}`),
    ],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const elsewhere = await hostile((_req, res) => res.writeHead(500).end());
    const t = await withTokenEndpoint(make(elsewhere.url));
    const page = await callbackPage(t.h);
    const code = echo(await t.upstream.firstRequest).get('code') as string;
    expect(code).toBeTruthy();
    expect(page.status).toBe(502);
    expect(t.logs.length).toBeGreaterThan(0);
    const output = `${page.body}\n${t.logs.join('\n')}`;
    for (const secret of [SECRET, code]) expect(output).not.toContain(secret);
    expect(elsewhere.received).toEqual([]);
  });

  it('a refresh the provider refuses by quoting the refresh token: not in the error', async () => {
    const upstream = await hostile((req, res) =>
      json(res, 400, { error: 'invalid_grant', error_description: `unknown ${echo(req).get('refresh_token')}` }),
    );
    const provider = oauth2Provider({
      id: 'p',
      authorizationEndpoint: `${upstream.url}/authorize`,
      tokenEndpoint: `${upstream.url}/token`,
      userInfoEndpoint: `${upstream.url}/user`,
      clientId: 'c',
      clientSecret: SECRET,
    });
    const error = await provider.refresh('rt-very-secret').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('refused (invalid_grant)');
    expect(error?.message).not.toContain('rt-very-secret');
    expect(error?.message).not.toContain(SECRET);
  });
});
