import type { StaticClient } from './clients/client-record.js';
import type { MetadataDocumentOptions } from './clients/metadata-document.js';
import type { ConsentBranding } from './endpoints/consent-types.js';
import type { OAuthStore } from './store/oauth-store.js';
import type { UpstreamProvider } from './upstream/upstream-provider.js';

/** Options of {@link OAuthServer}. */
export interface OAuthServerOptions {
  /** This authorization server's issuer, e.g. `https://mcp.example.com` (its endpoints live under it). */
  issuer: string | URL;
  /** The MCP endpoint's canonical URI (RFC 8707), e.g. `https://mcp.example.com/mcp`: the audience of every token. */
  resource: string | URL;
  /** Where users sign in: `github(…)`, `google(…)`, `oidcProvider(…)`, … */
  upstream: UpstreamProvider;
  /**
   * AES-256-GCM keys sealing upstream tokens and signing keys at rest: 32 random bytes each, base64url
   * (`openssl rand -base64 32`). The first seals, all open: rotate by prepending a new key (see docs/oauth.md).
   */
  encryptionKeys: readonly string[];
  /** Where state lives. Default: memory (one instance; grants lost on restart). */
  store?: OAuthStore;
  /** The MCP scopes clients may ask for (advertised in both metadata documents). Default: none named. */
  scopesSupported?: readonly string[];
  /** Scopes granted when a client asks for none. Default: `scopesSupported`. */
  defaultScopes?: readonly string[];
  /** Scopes every MCP request needs (403 otherwise). */
  requiredScopes?: readonly string[];
  /** The scopes one primitive needs, for 401 hints (pass `app.scopesFor`). */
  scopesFor?: (primitive: { method: string; name?: string }) => readonly string[] | undefined;
  /** Access-token lifetime, in seconds. Default 300. */
  accessTokenTtlSeconds?: number;
  /** Refresh-token lifetime (each rotation restarts it), in seconds. Default 30 days. */
  refreshTokenTtlSeconds?: number;
  /** Signing-key rotation period, in seconds. Default 1 day (must be well above the access-token lifetime). */
  keyRotationSeconds?: number;
  /** Clients configured in code. */
  clients?: readonly StaticClient[];
  /** Dynamic client registration (RFC 7591): on by default, at most `maxPerMinute` (default 20) registrations a minute. */
  dynamicRegistration?: boolean | { maxPerMinute?: number; ttlSeconds?: number };
  /** Client ID metadata documents (https client ids): on by default; `false` turns them off. */
  clientIdMetadataDocuments?: boolean | MetadataDocumentOptions;
  /** Brand or replace the consent page. */
  consent?: ConsentBranding;
  /** How long a user's consent to a client for some scopes is remembered, in seconds. Default 90 days; 0: ask every time. */
  rememberConsentSeconds?: number;
  /**
   * Largest body `/token`, `/revoke`, `/register` and the consent form read, in bytes: reading stops there and the
   * answer is 413. Default 64 KiB.
   */
  maxBodyBytes?: number;
  /** The path all endpoints sit under, below the issuer. Default `/oauth`. */
  pathPrefix?: string;
  /**
   * Where failures the users only see as an error page are reported (an upstream refusing, an unexpected error):
   * the step and a token-free reason, never a token, secret or response body. Default: the console's error stream.
   */
  logger?: { warn(message: string): void };
  /** The clock, in ms (tests). Default `Date.now`. */
  now?: () => number;
}
