import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { AuthInfo } from '../transports/transport.js';
import { InvalidTokenError, principalOf } from './token-verifier.js';

/** Asymmetric algorithms only: a shared-secret (HS*) algorithm next to public keys invites key confusion. */
export const DEFAULT_JWT_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/** Options of {@link JwtVerifier}. */
export interface JwtVerifierOptions {
  /** Where the authorization server publishes its keys (fetched lazily, cached, refetched on an unknown `kid`). */
  jwksUrl?: string | URL;
  /** Static public keys instead of a JWKS URL (a JWK Set). */
  keys?: JSONWebKeySet;
  /** The expected `iss` (one or several). */
  issuer: string | readonly string[];
  /** The expected `aud`: this server's canonical resource URI (RFC 8707). */
  audience: string | readonly string[];
  /** Accepted `alg` values. Default: RS*, PS*, ES*, EdDSA. `none` and HS* are always refused. */
  algorithms?: readonly string[];
  /** Tolerated clock skew for `exp`/`nbf`/`iat`, in seconds. Default 30. */
  clockToleranceSec?: number;
  /** A required `typ` header (RFC 9068 says `at+jwt`). Default: not checked. */
  typ?: string;
  /** How long fetched keys are trusted, in ms. Default 10 minutes. */
  jwksCacheMaxAgeMs?: number;
  /** The least time between two JWKS fetches (an unknown `kid` triggers one), in ms. Default 30 000. */
  jwksCooldownMs?: number;
  /** JWKS fetch timeout, in ms. Default 5 000. */
  jwksTimeoutMs?: number;
}

/** Why jose refused a token, in words fit for `error_description` (no token content). */
function reason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'the token was not issued for this resource (audience)';
    if (error.claim === 'iss') return 'the token was not issued by a trusted authorization server (issuer)';
    if (error.claim === 'nbf') return 'the token is not valid yet';
    return `the token's "${error.claim}" claim is invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the token is signed with an algorithm that is not allowed';
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the authorization server matches the token';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token signature is invalid';
  if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) return 'the token is invalid';
  // A network failure or timeout fetching keys: still a refusal, never a pass.
  return 'the token could not be verified';
}

/**
 * Verifies JWT access tokens (RFC 9068) with `jose`: signature against the authorization server's
 * keys, issuer, audience (this server's resource URI), `exp`/`nbf` with a small clock skew, and an
 * algorithm allowlist. Runs on WebCrypto, so in any JavaScript runtime.
 * @example
 * const verify = new JwtVerifier({
 *   jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 *   issuer: 'https://auth.example.com',
 *   audience: 'https://mcp.example.com/mcp',
 * }).verify;
 */
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly algorithms: string[];

  constructor(private readonly options: JwtVerifierOptions) {
    if ((options.jwksUrl === undefined) === (options.keys === undefined)) {
      throw new TypeError('JwtVerifier: give either jwksUrl or keys (a JWK Set), not both or neither');
    }
    const algorithms = [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)];
    const refused = algorithms.filter((alg) => alg.toLowerCase() === 'none' || /^HS/i.test(alg));
    if (refused.length > 0 || algorithms.length === 0) {
      throw new TypeError(
        `JwtVerifier: algorithms may not include ${refused.join(', ') || 'nothing'}: ` +
          'unsigned tokens and shared-secret (HS*) algorithms are refused next to public keys',
      );
    }
    this.algorithms = algorithms;
    this.keys =
      options.jwksUrl !== undefined
        ? createRemoteJWKSet(new URL(options.jwksUrl), {
            cacheMaxAge: options.jwksCacheMaxAgeMs ?? 10 * 60_000,
            cooldownDuration: options.jwksCooldownMs ?? 30_000,
            timeoutDuration: options.jwksTimeoutMs ?? 5_000,
          })
        : createLocalJWKSet(options.keys as JSONWebKeySet);
  }

  /** Verifies a token (bound: pass it as a {@link TokenVerifier}); throws {@link InvalidTokenError}. */
  readonly verify = async (token: string): Promise<AuthInfo> => {
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer as string | string[],
        audience: this.options.audience as string | string[],
        algorithms: this.algorithms,
        clockTolerance: this.options.clockToleranceSec ?? 30,
        typ: this.options.typ,
        requiredClaims: ['exp'],
      });
      return principalOf(token, payload as Record<string, unknown>);
    } catch (error) {
      throw new InvalidTokenError(reason(error));
    }
  };
}
