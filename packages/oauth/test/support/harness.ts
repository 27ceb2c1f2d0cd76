// One MCP server behind an OAuthServer in front of the GitHub stand-in, over real HTTP on loopback port 0:
// a tool `my_repos` that calls the stand-in's API with the signed-in user's upstream token.
import { createHash, randomBytes } from 'node:crypto';
import { ProtocolServer } from '@decorum/protocol';
import { type HttpServing, serveHttp } from '@decorum/protocol/node';
import { OAuthServer } from '../../src/oauth-server.js';
import type { OAuthServerOptions } from '../../src/options.js';
import { github } from '../../src/upstream/presets.js';
import { upstreamToken } from '../../src/upstream-access.js';
import { FetchBrowser } from './browser.js';
import { type StandIn, startGitHubStandIn } from './github-stand-in.js';

export const ENCRYPTION_KEY = randomBytes(32).toString('base64url');
export const CLIENT_REDIRECT = 'http://127.0.0.1:7777/callback';
export const PUBLIC_CLIENT = 'test-client';
/** A web client (https redirect): consent to it may be remembered, unlike to a loopback one. */
export const WEB_CLIENT = { clientId: 'web-client', redirectUri: 'https://app.example/callback' };

export interface Harness {
  mcpUrl: URL;
  issuer: string;
  oauth: OAuthServer;
  standIn: StandIn;
  serving: HttpServing;
  close(): Promise<void>;
}

/** A server with one tool answering from the upstream API as the signed-in user. */
export function reposServer(apiUrl: string): ProtocolServer {
  const server = new ProtocolServer({ serverInfo: { name: 'oauth-test', version: '1.0.0' } });
  server.setTools({
    list: () => [{ name: 'my_repos', inputSchema: { type: 'object' } }],
    async call(_params, ctx) {
      const token = await upstreamToken(ctx.authInfo);
      const response = await fetch(`${apiUrl}/user/repos`, { headers: { authorization: `Bearer ${token}` } });
      const repos = (await response.json()) as { full_name: string }[];
      return {
        content: [{ type: 'text', text: `${ctx.authInfo?.subject}: ${repos.map((r) => r.full_name).join(', ')}` }],
      };
    },
  });
  return server;
}

/** Starts the stand-in and the MCP server; `options` override the OAuthServer's. */
export async function startHarness(
  options: Partial<OAuthServerOptions> & { stateless?: boolean; server?: ProtocolServer } = {},
  standInGiven?: StandIn,
): Promise<Harness> {
  const standIn = standInGiven ?? (await startGitHubStandIn({ id: 'gh-client', secret: 'gh-secret' }));
  let oauth: OAuthServer | undefined;
  const { stateless, server, ...rest } = options;
  const serving = await serveHttp(server ?? reposServer(standIn.url), {
    port: 0,
    host: '127.0.0.1',
    stateless,
    auth: (endpoint) => {
      oauth = new OAuthServer({
        issuer: endpoint.origin,
        resource: endpoint,
        upstream: github({
          clientId: 'gh-client',
          clientSecret: 'gh-secret',
          baseUrl: standIn.url,
          apiUrl: standIn.url,
        }),
        encryptionKeys: [ENCRYPTION_KEY],
        scopesSupported: ['repos:read'],
        clients: [
          { clientId: PUBLIC_CLIENT, clientName: 'Test Client', redirectUris: [CLIENT_REDIRECT] },
          { clientId: WEB_CLIENT.clientId, clientName: 'Web Client', redirectUris: [WEB_CLIENT.redirectUri] },
        ],
        ...rest,
      });
      return oauth;
    },
  });
  return {
    mcpUrl: serving.url,
    issuer: serving.url.origin,
    oauth: oauth as OAuthServer,
    standIn,
    serving,
    close: async () => {
      await serving.close();
      if (standInGiven === undefined) await standIn.close();
    },
  };
}

/** A PKCE pair. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization URL of a request with the usual parameters, overridable one by one (undefined drops one). */
export function authorizeUrl(issuer: string, params: Record<string, string | undefined>): string {
  const url = new URL('/oauth/authorize', issuer);
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: PUBLIC_CLIENT,
    redirect_uri: CLIENT_REDIRECT,
    code_challenge_method: 'S256',
    state: 'st-123',
    scope: 'repos:read',
    ...params,
  };
  for (const [key, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

/** Signs `login` in through the stand-in and answers the consent page (`allow` unless told). */
export async function signIn(
  browser: FetchBrowser,
  url: string,
  redirectUri = CLIENT_REDIRECT,
  login = 'alice',
  decision = 'allow',
): Promise<URL> {
  const target = new URL(redirectUri);
  return browser.navigate(url, {
    stopAt: (u) => u.origin === target.origin && u.pathname === target.pathname,
    fill: (page, fields) => {
      if (page.includes('Sign in to GitHub')) return { ...fields, login };
      if (fields.csrf !== undefined) return { ...fields, decision };
      return undefined;
    },
  });
}

/** The full flow for the configured public client: code and verifier. */
export async function authorizationCode(
  h: Harness,
  browser = new FetchBrowser(),
  login = 'alice',
): Promise<{ code: string; verifier: string; browser: FetchBrowser }> {
  const { verifier, challenge } = pkce();
  const back = await signIn(browser, authorizeUrl(h.issuer, { code_challenge: challenge }), CLIENT_REDIRECT, login);
  const code = back.searchParams.get('code');
  if (code === null) throw new Error(`no code: ${back.href}`);
  return { code, verifier, browser };
}

/** POSTs a form to the token endpoint. */
export async function tokenRequest(
  h: Harness,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(new URL('/oauth/token', h.issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: PUBLIC_CLIENT, ...form }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** Exchanges a code as the public client. */
export function exchange(h: Harness, code: string, verifier: string, extra: Record<string, string> = {}) {
  return tokenRequest(h, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: CLIENT_REDIRECT,
    ...extra,
  });
}

/** Calls `my_repos` over legacy Streamable HTTP with a bearer token (initialize, then the call); status and text. */
export async function callRepos(
  h: Harness,
  accessToken: string,
): Promise<{ status: number; text?: string; raw: string }> {
  const headers = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    authorization: `Bearer ${accessToken}`,
  };
  const init = await fetch(h.mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  if (init.status !== 200)
    return { status: init.status, raw: `${JSON.stringify([...init.headers])}${await init.text()}` };
  await init.text();
  const session = init.headers.get('mcp-session-id');
  const call = await fetch(h.mcpUrl, {
    method: 'POST',
    headers: { ...headers, 'mcp-protocol-version': '2025-06-18', ...(session && { 'mcp-session-id': session }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'my_repos', arguments: {} } }),
  });
  const raw = await call.text();
  const json = raw.startsWith('{') ? raw : (/^data: (.*)$/m.exec(raw)?.[1] ?? '{}');
  const message = JSON.parse(json) as { result?: { content?: { text: string }[] } };
  return {
    status: call.status,
    text: message.result?.content?.[0]?.text,
    raw: `${JSON.stringify([...call.headers])}${raw}`,
  };
}
