// The authorization server against the GitHub stand-in over real HTTP: the happy path, then each attack a naive
// implementation lets through (redirect URI mismatch, PKCE, code replay, refresh reuse, CSRF, open redirects,
// tokens for another resource).

import { ResourceServer } from '@decorum/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOAuthStore } from '../src/store/oauth-store.js';
import { FetchBrowser, parseForm } from './support/browser.js';
import {
  authorizationCode,
  authorizeUrl,
  CLIENT_REDIRECT,
  callRepos,
  exchange,
  type Harness,
  pkce,
  signIn,
  startHarness,
  tokenRequest,
  WEB_CLIENT,
} from './support/harness.js';

let h: Harness;
/** Shared with a second server for another resource (same keys, other audience). */
const store = new MemoryOAuthStore();
beforeAll(async () => {
  h = await startHarness({ store });
});
afterAll(async () => {
  await h.close();
});

/** The redirect of an /authorize request (not followed). */
const authorizeOnce = (url: string) => fetch(url, { redirect: 'manual' });

describe('metadata', () => {
  it('serves RFC 8414 metadata and a PRM document naming this issuer', async () => {
    const meta = (await (await fetch(new URL('/.well-known/oauth-authorization-server', h.issuer))).json()) as Record<
      string,
      unknown
    >;
    expect(meta).toMatchObject({
      issuer: h.issuer,
      authorization_endpoint: `${h.issuer}/oauth/authorize`,
      token_endpoint: `${h.issuer}/oauth/token`,
      registration_endpoint: `${h.issuer}/oauth/register`,
      revocation_endpoint: `${h.issuer}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
    const prm = (await (await fetch(new URL('/.well-known/oauth-protected-resource/mcp', h.issuer))).json()) as Record<
      string,
      unknown
    >;
    expect(prm).toMatchObject({ resource: h.mcpUrl.href, authorization_servers: [h.issuer] });
    const jwks = (await (await fetch(meta.jwks_uri as string)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
  });
});

describe('the flow', () => {
  it('signs in upstream, consents, exchanges the code and calls a tool with the user’s upstream token', async () => {
    const { code, verifier } = await authorizationCode(h);
    const { status, body } = await exchange(h, code, verifier);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'repos:read' });
    const call = await callRepos(h, body.access_token as string);
    expect(call.text).toBe('github:1001: alice/wonderland, alice/looking-glass');
  });

  it('remembers consent per user × client × scopes: the second sign-in skips the page', async () => {
    const sawConsent = async () => {
      const browser = new FetchBrowser();
      const url = authorizeUrl(h.issuer, {
        client_id: WEB_CLIENT.clientId,
        redirect_uri: WEB_CLIENT.redirectUri,
        code_challenge: pkce().challenge,
      });
      const back = await signIn(browser, url, WEB_CLIENT.redirectUri, 'bob');
      expect(back.searchParams.get('code')).not.toBeNull();
      return browser.hops.some((hop) => hop.url.includes('/oauth/consent'));
    };
    expect(await sawConsent()).toBe(true);
    expect(await sawConsent()).toBe(false);
  });

  it('always asks again for a loopback redirect (any local program can claim one), and warns', async () => {
    for (let i = 0; i < 2; i++) {
      const browser = new FetchBrowser();
      await authorizationCode(h, browser, 'bob');
      const page = browser.hops.find((hop) => hop.url.includes('/oauth/consent'));
      expect(page?.body).toContain('a program on your own computer');
    }
  });

  it('keeps two sign-ins of one browser apart', async () => {
    const browser = new FetchBrowser();
    const a = pkce();
    const b = pkce();
    const stop = {
      stopAt: () => false,
      fill: (page: string, f: Record<string, string>) =>
        page.includes('Sign in to GitHub') ? { ...f, login: 'alice' } : undefined,
    };
    // Both start (two tabs), both sign in upstream; then each answers its own consent page.
    await expect(
      browser.navigate(authorizeUrl(h.issuer, { code_challenge: a.challenge, state: 'A' }), stop),
    ).rejects.toThrow('no way forward');
    const pageA = browser.hops.at(-1) as { url: string; body: string };
    await expect(
      browser.navigate(authorizeUrl(h.issuer, { code_challenge: b.challenge, state: 'B' }), stop),
    ).rejects.toThrow('no way forward');
    const pageB = browser.hops.at(-1) as { url: string; body: string };
    for (const [page, state] of [
      [pageA, 'A'],
      [pageB, 'B'],
    ] as const) {
      const fields = parseForm(page.body)?.fields ?? {};
      const answer = await browser.request(`${h.issuer}/oauth/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, decision: 'allow' }).toString(),
      });
      expect(new URL(answer.headers.get('location') as string).searchParams.get('state')).toBe(state);
    }
  });
});

describe('redirect URI mismatch', () => {
  for (const [name, uri] of [
    ['another host', 'https://evil.example/callback'],
    ['a longer path', `${CLIENT_REDIRECT}/../evil`],
    ['a trailing slash', `${CLIENT_REDIRECT}/`],
    ['an extra query', `${CLIENT_REDIRECT}?next=https://evil.example`],
    ['another loopback host', 'http://localhost:7777/callback'],
  ] as const) {
    it(`refuses ${name} with an error page and no redirect`, async () => {
      const response = await authorizeOnce(
        authorizeUrl(h.issuer, { code_challenge: pkce().challenge, redirect_uri: uri }),
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('Invalid redirect URI');
    });
  }

  it('accepts another port on a loopback redirect URI (RFC 8252 §7.3)', async () => {
    const response = await authorizeOnce(
      authorizeUrl(h.issuer, { code_challenge: pkce().challenge, redirect_uri: 'http://127.0.0.1:51234/callback' }),
    );
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') as string).origin).toBe(h.standIn.url);
  });

  it('refuses a token request whose redirect_uri differs from the authorization request', async () => {
    const { code, verifier } = await authorizationCode(h);
    const { status, body } = await exchange(h, code, verifier, { redirect_uri: 'http://127.0.0.1:7777/other' });
    expect([status, body.error]).toEqual([400, 'invalid_grant']);
  });
});

describe('PKCE', () => {
  it('missing: the authorization request is refused', async () => {
    const response = await authorizeOnce(authorizeUrl(h.issuer, { code_challenge_method: undefined }));
    const back = new URL(response.headers.get('location') as string);
    expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('plain: refused even with a challenge', async () => {
    const { verifier } = pkce();
    const response = await authorizeOnce(
      authorizeUrl(h.issuer, { code_challenge: verifier, code_challenge_method: 'plain' }),
    );
    const back = new URL(response.headers.get('location') as string);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toContain('S256');
  });

  it('wrong verifier: the code is refused at the token endpoint', async () => {
    const { code } = await authorizationCode(h);
    const { status, body } = await exchange(h, code, pkce().verifier);
    expect([status, body.error]).toEqual([400, 'invalid_grant']);
  });

  it('no verifier: refused', async () => {
    const { code } = await authorizationCode(h);
    const { status, body } = await tokenRequest(h, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CLIENT_REDIRECT,
    });
    expect([status, body.error]).toEqual([400, 'invalid_request']);
  });
});

describe('code replay', () => {
  it('a second use is refused and revokes every token the first use gave', async () => {
    const { code, verifier } = await authorizationCode(h);
    const first = await exchange(h, code, verifier);
    expect(first.status).toBe(200);
    expect((await callRepos(h, first.body.access_token as string)).status).toBe(200);
    const second = await exchange(h, code, verifier);
    expect([second.status, second.body.error]).toEqual([400, 'invalid_grant']);
    expect((await callRepos(h, first.body.access_token as string)).status).toBe(401);
    const refresh = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh gives a new token and the old one stops working', async () => {
    const { code, verifier } = await authorizationCode(h);
    const first = await exchange(h, code, verifier);
    const second = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await callRepos(h, second.body.access_token as string)).text).toContain('alice/wonderland');
  });

  it('refresh reuse: replaying a rotated refresh token revokes the whole family', async () => {
    const { code, verifier } = await authorizationCode(h);
    const first = await exchange(h, code, verifier);
    const second = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
    });
    const reuse = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
    });
    expect([reuse.status, reuse.body.error]).toEqual([400, 'invalid_grant']);
    const legit = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token as string,
    });
    expect(legit.body.error).toBe('invalid_grant');
    expect((await callRepos(h, second.body.access_token as string)).status).toBe(401);
  });

  it('refuses a refresh token of another client', async () => {
    const { code, verifier } = await authorizationCode(h);
    const first = await exchange(h, code, verifier);
    const other = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
      client_id: 'someone-else',
    });
    expect(other.status).toBe(401);
  });
});

describe('revocation (RFC 7009)', () => {
  it('revoking the refresh token refuses the access token and the refresh token', async () => {
    const { code, verifier } = await authorizationCode(h);
    const tokens = await exchange(h, code, verifier);
    const revoked = await fetch(new URL('/oauth/revoke', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'test-client', token: tokens.body.refresh_token as string }),
    });
    expect(revoked.status).toBe(200);
    expect((await callRepos(h, tokens.body.access_token as string)).status).toBe(401);
    const refresh = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token as string,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });
});

describe('consent', () => {
  /** Runs the flow up to the consent page; answers its form fields and the browser. */
  async function atConsent(): Promise<{ browser: FetchBrowser; fields: Record<string, string>; action: string }> {
    const browser = new FetchBrowser();
    let captured: Record<string, string> = {};
    await expect(
      browser.navigate(authorizeUrl(h.issuer, { code_challenge: pkce().challenge }), {
        stopAt: () => false,
        fill: (page, fields) => {
          // carol never consents in this file, so her consent page always shows
          if (page.includes('Sign in to GitHub')) return { ...fields, login: 'carol' };
          captured = fields;
          return undefined; // stop at the consent page
        },
      }),
    ).rejects.toThrow('no way forward');
    return { browser, fields: captured, action: `${h.issuer}/oauth/consent` };
  }

  it('shows the client name and redirect host, and forbids framing', async () => {
    const { browser } = await atConsent();
    const page = browser.hops.at(-1) as { body: string; url: string };
    expect(page.body).toContain('Test Client');
    expect(page.body).toContain('127.0.0.1:7777');
    const again = await browser.request(page.url);
    expect(again.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(again.headers.get('x-frame-options')).toBe('DENY');
  });

  it('consent without the CSRF token is refused', async () => {
    const { browser, fields, action } = await atConsent();
    const { csrf: _csrf, ...withoutCsrf } = fields;
    const response = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...withoutCsrf, decision: 'allow' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });

  it('a forged consent from another browser (right form, no cookie) is refused', async () => {
    const { fields, action } = await atConsent();
    const response = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, decision: 'allow' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });

  it('deny sends access_denied back with the state', async () => {
    const url = authorizeUrl(h.issuer, { code_challenge: pkce().challenge, state: 'd1' });
    const back = await signIn(new FetchBrowser(), url, CLIENT_REDIRECT, 'carol', 'deny');
    expect(back.searchParams.get('state')).toBe('d1');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('open redirect', () => {
  it('via redirect_uri: an unregistered URI is never redirected to, whatever else is wrong', async () => {
    const response = await authorizeOnce(
      authorizeUrl(h.issuer, {
        redirect_uri: 'https://evil.example/cb',
        response_type: 'token',
        code_challenge: undefined,
      }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('via state: a hostile state comes back as one encoded value on the registered URI', async () => {
    const state = 'x&redirect_uri=https://evil.example/&code=forged#frag\r\nLocation: https://evil.example/';
    const back = await signIn(new FetchBrowser(), authorizeUrl(h.issuer, { code_challenge: pkce().challenge, state }));
    expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
    expect(back.searchParams.getAll('state')).toEqual([state]);
    expect(back.searchParams.getAll('code')).toHaveLength(1);
    expect(back.searchParams.get('redirect_uri')).toBeNull();
  });

  it('via an error: errors after the redirect URI check still go only to the registered URI', async () => {
    const response = await authorizeOnce(
      authorizeUrl(h.issuer, { code_challenge: pkce().challenge, response_type: 'token', state: '//evil.example' }),
    );
    const back = new URL(response.headers.get('location') as string);
    expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
    expect(back.searchParams.get('error')).toBe('unsupported_response_type');
  });
});

describe('another resource', () => {
  it('refuses to authorize for a resource that is not this server', async () => {
    const response = await authorizeOnce(
      authorizeUrl(h.issuer, { code_challenge: pkce().challenge, resource: 'https://other.example/mcp' }),
    );
    expect(new URL(response.headers.get('location') as string).searchParams.get('error')).toBe('invalid_target');
  });

  it('a token minted for another resource (same issuer and keys) is refused by this one', async () => {
    const other = await startHarness({ store: store, resource: 'https://other.example/mcp' }, h.standIn);
    try {
      // Same store, same sealing key: both servers sign with the same keys, so only the audience differs.
      const meta = (await (await fetch(new URL('/.well-known/oauth-authorization-server', other.issuer))).json()) as {
        issuer: string;
      };
      expect(meta.issuer).toBe(other.issuer);
      const { code, verifier } = await authorizationCode(other);
      const tokens = await exchange(other, code, verifier);
      expect(tokens.status).toBe(200);
      const payload = JSON.parse(
        Buffer.from((tokens.body.access_token as string).split('.')[1] as string, 'base64url').toString(),
      );
      expect(payload.aud).toBe('https://other.example/mcp');
      const call = await callRepos(h, tokens.body.access_token as string);
      expect(call.status).toBe(401);
      expect(call.raw).toContain('invalid_token');
    } finally {
      await other.close();
    }
  });
});

describe('bounded input', () => {
  it('refuses an oversized token request without reading it all', async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(`a=${'x'.repeat(16 * 1024)}&`));
      },
    });
    const response = await fetch(new URL('/oauth/token', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('refuses a repeated parameter (RFC 6749 §3.1)', async () => {
    const { code, verifier } = await authorizationCode(h);
    const response = await fetch(new URL('/oauth/token', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `client_id=test-client&grant_type=authorization_code&code=${code}&code=${code}&code_verifier=${verifier}`,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });
});

describe('tokens for other resource servers', () => {
  it("Decorum's ResourceServer verifies the tokens with only the JWKS URL and the issuer", async () => {
    const { code, verifier } = await authorizationCode(h);
    const tokens = await exchange(h, code, verifier);
    const meta = (await (await fetch(new URL('/.well-known/oauth-authorization-server', h.issuer))).json()) as {
      jwks_uri: string;
    };
    const elsewhere = new ResourceServer({
      resource: h.mcpUrl,
      authorizationServers: [h.issuer],
      jwt: { jwksUrl: meta.jwks_uri, issuer: h.issuer, typ: 'at+jwt' },
    });
    const request = new Request(h.mcpUrl, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    const principal = await elsewhere.authenticate(request);
    expect(principal).toMatchObject({ subject: 'github:1001', clientId: 'test-client', scopes: ['repos:read'] });
    const header = JSON.parse(
      Buffer.from((tokens.body.access_token as string).split('.')[0] as string, 'base64url').toString(),
    );
    const claims = JSON.parse(
      Buffer.from((tokens.body.access_token as string).split('.')[1] as string, 'base64url').toString(),
    );
    expect(header).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    expect(Object.keys(claims).sort()).toEqual(['aud', 'client_id', 'exp', 'fam', 'iat', 'iss', 'jti', 'scope', 'sub']);
    expect(claims.exp - claims.iat).toBe(300);
  });
});
