// The Decorum client end to end against a Decorum app that is its own authorization server in front of
// oidc-provider: `OAuthClient` registers by client ID metadata document and, separately, by dynamic registration,
// the user signs in through headless Chromium (the upstream's login and consent, then Decorum's consent page), a
// tool answers with that user's upstream identity, a token expired on the server is refreshed on its 401, and after
// revocation the client is refused and asks for a new login. Legacy sessions and stateless serving.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, memoryTokenStore, OAuthClient } from '../../packages/protocol/src/client.js';
import { CHROMIUM } from '../support/chromium.js';
import { clickThroughLogin } from './support/browser-login.js';
import { type E2eRig, type Served, serveBehindOidc, startE2eRig } from './support/oidc-served.js';

const runs = existsSync(CHROMIUM) || process.env.CI !== undefined;

/** A native client's loopback callback (port 0): each authorization resolves with the URL the browser came back to. */
class LoopbackCallback {
  private server?: Server;
  private arrived?: (url: string) => void;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.url);
      if (url.pathname === '/callback') this.arrived?.(url.href);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/callback`;
    return this;
  }

  /** Drives the browser through the flow as `login`; resolves with the callback URL (code and state). */
  async authorize(browser: BrowserContext, authorizationUrl: URL, login: string): Promise<string> {
    let back: string | undefined;
    this.arrived = (url) => {
      back = url;
    };
    await clickThroughLogin(browser, authorizationUrl, login, () => back !== undefined);
    return back as string;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe.runIf(runs)('the Decorum client through Decorum in front of oidc-provider', () => {
  let rig: E2eRig;
  const served: Served[] = [];

  beforeAll(async () => {
    rig = await startE2eRig('Decorum via CIMD');
  }, 120_000);

  afterAll(async () => {
    await rig?.close();
    for (const s of served) await s.close();
    for (const s of served) await s.upstream.close();
  });

  for (const stateless of [false, true]) {
    for (const registration of ['CIMD', 'DCR'] as const) {
      it(`${registration}, ${stateless ? 'stateless' : 'sessions'}: login, upstream token, refresh on 401, revocation`, async () => {
        const server = await serveBehindOidc(stateless, rig.tlsCert);
        served.push(server);
        const callback = await new LoopbackCallback().start();
        const login = `decorum-${registration.toLowerCase()}-${stateless ? 's' : 'f'}`;
        const store = memoryTokenStore();
        const authorizations: URL[] = [];
        let interactive = true;
        let tokenRequests = 0;
        const oauth = new OAuthClient({
          server: server.url,
          redirectUri: () => callback.url,
          clientMetadataUrl: registration === 'CIMD' ? `${rig.cimdSite.origin}/client.json` : undefined,
          clientMetadata: { client_name: 'Decorum via DCR' },
          store,
          authorize: async (url) => {
            authorizations.push(url);
            if (!interactive) throw new Error('a new login was asked for');
            return callback.authorize(rig.browser, url, login);
          },
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            if (String(input instanceof Request ? input.url : input).endsWith('/oauth/token')) {
              tokenRequests++;
              server.clock.offset = 0;
            }
            return response;
          },
        });
        try {
          const client = await connectHttp(server.url, { token: oauth });
          const registered = (await store.load())?.client?.client_id;
          if (registration === 'CIMD') expect(registered).toBe(`${rig.cimdSite.origin}/client.json`);
          else expect(registered).toMatch(/^[A-Za-z0-9_-]{20,}$/);
          const answer = async () => {
            const result = await client.callTool('whoami', {});
            return (result.content as { type: string; text: string }[])[0]?.text;
          };
          const first = await answer();
          expect(first).toBe(`upstream says ${login} (User ${login}); decorum subject op:${login}`);
          expect(authorizations).toHaveLength(1);
          expect(tokenRequests).toBe(1);
          // The client drops its access token and refreshes before the next call; that refresh is answered "ten
          // minutes ago", so its token has already expired on the server though the client's clock says it has
          // not: the call is refused with 401 and the client refreshes again, without asking the user.
          server.clock.offset = -600_000;
          await oauth.invalidate();
          expect(await answer()).toBe(first);
          expect(tokenRequests).toBe(3);
          expect(authorizations).toHaveLength(1);
          // No upstream token ever reached the client.
          const seenByClient = JSON.stringify([await store.load(), first]);
          for (const upstreamToken of server.upstream.accessTokens) expect(seenByClient).not.toContain(upstreamToken);

          const stored = await store.load();
          const revoke = await fetch(new URL('/oauth/revoke', server.url), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              client_id: stored?.client?.client_id as string,
              token: stored?.tokens?.refresh_token as string,
            }),
          });
          expect(revoke.status).toBe(200);
          interactive = false;
          await expect(client.callTool('whoami', {})).rejects.toThrow();
          expect(authorizations).toHaveLength(2);
          await client.close();
        } finally {
          await callback.stop();
        }
      }, 90_000);
    }
  }
});
