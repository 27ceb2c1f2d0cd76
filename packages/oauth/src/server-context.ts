import type { ClientRegistry } from './clients/client-registry.js';
import type { Sealer } from './crypto/sealer.js';
import type { SigningKeys } from './crypto/signing-keys.js';
import type { ConsentBranding } from './endpoints/consent-types.js';
import type { OAuthStore } from './store/oauth-store.js';
import type { TokenVault } from './upstream/token-vault.js';
import type { UpstreamProvider } from './upstream/upstream-provider.js';

/** The endpoints of this authorization server, as absolute URLs. */
export interface Endpoints {
  authorize: string;
  token: string;
  register: string;
  revoke: string;
  jwks: string;
  consent: string;
  callback: string;
}

/** What every endpoint shares: settings resolved once, and the collaborators. */
export interface ServerContext {
  issuer: string;
  resource: string;
  endpoints: Endpoints;
  /** The path cookies are scoped to (the endpoints' prefix). */
  cookiePath: string;
  secure: boolean;
  scopesSupported: readonly string[];
  defaultScopes: readonly string[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  rememberConsent: number;
  registration?: { maxPerMinute: number; ttlSeconds: number };
  store: OAuthStore;
  sealer: Sealer;
  keys: SigningKeys;
  clients: ClientRegistry;
  upstream: UpstreamProvider;
  vault: TokenVault;
  consent?: ConsentBranding;
  /** Largest request body the endpoints read, in bytes. */
  maxBodyBytes: number;
  /** Reports failures the user only sees as a page (messages hold no secret). */
  warn: (message: string) => void;
  now: () => number;
}

/**
 * The cookie binding an authorization in progress to the browser that started it: one per authorization, so two
 * sign-ins in one browser (two clients, two tabs) do not overwrite each other's.
 */
export const txCookie = (id: string): string => `decorum_oauth_${id}`;

/** A pending authorization: what `/authorize` was asked, then who signed in. */
export interface PendingAuthorization {
  clientId: string;
  clientName?: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  scopes: string[];
  resource: string;
  /** The browser-binding secret: in the cookie and in the consent form. */
  csrf: string;
  /** PKCE verifier and nonce of the upstream login. */
  upstreamVerifier: string;
  nonce: string;
  user?: { subject: string; name?: string };
}

/** Lifetime of a pending authorization (the user signs in upstream and consents within it), in seconds. */
export const PENDING_TTL = 600;

/** The seconds-since-epoch clock of the context. */
export const nowSeconds = (ctx: ServerContext): number => Math.floor(ctx.now() / 1000);
