// private_key_jwt client authentication (RFC 7523 §2.2, OpenID Connect Core §9): a short-lived JWT signed with the
// client's key, whose audience is the authorization server's issuer.
import { importPKCS8, SignJWT } from 'jose';
import { randomToken } from './pkce.js';
import type { ClientAssertion } from './token-endpoint.js';

/** Options of {@link privateKeyJwt}. */
export interface PrivateKeyJwtOptions {
  clientId: string;
  /** The client's private key, PKCS#8 PEM. */
  privateKeyPem: string;
  /** The JWS algorithm. Default `ES256`. */
  algorithm?: string;
  /** Lifetime of an assertion in seconds. Default 300. */
  lifetimeSeconds?: number;
}

/**
 * Signs client assertions with the client's private key (`iss` = `sub` = client id, `aud` = the issuer).
 * @example const assertion = privateKeyJwt({ clientId: 'svc', privateKeyPem: pem, algorithm: 'ES256' });
 */
export function privateKeyJwt(options: PrivateKeyJwtOptions): ClientAssertion {
  const algorithm = options.algorithm ?? 'ES256';
  let key: ReturnType<typeof importPKCS8> | undefined;
  return async (audience) => {
    key ??= importPKCS8(options.privateKeyPem, algorithm);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuer(options.clientId)
      .setSubject(options.clientId)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.lifetimeSeconds ?? 300))
      .setJti(randomToken(16))
      .sign(await key);
  };
}
