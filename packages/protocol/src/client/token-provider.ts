import { type AuthChallenge, parseChallenge } from './oauth/challenge.js';
import { privateKeyJwt } from './oauth/private-key-jwt.js';
import { type ClientIdentity, requestTokens } from './oauth/token-endpoint.js';
import { discoverTokenEndpoint } from './oauth-discovery.js';

/**
 * Where an HTTP client gets its bearer token. `token()` is asked before each request (cache inside).
 * After a 401, or a 403 whose challenge is `insufficient_scope`, `challenged()` decides whether the request is
 * retried (having authorized, refreshed or stepped up); a provider without it has `invalidate()` called after a
 * 401 and the request retried once.
 */
export interface TokenProvider {
  token(): Promise<string | undefined> | string | undefined;
  invalidate?(): void;
  /** Resolves true when a retry with `token()` is worth making; `attempt` counts this request's retries (0 first). */
  challenged?(challenge: AuthChallenge & { attempt: number }): Promise<boolean> | boolean;
  /** Instead of `Bearer <token()>`: the headers that authorize one request (DPoP: a fresh proof each time). */
  headersFor?(method: string, url: URL): Promise<Record<string, string>>;
}

/** @internal Sets the authorization headers of one request to `url`. */
export async function authorize(
  headers: Headers,
  token: string | TokenProvider | undefined,
  method: string,
  url: URL,
): Promise<void> {
  if (typeof token === 'object' && token.headersFor) {
    for (const [name, value] of Object.entries(await token.headersFor(method, url))) headers.set(name, value);
    return;
  }
  const value = typeof token === 'object' ? await token.token() : token;
  if (value !== undefined) headers.set('authorization', `Bearer ${value}`);
}

/** The most times one request is retried for authorization (an authorization, then step-ups). */
export const MAX_AUTH_RETRIES = 3;

/** Thrown when authorizing failed: the request fails with it, the connection stays. */
export class AuthorizationError extends Error {
  override name = 'AuthorizationError';
}

/**
 * @internal After a 401 or a 403 `insufficient_scope`: whether the provider wants the request retried; when it
 * does, the response's body is dropped (the retry answers instead) and `headers` get the new credentials.
 */
export async function retryAuthorized(
  provider: TokenProvider,
  response: Response,
  headers: Headers,
  url: URL,
  attempt: number,
): Promise<boolean> {
  if ((response.status !== 401 && response.status !== 403) || attempt >= MAX_AUTH_RETRIES) return false;
  const challenge = parseChallenge(response.status, response.headers.get('www-authenticate'), url);
  const nonce = response.headers.get('dpop-nonce');
  if (nonce !== null) challenge.dpopNonce = nonce;
  if (response.status === 403 && challenge.error !== 'insufficient_scope') return false;
  let retry = false;
  if (provider.challenged) {
    try {
      retry = await provider.challenged({ ...challenge, attempt });
    } catch (error) {
      await response.body?.cancel().catch(() => undefined);
      throw error instanceof AuthorizationError
        ? error
        : new AuthorizationError((error as Error).message, { cause: error });
    }
  } else if (response.status === 401 && provider.invalidate && attempt === 0) {
    provider.invalidate();
    retry = true;
  }
  if (!retry) return false;
  await response.body?.cancel().catch(() => undefined);
  await authorize(headers, provider, 'POST', url);
  return true;
}

/** Options of {@link clientCredentials}. */
export interface ClientCredentialsOptions {
  /**
   * The authorization server's token endpoint. Without it, it is discovered from `resource`: the MCP server's
   * protected resource metadata (RFC 9728) names the authorization server, whose metadata names the endpoint.
   */
  tokenUrl?: string | URL;
  clientId: string;
  /** The client secret (client_secret_basic or client_secret_post). */
  clientSecret?: string;
  /** Instead of a secret: the client's private key, PKCS#8 PEM, for private_key_jwt (RFC 7523). */
  privateKeyPem?: string;
  /** The JWS algorithm of `privateKeyPem`. Default `ES256`. */
  signingAlgorithm?: string;
  /** The audience of the JWT assertion: the authorization server's issuer (found by discovery, else `tokenUrl`). */
  issuer?: string;
  /** Space-separated scopes to ask for. */
  scope?: string;
  /** The MCP server's URL: sent as the RFC 8707 resource indicator, and where `tokenUrl` is discovered from. */
  resource?: string | URL;
  /** `basic` (default, RFC 6749 §2.3.1) sends the credentials in an Authorization header; `post` in the body. */
  authMethod?: 'basic' | 'post';
  /** Renew this many ms before expiry. Default 30 000. */
  earlyRefreshMs?: number;
  fetch?: typeof fetch;
}

/**
 * The OAuth 2.0 client credentials grant as a {@link TokenProvider}: a token is fetched on first use, cached until
 * shortly before `expires_in`, and fetched again after a 401. The client authenticates with a secret or with a
 * signed JWT (`privateKeyPem`).
 * @example
 * const client = await connectHttp(url, {
 *   token: clientCredentials({ tokenUrl: 'https://auth.example.com/token', clientId, clientSecret, scope: 'mcp' }),
 * });
 */
export function clientCredentials(options: ClientCredentialsOptions): TokenProvider {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  if (options.tokenUrl === undefined && options.resource === undefined) {
    throw new TypeError('clientCredentials needs a tokenUrl, or the resource to discover it from');
  }
  if (options.clientSecret === undefined && options.privateKeyPem === undefined) {
    throw new TypeError('clientCredentials needs a clientSecret or a privateKeyPem');
  }
  const client: ClientIdentity = { client_id: options.clientId };
  if (options.privateKeyPem !== undefined) client.token_endpoint_auth_method = 'private_key_jwt';
  else {
    client.client_secret = options.clientSecret;
    client.token_endpoint_auth_method = options.authMethod === 'post' ? 'client_secret_post' : 'client_secret_basic';
  }
  const assertion =
    options.privateKeyPem === undefined
      ? undefined
      : privateKeyJwt({
          clientId: options.clientId,
          privateKeyPem: options.privateKeyPem,
          algorithm: options.signingAlgorithm,
        });
  let target: { issuer: string; tokenEndpoint: string } | undefined =
    options.tokenUrl === undefined
      ? undefined
      : { tokenEndpoint: String(options.tokenUrl), issuer: options.issuer ?? String(options.tokenUrl) };
  const early = options.earlyRefreshMs ?? 30_000;
  let cached: { value: string; expiresAt: number } | undefined;
  let inflight: Promise<string> | undefined;
  const obtain = async (): Promise<string> => {
    target ??= await discoverTokenEndpoint(new URL(options.resource as string | URL), doFetch);
    const tokens = await requestTokens({
      endpoint: target.tokenEndpoint,
      issuer: options.issuer ?? target.issuer,
      client,
      assertion,
      params: {
        grant_type: 'client_credentials',
        scope: options.scope,
        resource: options.resource === undefined ? undefined : String(options.resource),
      },
      fetch: doFetch,
    });
    cached = { value: tokens.access_token, expiresAt: (tokens.expires_at ?? Number.POSITIVE_INFINITY) - early };
    return tokens.access_token;
  };
  return {
    async token() {
      if (cached !== undefined && Date.now() < cached.expiresAt) return cached.value;
      inflight ??= obtain().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
