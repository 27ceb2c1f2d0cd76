import type { AuthInfo } from '../transports/transport.js';
import { InvalidTokenError, principalOf } from './token-verifier.js';

/** Options of {@link IntrospectionVerifier}. */
export interface IntrospectionVerifierOptions {
  /** The authorization server's introspection endpoint (RFC 7662). */
  endpoint: string | URL;
  /** This server's credentials at the authorization server (sent as HTTP Basic). */
  clientId?: string;
  clientSecret?: string;
  /** Other headers for the introspection call (a bearer token of its own, say). */
  headers?: Record<string, string>;
  /**
   * The expected audience (this server's resource URI, RFC 8707). An answer whose `aud` does not
   * name it is refused; an answer without `aud` is refused unless `allowMissingAudience`.
   */
  audience: string | readonly string[];
  /** Accept an answer with no `aud` (some servers leave it out). Default false. */
  allowMissingAudience?: boolean;
  /** The expected `iss`, when the answer carries one. */
  issuer?: string | readonly string[];
  /** Introspection timeout, in ms. Default 5 000. */
  timeoutMs?: number;
  /** The fetch to use. Default: the global one. */
  fetch?: typeof fetch;
}

const list = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/**
 * Verifies opaque access tokens by asking the authorization server (OAuth 2.0 Token
 * Introspection, RFC 7662): the token must be `active`, unexpired, and issued for this resource.
 * Every check is a network round trip: put a cache in front if your traffic needs one.
 * @example
 * const verify = new IntrospectionVerifier({
 *   endpoint: 'https://auth.example.com/introspect',
 *   clientId: 'mcp-server', clientSecret: process.env.INTROSPECTION_SECRET,
 *   audience: 'https://mcp.example.com/mcp',
 * }).verify;
 */
export class IntrospectionVerifier {
  constructor(private readonly options: IntrospectionVerifierOptions) {}

  /** Verifies a token (bound: pass it as a {@link TokenVerifier}); throws {@link InvalidTokenError}. */
  readonly verify = async (token: string): Promise<AuthInfo> => {
    const o = this.options;
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      ...o.headers,
    };
    if (o.clientId !== undefined) {
      const pair = `${encodeURIComponent(o.clientId)}:${encodeURIComponent(o.clientSecret ?? '')}`;
      headers.Authorization = `Basic ${btoa(pair)}`;
    }
    let claims: Record<string, unknown>;
    try {
      const response = await (o.fetch ?? fetch)(o.endpoint, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        signal: AbortSignal.timeout(o.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`introspection answered ${response.status}`);
      claims = (await response.json()) as Record<string, unknown>;
    } catch {
      // A failed introspection refuses the token: never fail open.
      throw new InvalidTokenError('the token could not be verified');
    }
    if (claims === null || typeof claims !== 'object' || claims.active !== true)
      throw new InvalidTokenError('the token is not active');
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now())
      throw new InvalidTokenError('the token has expired');
    const audiences = list(claims.aud as string | string[] | undefined);
    if (audiences.length === 0 ? !o.allowMissingAudience : !audiences.some((a) => list(o.audience).includes(a)))
      throw new InvalidTokenError('the token was not issued for this resource (audience)');
    if (o.issuer !== undefined && typeof claims.iss === 'string' && !list(o.issuer).includes(claims.iss))
      throw new InvalidTokenError('the token was not issued by a trusted authorization server (issuer)');
    return principalOf(token, claims);
  };
}
