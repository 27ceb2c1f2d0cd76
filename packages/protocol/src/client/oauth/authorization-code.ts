// One authorization code grant with PKCE (OAuth 2.1 §4.1): the authorization URL, the user agent's round trip,
// the checks on the redirect (state; the issuer, RFC 9207), and the code exchanged for tokens.
import type { DpopKey } from './dpop.js';
import type { AuthServerMetadata } from './metadata.js';
import { pkcePair, randomToken } from './pkce.js';
import { type ClientAssertion, type ClientIdentity, type OAuthTokens, requestTokens } from './token-endpoint.js';

/**
 * Sends the user to `authorizationUrl` (a browser, or a printed URL) and resolves with the redirect URI the
 * authorization server sent the user agent back to, query included.
 */
export type AuthorizeUser = (authorizationUrl: URL) => Promise<string | URL>;

/** Options of {@link authorizationCodeGrant}. */
export interface AuthorizationCodeOptions {
  server: AuthServerMetadata;
  client: ClientIdentity;
  redirectUri: string;
  /** The MCP server's resource identifier (RFC 8707). */
  resource: string;
  scope?: string;
  authorize: AuthorizeUser;
  assertion?: ClientAssertion;
  /** Binds the tokens to this DPoP key (RFC 9449). */
  dpop?: DpopKey;
  fetch: typeof fetch;
}

/** Refused redirects and authorization errors: nothing is exchanged. */
export class AuthorizationResponseError extends Error {
  override name = 'AuthorizationResponseError';
}

/** Runs the grant; resolves with the tokens, or throws when the redirect is wrong or the server refuses. */
export async function authorizationCodeGrant(options: AuthorizationCodeOptions): Promise<OAuthTokens> {
  const { server, client } = options;
  // Security considerations: no code_challenge_methods_supported means no PKCE, and the client must not go on.
  if (!server.code_challenge_methods_supported?.includes('S256')) {
    throw new AuthorizationResponseError(`The authorization server ${server.issuer} does not advertise PKCE with S256`);
  }
  if (server.authorization_endpoint === undefined) {
    throw new AuthorizationResponseError(`The authorization server ${server.issuer} has no authorization endpoint`);
  }
  const { verifier, challenge } = await pkcePair();
  const state = randomToken(16);
  const url = new URL(server.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  if (options.scope !== undefined) url.searchParams.set('scope', options.scope);
  url.searchParams.set('resource', options.resource);
  const back = new URL(String(await options.authorize(url)));
  const params = back.searchParams;
  if (params.get('state') !== state) {
    throw new AuthorizationResponseError('The authorization response does not carry the state of the request');
  }
  // RFC 9207: the issuer identifies who answered; compared exactly, whether or not the server advertises it.
  const iss = params.get('iss');
  if (iss !== null && iss !== server.issuer) {
    throw new AuthorizationResponseError(`The authorization response comes from ${iss}, not from ${server.issuer}`);
  }
  if (iss === null && server.authorization_response_iss_parameter_supported === true) {
    throw new AuthorizationResponseError(`The authorization response of ${server.issuer} lacks its iss parameter`);
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    throw new AuthorizationResponseError(
      `The authorization was refused: ${error}${description ? ` (${description.slice(0, 200)})` : ''}`,
    );
  }
  const code = params.get('code');
  if (code === null || code === '') throw new AuthorizationResponseError('The authorization response has no code');
  return requestTokens({
    endpoint: server.token_endpoint,
    issuer: server.issuer,
    client,
    assertion: options.assertion,
    dpop: options.dpop,
    params: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: options.redirectUri,
      code_verifier: verifier,
      resource: options.resource,
    },
    fetch: options.fetch,
  });
}
