import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { authorizationUrl, refreshTokens, type UpstreamClientOptions } from './oauth2-provider.js';
import { tokenRequest, UPSTREAM_TIMEOUT_MS, upstreamFetch, upstreamJson } from './upstream-http.js';
import {
  type UpstreamAuthorizeInput,
  UpstreamError,
  type UpstreamExchangeInput,
  type UpstreamLogin,
  type UpstreamProvider,
} from './upstream-provider.js';

/** Options of {@link oidcProvider}. */
export interface OidcProviderOptions extends UpstreamClientOptions {
  /** A short name (`google`, `okta`…). Default `oidc`. */
  id?: string;
  displayName?: string;
  /** The issuer: its `/.well-known/openid-configuration` is read once, and must name this issuer. */
  issuer: string;
  /** Accept an ID token whose `iss` differs from `issuer` (Entra's multi-tenant `common`): a function that says yes. */
  acceptIssuer?: (iss: string) => boolean;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/**
 * A generic OpenID Connect upstream: discovery, authorization code with PKCE and a nonce, and an ID token
 * checked with `jose` (signature against the provider's JWKS, issuer, audience = this client, `azp`, expiry,
 * nonce). `openid` is always among the scopes asked for.
 * @example oidcProvider({ issuer: 'https://accounts.google.com', clientId, clientSecret, scopes: ['email'] })
 */
export function oidcProvider(options: OidcProviderOptions): UpstreamProvider {
  let discovered: Promise<{ meta: Discovery; keys: JWTVerifyGetKey }> | undefined;
  const discover = () => {
    discovered ??= readDiscovery(options).catch((error: unknown) => {
      discovered = undefined; // try again on the next login
      throw error;
    });
    return discovered;
  };
  const scopes = ['openid', ...(options.scopes ?? []).filter((s) => s !== 'openid')];
  const client = { clientId: options.clientId, clientSecret: options.clientSecret, auth: options.tokenEndpointAuth };
  return {
    id: options.id ?? 'oidc',
    displayName: options.displayName ?? options.id ?? new URL(options.issuer).host,
    async authorizationUrl(input: UpstreamAuthorizeInput): Promise<URL> {
      const { meta } = await discover();
      return authorizationUrl(meta.authorization_endpoint, { ...options, scopes }, input, true, { nonce: input.nonce });
    },
    async exchange(input: UpstreamExchangeInput): Promise<UpstreamLogin> {
      const { meta, keys } = await discover();
      const { tokens, body } = await tokenRequest(
        meta.token_endpoint,
        {
          grant_type: 'authorization_code',
          code: input.code,
          redirect_uri: input.redirectUri,
          code_verifier: input.codeVerifier,
        },
        client,
        options,
        'upstream token exchange',
      );
      if (typeof body.id_token !== 'string') throw new UpstreamError('upstream token exchange: no ID token');
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(body.id_token, keys, {
          issuer: options.acceptIssuer ? undefined : meta.issuer,
          audience: options.clientId,
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: 60,
        }));
      } catch (error) {
        // The JWKS could not be fetched (too large, too slow, redirected away…): say so, not "refused".
        if (error instanceof UpstreamError) throw error;
        throw new UpstreamError('upstream ID token: refused (signature, issuer, audience or expiry)');
      }
      if (options.acceptIssuer && !(typeof claims.iss === 'string' && options.acceptIssuer(claims.iss)))
        throw new UpstreamError('upstream ID token: issuer not accepted');
      if (claims.nonce !== input.nonce) throw new UpstreamError('upstream ID token: the nonce does not match');
      const aud = claims.aud;
      if (Array.isArray(aud) && aud.length > 1 && claims.azp !== options.clientId)
        throw new UpstreamError('upstream ID token: issued to another party (azp)');
      const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
      return {
        tokens,
        user: {
          id: claims.sub as string,
          name: text(claims.name),
          email: text(claims.email),
          login: text(claims.preferred_username),
        },
      };
    },
    async refresh(refreshToken: string) {
      const { meta } = await discover();
      return refreshTokens(meta.token_endpoint, refreshToken, client, options);
    },
  };
}

async function readDiscovery(options: OidcProviderOptions): Promise<{ meta: Discovery; keys: JWTVerifyGetKey }> {
  const issuer = options.issuer.replace(/\/+$/, '');
  const { status, body } = await upstreamJson(
    `${issuer}/.well-known/openid-configuration`,
    {},
    options,
    'upstream discovery',
  );
  const meta = body as unknown as Discovery;
  if (status !== 200) throw new UpstreamError(`upstream discovery: HTTP ${status}`);
  if (!options.acceptIssuer && meta.issuer?.replace(/\/+$/, '') !== issuer)
    throw new UpstreamError('upstream discovery: the document names another issuer');
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof meta[field] !== 'string') throw new UpstreamError(`upstream discovery: no ${field}`);
  }
  return {
    meta,
    keys: createRemoteJWKSet(new URL(meta.jwks_uri), {
      timeoutDuration: options.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
      // jose would read the key set whole (response.json()); it goes through the same bounded fetch instead.
      [customFetch]: (url: string, init: RequestInit) => boundedJwks(url, init, options),
    }),
  };
}

/** The provider's key set through the bounded upstream fetch, handed to jose as a Response of the bytes read. */
async function boundedJwks(url: string, init: RequestInit, options: OidcProviderOptions): Promise<Response> {
  const { status, headers, bytes } = await upstreamFetch(url, init, options, 'upstream JWKS');
  return new Response(status === 204 || status === 304 ? null : (bytes as BodyInit), { status, headers });
}
