// The OAuth side of an MCP client (authorization, 2025-11-25 and 2026-07-28): a TokenProvider that answers a
// server's 401 by discovering its authorization server, getting a client identity, running the authorization code
// grant with PKCE for the server as resource, and keeping the tokens; refreshes them; steps up on a 403
// insufficient_scope with the union of the scopes, a bounded number of times.
import type { TokenProvider } from '../token-provider.js';
import { type AuthorizeUser, authorizationCodeGrant } from './authorization-code.js';
import { type AuthChallenge, unionScopes } from './challenge.js';
import { type ClientMetadata, obtainClient } from './client-registration.js';
import { DpopKey, supportsDpop } from './dpop.js';
import {
  type AuthServerMetadata,
  discoverAuthServer,
  discoverResource,
  fallbackAuthServer,
  isSecureEndpoint,
  OAuthDiscoveryError,
} from './metadata.js';
import { type ClientAssertion, type ClientIdentity, type OAuthTokens, requestTokens } from './token-endpoint.js';
import { memoryTokenStore, type StoredAuthorization, type TokenStore } from './token-store.js';

/** Options of {@link OAuthClient}. */
export interface OAuthClientOptions {
  /** The MCP endpoint the tokens are for. */
  server: string | URL;
  /** Sends the user to the authorization URL; resolves with the redirect URI the user agent came back to. */
  authorize: AuthorizeUser;
  /** The redirect URI; a function when it is only known at authorization time (a loopback listener's port). */
  redirectUri: string | (() => Promise<string> | string);
  /** What the client says about itself when registering dynamically. Default `{ client_name: 'Decorum' }`. */
  clientMetadata?: ClientMetadata;
  /** The HTTPS URL of this client's metadata document (CIMD), used where the server supports it. */
  clientMetadataUrl?: string;
  /** A client registered beforehand (used when CIMD is not supported, before dynamic registration). */
  client?: ClientIdentity;
  /** Signs private_key_jwt assertions for a pre-registered client using that method. */
  assertion?: ClientAssertion;
  /** Scopes to ask for instead of the challenge's or the resource metadata's. */
  scope?: string;
  /** DPoP-bound tokens (RFC 9449) where the authorization server takes ES256 proofs. Default true. */
  dpop?: boolean;
  /** Ask for `offline_access` (a refresh token) where the authorization server lists it. Default true. */
  offlineAccess?: boolean;
  /** Where registration and tokens are kept. Default: memory. */
  store?: TokenStore;
  /** Authorizations (first, then step-ups) one request may cause. Default 3. */
  maxAuthorizations?: number;
  /** Renew this many ms before expiry. Default 30 000. */
  earlyRefreshMs?: number;
  fetch?: typeof fetch;
}

/**
 * A {@link TokenProvider} that logs in with OAuth when the MCP server asks (RFC 9728 and RFC 8414 / OIDC discovery,
 * CIMD, pre-registration or RFC 7591 registration, authorization code + PKCE S256, RFC 8707 resource, RFC 9207
 * issuer check, refresh, step-up).
 * @example
 * const oauth = new OAuthClient({ server: url, redirectUri: 'http://127.0.0.1:8765/callback', authorize: openBrowser });
 * const client = await connectHttp(url, { token: oauth });
 */
export class OAuthClient implements TokenProvider {
  private readonly server: URL;
  private readonly doFetch: typeof fetch;
  private readonly store: TokenStore;
  private inflight?: Promise<boolean>;
  private refreshing?: Promise<OAuthTokens | undefined>;
  private dpopKey?: DpopKey;

  constructor(private readonly options: OAuthClientOptions) {
    this.server = new URL(options.server);
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.store = options.store ?? memoryTokenStore();
  }

  /** The access token to send, refreshed first when it is about to expire; undefined before any login. */
  async token(): Promise<string | undefined> {
    const stored = await this.store.load();
    const tokens = stored?.tokens;
    if (tokens === undefined) return undefined;
    if (!this.expired(tokens)) return tokens.access_token;
    return (await this.refresh(stored))?.access_token;
  }

  /** `Authorization: DPoP …` with a fresh proof for DPoP tokens, `Bearer …` for the others, nothing before a login. */
  async headersFor(method: string, url: URL): Promise<Record<string, string>> {
    const token = await this.token();
    if (token === undefined) return {};
    const stored = await this.store.load();
    if (stored?.tokens?.token_type.toLowerCase() !== 'dpop' || stored.dpopKey === undefined) {
      return { authorization: `Bearer ${token}` };
    }
    const key = await this.keyFor(stored);
    return { authorization: `DPoP ${token}`, dpop: await key.proof(method, url, token) };
  }

  /** The DPoP key kept with the tokens (restored once), or a new one. */
  private async keyFor(stored: StoredAuthorization | undefined): Promise<DpopKey> {
    if (this.dpopKey !== undefined) return this.dpopKey;
    const kept = stored?.dpopKey;
    this.dpopKey = kept === undefined ? await DpopKey.generate() : await DpopKey.restore(kept);
    return this.dpopKey;
  }

  /** Drops the access token (the refresh token stays). */
  async invalidate(): Promise<void> {
    const stored = await this.store.load();
    if (stored?.tokens === undefined) return;
    await this.store.save({ ...stored, tokens: { ...stored.tokens, access_token: '', expires_at: 0 } });
  }

  /** Answers a challenge: refresh, then authorize, then step up — one at a time, at most `maxAuthorizations`. */
  challenged(challenge: AuthChallenge & { attempt: number }): Promise<boolean> {
    this.inflight ??= this.answer(challenge).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  /** Logs in now (without waiting for a 401): discovery from the well-known locations, then the grant. */
  async login(scope?: string): Promise<void> {
    await this.authorizeFor({ status: 401, url: this.server, scope }, undefined);
  }

  private async answer(challenge: AuthChallenge & { attempt: number }): Promise<boolean> {
    if (challenge.attempt >= (this.options.maxAuthorizations ?? 3)) return false;
    const stored = await this.store.load();
    if (challenge.error === 'use_dpop_nonce' && challenge.dpopNonce !== undefined && stored?.dpopKey !== undefined) {
      // RFC 9449 §9: the resource wants its nonce in the proof; the same token, a new proof.
      (await this.keyFor(stored)).rememberNonce(challenge.url, challenge.dpopNonce);
      return true;
    }
    if (challenge.status === 401 && challenge.attempt === 0 && stored?.tokens?.refresh_token !== undefined) {
      // A token the server no longer takes: a refresh is cheaper than a login, and needs no user.
      await this.invalidate();
      if ((await this.refresh(await this.store.load())) !== undefined) return true;
    }
    const granted = challenge.status === 403 ? (stored?.tokens?.scope ?? stored?.scope) : undefined;
    await this.authorizeFor(challenge, granted);
    return true;
  }

  private async authorizeFor(challenge: AuthChallenge, granted: string | undefined): Promise<void> {
    const resourceMetadata = await discoverResource(this.server, challenge.resourceMetadata, this.doFetch);
    const issuer = resourceMetadata?.authorization_servers[0];
    let server: AuthServerMetadata | undefined;
    if (issuer !== undefined) {
      server = await discoverAuthServer(issuer, this.doFetch);
      if (server === undefined) {
        throw new OAuthDiscoveryError(`The authorization server ${issuer} publishes no usable metadata`);
      }
    } else {
      // 2025-03-26: no resource metadata; the server's origin is the authorization server, metadata optional.
      server = (await discoverAuthServer(this.server.origin, this.doFetch)) ?? fallbackAuthServer(this.server);
      if (!isSecureEndpoint(server.token_endpoint)) {
        throw new OAuthDiscoveryError(`${this.server.origin} is not https: no credentials are sent to it`);
      }
    }
    const stored = (await this.store.load()) ?? {};
    // Registrations and tokens belong to one issuer: a server that moved to another starts over there.
    const mine: StoredAuthorization = stored.issuer === server.issuer ? stored : {};
    const redirectUri =
      typeof this.options.redirectUri === 'function' ? await this.options.redirectUri() : this.options.redirectUri;
    // A dynamically registered client is bound to its redirect URI: a new one (another loopback port) registers anew.
    const known = mine.client?.redirect_uri === undefined || mine.client.redirect_uri === redirectUri;
    const client =
      (known ? mine.client : undefined) ??
      (await obtainClient(server, {
        metadata: this.options.clientMetadata ?? { client_name: 'Decorum' },
        redirectUri,
        clientMetadataUrl: this.options.clientMetadataUrl,
        preRegistered: this.options.client,
        fetch: this.doFetch,
      }));
    await this.store.save({ issuer: server.issuer, client });
    // DPoP only where both ends take it: the resource says so (its challenge's scheme, or its metadata).
    const resourceDpop =
      challenge.scheme === 'dpop' ||
      supportsDpop(resourceMetadata ?? {}) ||
      resourceMetadata?.dpop_bound_access_tokens_required === true;
    const wantsDpop = this.options.dpop !== false && supportsDpop(server) && resourceDpop;
    const dpop = wantsDpop ? await this.keyFor(mine) : undefined;
    const resource = resourceMetadata?.resource ?? this.resourceId();
    const scope = this.scopeFor(challenge, granted, resourceMetadata?.scopes_supported, server);
    const tokens = await authorizationCodeGrant({
      server,
      client,
      redirectUri,
      resource,
      scope,
      authorize: this.options.authorize,
      assertion: this.options.assertion,
      dpop,
      fetch: this.doFetch,
    });
    const next: StoredAuthorization = { issuer: server.issuer, client, resource, tokens };
    if (scope !== undefined) next.scope = scope;
    if (dpop !== undefined) next.dpopKey = dpop.jwk as Record<string, unknown>;
    await this.store.save(next);
  }

  /**
   * The scope to ask for (scope selection strategy): the configured one, else the challenge's (with what was
   * granted before, on a step-up), else everything the resource lists, else none; `offline_access` added when the
   * authorization server lists it.
   */
  private scopeFor(
    challenge: AuthChallenge,
    granted: string | undefined,
    supported: string[] | undefined,
    server: AuthServerMetadata,
  ): string | undefined {
    const wanted = this.options.scope ?? challenge.scope ?? supported?.join(' ');
    const base = challenge.status === 403 ? unionScopes(granted, wanted) : wanted;
    if (base === undefined) return undefined;
    const offline = this.options.offlineAccess !== false && server.scopes_supported?.includes('offline_access');
    return offline ? unionScopes(base, 'offline_access') : base;
  }

  /** The canonical URI of the MCP server (RFC 8707): no fragment, no query. */
  private resourceId(): string {
    const url = new URL(this.server);
    url.hash = '';
    url.search = '';
    return url.href;
  }

  private expired(tokens: OAuthTokens): boolean {
    if (tokens.access_token === '') return true;
    return tokens.expires_at !== undefined && Date.now() >= tokens.expires_at - (this.options.earlyRefreshMs ?? 30_000);
  }

  /** The refresh token grant (one at a time); undefined when there is none or the server refuses it. */
  private refresh(stored: StoredAuthorization | undefined): Promise<OAuthTokens | undefined> {
    const refreshToken = stored?.tokens?.refresh_token;
    if (stored?.client === undefined || stored.issuer === undefined || refreshToken === undefined) {
      return Promise.resolve(undefined);
    }
    this.refreshing ??= this.refreshWith(stored, refreshToken).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refreshWith(stored: StoredAuthorization, refreshToken: string): Promise<OAuthTokens | undefined> {
    const issuer = stored.issuer as string;
    const client = stored.client as ClientIdentity;
    const server = (await discoverAuthServer(issuer, this.doFetch).catch(() => undefined)) ?? undefined;
    if (server === undefined) return undefined;
    try {
      const tokens = await requestTokens({
        endpoint: server.token_endpoint,
        issuer,
        client,
        assertion: this.options.assertion,
        dpop: stored.dpopKey === undefined ? undefined : await this.keyFor(stored),
        params: {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          resource: stored.resource ?? this.resourceId(),
        },
        fetch: this.doFetch,
      });
      // A server may keep the refresh token (RFC 6749 §6): the old one stays valid then.
      tokens.refresh_token ??= refreshToken;
      tokens.scope ??= stored.tokens?.scope;
      await this.store.save({ ...stored, tokens });
      return tokens;
    } catch {
      // Refused (expired, revoked): forgotten, so the next 401 logs in again.
      const { tokens: _dropped, ...rest } = stored;
      await this.store.save(rest);
      return undefined;
    }
  }
}
