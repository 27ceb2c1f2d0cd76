// End to end with real parts: oidc-provider on loopback as the upstream OpenID provider, a Decorum app as its own
// authorization server in front of it, and the official SDK v1 client (its OAuthClientProvider flow) registering
// by client ID metadata document and, separately, by dynamic registration, completing the login in headless
// Chromium (the upstream's login and consent, then Decorum's consent page), calling a tool whose answer comes
// from the upstream's userinfo with that user's token, refreshing after expiry, and refused after revocation.
// Legacy sessions, stateless legacy, and a 2026-07-28 request with the same token.
import { existsSync } from 'node:fs';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../support/chromium.js';
import { type E2eRig, serveBehindOidc, startE2eRig } from './support/oidc-served.js';
import type { OidcUpstream } from './support/oidc-upstream.js';
import { BrowserOAuthProvider } from './support/sdk-provider.js';

const runs = existsSync(CHROMIUM) || process.env.CI !== undefined;
if (!runs) console.warn(`[oauth e2e] skipped: ${CHROMIUM} is missing (apt-get install -y chromium); CI runs it.`);

describe.runIf(runs)('the SDK v1 client through Decorum in front of oidc-provider', () => {
  let rig: E2eRig;
  const upstreams: OidcUpstream[] = [];

  beforeAll(async () => {
    rig = await startE2eRig('SDK via CIMD');
  }, 120_000);

  afterAll(async () => {
    await rig?.close();
    for (const upstream of upstreams) await upstream.close();
  });

  const serve = async (stateless: boolean) => {
    const served = await serveBehindOidc(stateless, rig.tlsCert);
    upstreams.push(served.upstream);
    return served;
  };

  /** Connects, signing in through the browser when the SDK asks to. */
  async function connect(
    url: URL,
    provider: BrowserOAuthProvider,
    clock: { offset: number },
  ): Promise<{ client: Client; expiredToken?: string }> {
    const client = new Client({ name: 'sdk-e2e', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
      return { client };
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
    }
    const code = await (provider.code as Promise<string>);
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    // The code is exchanged "ten minutes ago": the access token it gives is already expired, so the first
    // call must refresh (no waiting for a real expiry).
    clock.offset = -600_000;
    await transport.finishAuth(code);
    clock.offset = 0;
    const expiredToken = provider.tokens()?.access_token;
    const connected = new Client({ name: 'sdk-e2e', version: '1.0.0' });
    await connected.connect(transport);
    return { client: connected, expiredToken };
  }

  const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
    (result.content as { type: string; text: string }[])[0]?.text ?? '';

  for (const stateless of [false, true]) {
    for (const registration of ['CIMD', 'DCR'] as const) {
      it(`${registration}, ${stateless ? 'stateless' : 'sessions'}: login, tool with the upstream token, refresh, modern era, revocation`, async () => {
        const served = await serve(stateless);
        try {
          const clientMetadataUrl = registration === 'CIMD' ? `${rig.cimdSite.origin}/client.json` : undefined;
          const login = `user-${registration.toLowerCase()}-${stateless ? 's' : 'f'}`;
          const provider = await new BrowserOAuthProvider(rig.browser, login, clientMetadataUrl).start();
          const { client, expiredToken } = await connect(served.url, provider, served.clock);
          const info = provider.clientInformation();
          if (registration === 'CIMD') expect(info?.client_id).toBe(clientMetadataUrl);
          else expect(info?.client_id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
          expect(expiredToken).toBeDefined();

          const first = text(await client.callTool({ name: 'whoami', arguments: {} }));
          expect(first).toBe(`upstream says ${login} (User ${login}); decorum subject op:${login}`);
          // The expired token was refused (401) and the SDK refreshed it at Decorum's token endpoint.
          expect(provider.tokens()?.access_token).not.toBe(expiredToken);
          const second = text(await client.callTool({ name: 'whoami', arguments: {} }));
          expect(second).toBe(first);
          // The upstream token lives 30 s, under the vault's margin: each call refreshed it at the provider.
          expect(served.upstream.refreshes).toBeGreaterThanOrEqual(2);

          // The 2026-07-28 era, same token.
          const modern = await fetch(served.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              authorization: `Bearer ${provider.tokens()?.access_token}`,
              'mcp-protocol-version': '2026-07-28',
              'mcp-method': 'tools/call',
              'mcp-name': 'whoami',
            },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 9,
              method: 'tools/call',
              params: {
                name: 'whoami',
                arguments: {},
                _meta: {
                  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                  'io.modelcontextprotocol/clientCapabilities': {},
                  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
                },
              },
            }),
          });
          const raw = await modern.text();
          expect(modern.status).toBe(200);
          expect(raw).toContain(`upstream says ${login}`);

          // No upstream token ever reached the client.
          const seenByClient = JSON.stringify([provider.tokens(), first, raw]);
          for (const upstreamToken of served.upstream.accessTokens) expect(seenByClient).not.toContain(upstreamToken);

          // Revocation: the refresh token's family is revoked; the next call is refused and the SDK asks for a new login.
          const revoke = await fetch(new URL('/oauth/revoke', served.url), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              client_id: info?.client_id as string,
              token: provider.tokens()?.refresh_token as string,
            }),
          });
          expect(revoke.status).toBe(200);
          provider.interactive = false;
          const redirectsBefore = provider.redirects.length;
          await expect(client.callTool({ name: 'whoami', arguments: {} })).rejects.toThrow();
          expect(provider.redirects.length).toBe(redirectsBefore + 1);
          await client.close();
          await provider.stop();
        } finally {
          await served.close();
        }
      }, 90_000);
    }
  }
});
