import { upstreamScopes } from './scope-map.js';
import { tokenRequest, type UpstreamHttpOptions, upstreamJson } from './upstream-http.js';
import {
  type UpstreamAuthorizeInput,
  UpstreamError,
  type UpstreamExchangeInput,
  type UpstreamLogin,
  type UpstreamProvider,
  type UpstreamTokens,
  type UpstreamUser,
} from './upstream-provider.js';

/** Options shared by every upstream provider. */
export interface UpstreamClientOptions extends UpstreamHttpOptions {
  /** This server's client id at the provider. */
  clientId: string;
  /** Its client secret (confidential client). Keep it in configuration, never in code. */
  clientSecret?: string;
  /** How the secret is sent to the token endpoint. Default `client_secret_post`. */
  tokenEndpointAuth?: 'client_secret_basic' | 'client_secret_post';
  /** Upstream scopes asked for on every login. */
  scopes?: readonly string[];
  /** Upstream scopes per MCP scope: `{ 'repos:read': ['repo'] }`. */
  scopeMap?: Readonly<Record<string, readonly string[]>>;
  /** More query parameters for the provider's authorization URL (`prompt`, `access_type`, …). */
  authorizationParams?: Readonly<Record<string, string>>;
}

/** Options of {@link oauth2Provider}: a plain OAuth 2.0 provider, the user read from a user-info endpoint. */
export interface OAuth2ProviderOptions extends UpstreamClientOptions {
  id: string;
  displayName?: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Answers the signed-in user as JSON, for the access token as a bearer token. */
  userInfoEndpoint: string;
  /** Maps the user-info JSON to a user; the default reads `sub` or `id`, `name`, `email`, `login`. */
  mapUser?: (info: Record<string, unknown>) => UpstreamUser;
  /** Whether the provider supports PKCE (most do; sending it to one that does not is harmless). Default true. */
  pkce?: boolean;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** The default user-info mapping: OIDC names, then GitHub's. */
export function defaultUserMapping(info: Record<string, unknown>): UpstreamUser {
  const id = str(info.sub) ?? str(info.id);
  if (id === undefined || id === '') throw new UpstreamError('user info: no "sub" or "id" in the answer');
  return { id, name: str(info.name), email: str(info.email), login: str(info.login) ?? str(info.preferred_username) };
}

/**
 * A generic OAuth 2.0 upstream (no OpenID Connect): authorization code with PKCE, then the user read from a
 * user-info endpoint with the new access token.
 * @example
 * oauth2Provider({
 *   id: 'acme', authorizationEndpoint: 'https://acme.example/oauth/authorize',
 *   tokenEndpoint: 'https://acme.example/oauth/token', userInfoEndpoint: 'https://api.acme.example/me',
 *   clientId: process.env.ACME_CLIENT_ID!, clientSecret: process.env.ACME_CLIENT_SECRET,
 * })
 */
export function oauth2Provider(options: OAuth2ProviderOptions): UpstreamProvider {
  const client = { clientId: options.clientId, clientSecret: options.clientSecret, auth: options.tokenEndpointAuth };
  return {
    id: options.id,
    displayName: options.displayName ?? options.id,
    async authorizationUrl(input: UpstreamAuthorizeInput): Promise<URL> {
      return authorizationUrl(options.authorizationEndpoint, options, input, options.pkce !== false);
    },
    async exchange(input: UpstreamExchangeInput): Promise<UpstreamLogin> {
      const { tokens } = await tokenRequest(
        options.tokenEndpoint,
        {
          grant_type: 'authorization_code',
          code: input.code,
          redirect_uri: input.redirectUri,
          ...(options.pkce !== false && { code_verifier: input.codeVerifier }),
        },
        client,
        options,
        'upstream token exchange',
      );
      const { status, body } = await upstreamJson(
        options.userInfoEndpoint,
        { headers: { authorization: `Bearer ${tokens.accessToken}` } },
        options,
        'upstream user info',
      );
      if (status !== 200) throw new UpstreamError(`upstream user info: HTTP ${status}`);
      return { user: (options.mapUser ?? defaultUserMapping)(body), tokens };
    },
    refresh: (refreshToken) => refreshTokens(options.tokenEndpoint, refreshToken, client, options),
  };
}

/** The provider's authorization URL with the usual parameters. */
export function authorizationUrl(
  endpoint: string,
  options: UpstreamClientOptions,
  input: UpstreamAuthorizeInput,
  pkce: boolean,
  extra: Record<string, string> = {},
): URL {
  const url = new URL(endpoint);
  const scopes = upstreamScopes(input.scopes, { always: options.scopes, map: options.scopeMap });
  const params: Record<string, string> = {
    ...options.authorizationParams,
    ...extra,
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
    ...(scopes.length > 0 && { scope: scopes.join(' ') }),
    ...(pkce && { code_challenge: input.codeChallenge, code_challenge_method: 'S256' }),
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

/** A refresh-token grant at the provider; the old refresh token is kept when the provider sends no new one. */
export async function refreshTokens(
  endpoint: string,
  refreshToken: string,
  client: { clientId: string; clientSecret?: string; auth?: 'client_secret_basic' | 'client_secret_post' },
  options: UpstreamHttpOptions,
): Promise<UpstreamTokens> {
  const { tokens } = await tokenRequest(
    endpoint,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    client,
    options,
    'upstream refresh',
  );
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}
