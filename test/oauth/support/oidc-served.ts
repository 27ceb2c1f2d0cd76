// A Decorum app as its own authorization server in front of oidc-provider, for the end-to-end tests with a real
// client: its one tool answers from the upstream's userinfo with the signed-in user's upstream token.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { type Context, Ctx, McpApp, Tool } from '../../../packages/core/src/index.js';
import { nodeDocumentFetcher } from '../../../packages/oauth/src/node/document-fetcher.js';
import { OAuthServer } from '../../../packages/oauth/src/oauth-server.js';
import { oidcProvider } from '../../../packages/oauth/src/upstream/oidc-provider.js';
import { upstreamToken } from '../../../packages/oauth/src/upstream-access.js';
import {
  type HttpsSite,
  selfSignedCertificate,
  startHttpsSite,
  type TlsMaterial,
} from '../../../packages/oauth/test/support/tls.js';
import { launchChromium } from '../../support/chromium.js';
import { OIDC_CLIENT, type OidcUpstream, startOidcUpstream } from './oidc-upstream.js';
import { REDIRECT_URL } from './sdk-provider.js';

/** A tool that asks the upstream's userinfo who the token belongs to. */
function upstreamApp(userinfo: () => string): McpApp {
  class Upstream {
    @Tool({ description: 'Who the upstream identity provider says you are' })
    async whoami(@Ctx() ctx: Context) {
      const token = await upstreamToken(ctx.auth);
      const response = await fetch(userinfo(), { headers: { authorization: `Bearer ${token}` } });
      const info = (await response.json()) as { sub?: string; name?: string };
      return `upstream says ${info.sub} (${info.name}); decorum subject ${ctx.auth?.subject}`;
    }
  }
  return new McpApp({ name: 'oidc-e2e', version: '1.0.0', providers: [Upstream] });
}

/** The served app. */
export interface Served {
  url: URL;
  oauth: OAuthServer;
  upstream: OidcUpstream;
  /** Shifts this server's clock (ms): tokens issued in the past are already expired. */
  clock: { offset: number };
  close(): Promise<void>;
}

/** Starts an oidc-provider upstream and the Decorum app in front of it (CIMD documents trusted from `tlsCert`). */
export async function serveBehindOidc(stateless: boolean, tlsCert: string): Promise<Served> {
  const upstream = await startOidcUpstream();
  const clock = { offset: 0 };
  let oauth: OAuthServer | undefined;
  const app = upstreamApp(() => `${upstream.issuer}/me`);
  const { url } = await app.listen({
    http: {
      port: 0,
      stateless,
      auth: (endpoint) => {
        oauth = new OAuthServer({
          issuer: endpoint.origin,
          resource: endpoint,
          upstream: oidcProvider({
            id: 'op',
            issuer: upstream.issuer,
            clientId: OIDC_CLIENT.id,
            clientSecret: OIDC_CLIENT.secret,
            scopes: ['offline_access', 'profile'],
            authorizationParams: { prompt: 'consent' },
          }),
          encryptionKeys: [randomBytes(32).toString('base64url')],
          scopesSupported: ['profile:read'],
          // Dev mode, documented: the metadata document is served from this machine in the test.
          clientIdMetadataDocuments: { fetch: nodeDocumentFetcher({ allowPrivateAddresses: true, ca: tlsCert }) },
          now: () => Date.now() + clock.offset,
        });
        return oauth;
      },
    },
  });
  const mcpUrl = url as URL;
  upstream.configure(`${mcpUrl.origin}/oauth/callback`);
  return { url: mcpUrl, oauth: oauth as OAuthServer, clock, upstream, close: () => app.close() };
}

/** An HTTPS site serving one client ID metadata document at `/client.json` for a loopback redirect URI. */
export async function startCimdSite(tls: TlsMaterial, clientName: string): Promise<HttpsSite> {
  const site: HttpsSite = await startHttpsSite(tls, (req, res) => {
    if (req.url !== '/client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
    res.end(
      JSON.stringify({
        client_id: `${site.origin}/client.json`,
        client_name: clientName,
        redirect_uris: [REDIRECT_URL],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  return site;
}

/** What an end-to-end test drives: headless Chromium (loopback only) and a CIMD site with its certificate. */
export interface E2eRig {
  browser: BrowserContext;
  cimdSite: HttpsSite;
  /** The CIMD site's certificate, trusted by the served app's metadata document fetcher. */
  tlsCert: string;
  close(): Promise<void>;
}

/** Starts headless Chromium on a fresh profile and an HTTPS site serving the client's metadata document. */
export async function startE2eRig(clientName: string): Promise<E2eRig> {
  const tls = selfSignedCertificate();
  const cimdSite = await startCimdSite(tls, clientName);
  const profile = await mkdtemp(join(tmpdir(), 'decorum-oauth-chromium-'));
  const browser = await launchChromium(profile);
  // The upstream's dev pages import a web font: nothing leaves loopback.
  await browser.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  return {
    browser,
    cimdSite,
    tlsCert: tls.cert,
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
      await cimdSite.close();
    },
  };
}
