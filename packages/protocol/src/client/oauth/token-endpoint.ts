// Requests to an authorization server's token endpoint, with the client authenticated the way it registered:
// none (a public client), client_secret_basic, client_secret_post, or private_key_jwt (RFC 7523).
import type { DpopKey } from './dpop.js';
import { readJsonObject } from './fetch-json.js';

/** How the client is known to an authorization server. */
export interface ClientIdentity {
  client_id: string;
  client_secret?: string;
  /** `none`, `client_secret_basic`, `client_secret_post` or `private_key_jwt`. */
  token_endpoint_auth_method?: string;
  /** The redirect URI a dynamically registered client was registered with (another one means registering again). */
  redirect_uri?: string;
}

/** A token response, with its expiry made absolute. */
export interface OAuthTokens {
  access_token: string;
  token_type: string;
  refresh_token?: string;
  scope?: string;
  /** Epoch ms after which the access token is not used. */
  expires_at?: number;
}

/** Signs a client assertion (private_key_jwt) for the given audience. */
export type ClientAssertion = (audience: string) => Promise<string>;

/** Thrown when the token endpoint refuses; `error` is the OAuth error code. */
export class OAuthTokenError extends Error {
  override name = 'OAuthTokenError';
  constructor(
    message: string,
    readonly error?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Options of one token request. */
export interface TokenRequest {
  endpoint: string;
  /** The authorization server's issuer: the audience of a private_key_jwt assertion. */
  issuer: string;
  client: ClientIdentity;
  params: Record<string, string | undefined>;
  assertion?: ClientAssertion;
  /** Asks for a DPoP-bound token: a proof on the request (and once more with the nonce the server demands). */
  dpop?: DpopKey;
  fetch: typeof fetch;
}

/** Form-encodes credentials for HTTP Basic as RFC 6749 §2.3.1 says (each part form-urlencoded first). */
function basic(id: string, secret: string): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${btoa(`${encode(id)}:${encode(secret)}`)}`;
}

/** POSTs a token request; resolves with the tokens, or throws {@link OAuthTokenError} (never with a secret in it). */
export async function requestTokens(request: TokenRequest): Promise<OAuthTokens> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(request.params)) if (value !== undefined) body.set(key, value);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const { client } = request;
  const method = client.token_endpoint_auth_method ?? (client.client_secret ? 'client_secret_basic' : 'none');
  if (method === 'client_secret_basic' && client.client_secret !== undefined) {
    headers.authorization = basic(client.client_id, client.client_secret);
  } else if (method === 'client_secret_post' && client.client_secret !== undefined) {
    body.set('client_id', client.client_id);
    body.set('client_secret', client.client_secret);
  } else if (method === 'private_key_jwt' && request.assertion !== undefined) {
    body.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    body.set('client_assertion', await request.assertion(request.issuer));
  } else if (client.client_id !== '') {
    body.set('client_id', client.client_id);
  }
  const post = async () => {
    if (request.dpop !== undefined) headers.dpop = await request.dpop.proof('POST', request.endpoint);
    const response = await request.fetch(request.endpoint, { method: 'POST', headers, body });
    return { response, json: (await readJsonObject(response)) ?? {} };
  };
  let { response, json } = await post();
  if (request.dpop !== undefined && response.status === 400 && json.error === 'use_dpop_nonce') {
    // RFC 9449 §8: the server wants its nonce in the proof; once.
    request.dpop.rememberNonce(request.endpoint, response.headers.get('dpop-nonce'));
    ({ response, json } = await post());
  }
  if (!response.ok || typeof json.access_token !== 'string') {
    const code = typeof json.error === 'string' ? json.error : undefined;
    const why =
      code === undefined
        ? ''
        : ` ${code}${typeof json.error_description === 'string' ? ` (${json.error_description.slice(0, 200)})` : ''}`;
    throw new OAuthTokenError(
      `The token endpoint refused the ${(request.params.grant_type ?? 'request').replace(/_/g, ' ')} (HTTP ${response.status})${why}`,
      code,
      response.status,
    );
  }
  const tokens: OAuthTokens = { access_token: json.access_token, token_type: String(json.token_type ?? 'Bearer') };
  if (typeof json.refresh_token === 'string') tokens.refresh_token = json.refresh_token;
  if (typeof json.scope === 'string') tokens.scope = json.scope;
  if (typeof json.expires_in === 'number' && json.expires_in > 0)
    tokens.expires_at = Date.now() + json.expires_in * 1000;
  return tokens;
}
