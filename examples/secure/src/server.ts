// A notes server over Streamable HTTP, as an OAuth 2.1 resource server: it accepts JWT access
// tokens from one authorization server (keys from its JWKS), issued for this server's URL.
// Configure it with MCP_PUBLIC_URL, AUTH_ISSUER and AUTH_JWKS_URL; see README.md.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { ResourceServer } from '@decorum/protocol';
import { Notes } from './notes.js';

/** Where the server is reached and whose tokens it trusts. */
export interface SecureConfig {
  /** The URL clients use for the MCP endpoint; tokens must be issued for it (their `aud`). */
  publicUrl: string;
  /** The authorization server's issuer URL. */
  issuer: string;
  /** Where the authorization server publishes its signing keys. */
  jwksUrl: string;
}

/** Reads the configuration from the environment, with a local default for the URL. */
export function configFromEnv(env: Record<string, string | undefined> = process.env): SecureConfig {
  const issuer = env.AUTH_ISSUER;
  if (!issuer) throw new Error('Set AUTH_ISSUER to your authorization server (e.g. https://auth.example.com)');
  return {
    publicUrl: env.MCP_PUBLIC_URL ?? 'http://127.0.0.1:3000/mcp',
    issuer,
    jwksUrl: env.AUTH_JWKS_URL ?? new URL('/.well-known/jwks.json', issuer).href,
  };
}

/** The resource server: metadata for discovery, JWT checks (issuer, audience, expiry, algorithms). */
export function createAuth(config: SecureConfig): ResourceServer {
  return new ResourceServer({
    resource: config.publicUrl,
    authorizationServers: [config.issuer],
    scopesSupported: ['notes:read'],
    jwt: { jwksUrl: config.jwksUrl, issuer: config.issuer },
    metadata: { resource_name: 'Decorum secure notes' },
  });
}

export function createSecureApp(): McpApp {
  return new McpApp({
    name: 'decorum-secure',
    version: '0.1.0',
    instructions: 'Notes per user. Reading needs notes:read; adding needs notes:write.',
    providers: [Notes],
  });
}

// Serve when run as a program (not when imported by the tests).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  const config = configFromEnv();
  const url = new URL(config.publicUrl);
  const port = Number(process.env.PORT ?? (url.port || 3000));
  await createSecureApp().listen({ http: { port, path: url.pathname, auth: createAuth(config) } });
  console.error(`Secure notes server on port ${port}; resource ${config.publicUrl}, trusting ${config.issuer}`);
}
