// A notes server over Streamable HTTP, as an OAuth 2.1 resource server: it accepts JWT access
// tokens from one authorization server (keys from its JWKS), issued for this server's URL.
// Serves http://127.0.0.1:${PORT:-3000}/mcp by default, or stdio with --stdio (no HTTP auth there,
// so only the public tool). Configure it with AUTH_ISSUER, AUTH_JWKS_URL and MCP_PUBLIC_URL; without
// AUTH_ISSUER it runs in DEMO MODE with a signing key generated at startup (see README.md).
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { ResourceServer } from '@decorum/protocol';
import { exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from 'jose';
import { Account } from './account.js';
import { Notes } from './notes.js';

type Env = Record<string, string | undefined>;

/** Where the server is reached and whose tokens it trusts. */
export interface SecureConfig {
  /** The URL clients use for the MCP endpoint; tokens must be issued for it (their `aud`). */
  publicUrl: string;
  /** The authorization server's issuer URL. */
  issuer: string;
  /** Where the authorization server publishes its signing keys… */
  jwksUrl?: string;
  /** …or the public keys themselves (a JWK Set), as in demo mode. */
  keys?: JSONWebKeySet;
}

/** The resource server: metadata for discovery, JWT checks (issuer, audience, expiry, algorithms). */
export function createAuth(config: SecureConfig): ResourceServer {
  const keys = config.keys ? { keys: config.keys } : { jwksUrl: config.jwksUrl };
  return new ResourceServer({
    resource: config.publicUrl,
    authorizationServers: [config.issuer],
    scopesSupported: ['notes:read', 'notes:write'],
    jwt: { ...keys, issuer: config.issuer },
    metadata: { resource_name: 'Decorum secure notes' },
  });
}

export function createSecureApp(): McpApp {
  return new McpApp({
    name: 'decorum-secure',
    version: '0.1.0',
    title: 'Decorum secure notes',
    instructions:
      'Notes per user. whoami is public; reading notes needs notes:read; adding one needs notes:write as well.',
    providers: [Account, Notes],
  });
}

/**
 * DEMO ONLY: an issuer that lives inside this process. Its ES256 key pair is generated at startup and
 * never leaves memory, so its tokens are worthless anywhere else and once the process stops.
 */
export interface DemoIssuer {
  issuer: string;
  /** The public half, trusted by the resource server. */
  keys: JSONWebKeySet;
  /** Signs an access token for `audience` (this server's URL), valid for an hour. */
  mint(options: { audience: string; scope: string; subject?: string }): Promise<string>;
}

export const DEMO_TOKEN_LIFETIME_SEC = 3600;

export async function createDemoIssuer(issuer: string): Promise<DemoIssuer> {
  return (await demoKeys())(issuer);
}

/** Generates the demo key pair; the issuer (this server's origin) is named once the port is bound. */
async function demoKeys(): Promise<(issuer: string) => DemoIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = `demo-${crypto.randomUUID()}`;
  const keys = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] };
  return (issuer) => ({
    issuer,
    keys,
    mint: ({ audience, scope, subject = 'demo-user' }) =>
      new SignJWT({ scope, client_id: 'decorum-demo' })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(`${DEMO_TOKEN_LIFETIME_SEC}s`)
        .sign(privateKey),
  });
}

/** A running HTTP server from {@link serveSecure}. */
export interface SecureServer {
  app: McpApp;
  /** The MCP endpoint this process listens on, e.g. `http://127.0.0.1:3000/mcp`. */
  url: URL;
  config: SecureConfig;
  /** Set in demo mode (no AUTH_ISSUER): the in-process issuer whose tokens the server trusts. */
  demo?: DemoIssuer;
  /** Set when DEMO_TOKENS=1: `GET <this>?scope=…&sub=…` answers a demo access token. */
  demoTokenUrl?: URL;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Serves the notes over Streamable HTTP on 127.0.0.1, configured by `env`:
 * - AUTH_ISSUER (and AUTH_JWKS_URL, default `<issuer>/.well-known/jwks.json`): trust that authorization server;
 * - neither: DEMO MODE, trusting only tokens of a key pair generated here (see {@link createDemoIssuer});
 * - DEMO_TOKENS=1 (demo mode only): also serve `GET /demo-token?scope=…&sub=…`, which mints such tokens;
 * - MCP_PUBLIC_URL: the URL clients use (tokens' audience), default the local endpoint;
 * - PORT: default the port of MCP_PUBLIC_URL, else 3000; 0 for any free port.
 */
export async function serveSecure(env: Env = process.env): Promise<SecureServer> {
  const issuer = env.AUTH_ISSUER || undefined;
  const demoTokens = env.DEMO_TOKENS === '1';
  if (!issuer && env.AUTH_JWKS_URL) throw new Error('AUTH_JWKS_URL needs AUTH_ISSUER, the issuer of those keys');
  if (issuer && demoTokens) {
    throw new Error('DEMO_TOKENS=1 only works in demo mode: unset AUTH_ISSUER, or unset DEMO_TOKENS');
  }
  const publicUrl = env.MCP_PUBLIC_URL ? new URL(env.MCP_PUBLIC_URL) : undefined;
  const port = Number(env.PORT || publicUrl?.port || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);

  const app = createSecureApp();
  const demoAt = issuer ? undefined : await demoKeys();
  // The resource (tokens' audience) and, in demo mode, the issuer are this server's URL: known once the port is
  // bound, which is when `listen` asks for `auth`.
  let config: SecureConfig | undefined;
  let demo: DemoIssuer | undefined;
  const { url } = await app.listen({
    http: {
      port,
      host: '127.0.0.1',
      path: publicUrl?.pathname ?? '/mcp',
      auth: (endpoint) => {
        const resource = publicUrl?.href ?? endpoint.href;
        demo = demoAt?.(endpoint.origin);
        config = demo
          ? { publicUrl: resource, issuer: demo.issuer, keys: demo.keys }
          : {
              publicUrl: resource,
              issuer: issuer as string,
              jwksUrl: env.AUTH_JWKS_URL || new URL('/.well-known/jwks.json', issuer).href,
            };
        return createAuth(config);
      },
      routes: demoTokens
        ? {
            '/demo-token': (request) =>
              demoTokenResponse(request, demo as DemoIssuer, (config as SecureConfig).publicUrl),
          }
        : {},
    },
  });
  const demoTokenUrl = demo && demoTokens ? new URL('/demo-token', url) : undefined;
  return {
    app,
    url: url as URL,
    config: config as SecureConfig,
    demo,
    demoTokenUrl,
    close: () => app.close(),
  };
}

/** `GET /demo-token?scope=notes:read+notes:write&sub=alice`: a demo access token, as JSON. DEMO ONLY. */
async function demoTokenResponse(request: Request, demo: DemoIssuer, audience: string): Promise<Response> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  const url = new URL(request.url);
  // Only for a client on this machine that names it by a loopback name (no DNS rebinding).
  if (!LOOPBACK.has(url.hostname)) return json(403, { error: 'forbidden', error_description: 'loopback only' });
  if (request.method !== 'GET') return json(405, { error: 'invalid_request', error_description: 'use GET' });
  const scope = (url.searchParams.get('scope') ?? 'notes:read notes:write')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
  const subject = url.searchParams.get('sub') || 'demo-user';
  return json(200, {
    access_token: await demo.mint({ audience, scope, subject }),
    token_type: 'Bearer',
    expires_in: DEMO_TOKEN_LIFETIME_SEC,
    scope,
    warning: 'DEMO ONLY: signed by a key this server generated at startup; never enable DEMO_TOKENS in production',
  });
}

/** What a newcomer needs to try the server, for stderr. */
export function demoInstructions(server: SecureServer): string {
  if (!server.demo) return `Trusting tokens from ${server.config.issuer}, issued for ${server.config.publicUrl}`;
  const lines = [
    'DEMO MODE (no AUTH_ISSUER): trusting only tokens signed by a key pair generated at startup, held in memory.',
    'Not for production: set AUTH_ISSUER (and AUTH_JWKS_URL) to use your authorization server instead.',
  ];
  if (server.demoTokenUrl) {
    const tokenUrl = `${server.demoTokenUrl.href}?scope=notes:read+notes:write&sub=alice`;
    lines.push(
      `Get a demo token (DEMO_TOKENS=1):  curl -s '${tokenUrl}'`,
      `Then send it on every request:     Authorization: Bearer <access_token>`,
      'Fewer scopes (scope=notes:read, or scope= for none) show fewer tools and get 403 on the others.',
    );
  } else {
    lines.push(
      'To get demo tokens, restart with DEMO_TOKENS=1: it adds GET /demo-token?scope=notes:read+notes:write&sub=alice',
      '(DEMO ONLY: it hands a signed token to anyone on this machine who asks).',
    );
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--stdio')) {
    // No HTTP, so no tokens: the @Authorized tools are hidden and refused; whoami still answers.
    await createSecureApp().listen({ stdio: true }); // stdio ends the process itself on SIGTERM, SIGINT or EOF
    return;
  }
  const server = await serveSecure(process.env);
  console.error(`MCP endpoint: ${server.url}`); // stderr, like every message of this program
  console.error(demoInstructions(server));
  const stop = () => {
    server.close().then(
      () => console.error('server closed'),
      (error: unknown) => {
        console.error('close failed:', error);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

// Serve when run as a program (not when imported by the smoke test or vitest).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await main(process.argv.slice(2));
}
