// DPoP (RFC 9449, SEP-1932): a key pair of the client's own; every token request and every request to the MCP
// server carries a fresh proof (a JWT over the method and URL, and the access token's hash) signed with it, so a
// stolen token is of no use without the key. Servers may demand a nonce (`use_dpop_nonce`); the last one each
// origin gave is put in the next proof.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { randomToken } from './pkce.js';

const ALGORITHM = 'ES256';

async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The URL as a proof's `htu`: no query, no fragment (RFC 9449 §4.2). */
function htu(url: URL | string): string {
  const copy = new URL(url);
  copy.search = '';
  copy.hash = '';
  return copy.href;
}

/** One DPoP key pair and the nonces servers gave. */
export class DpopKey {
  private readonly nonces = new Map<string, string>();

  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicJwk: JWK,
    /** The private key as a JWK, to keep beside the tokens it binds. */
    readonly jwk: JWK,
  ) {}

  /** A new ES256 key pair. */
  static async generate(): Promise<DpopKey> {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    return new DpopKey(privateKey as CryptoKey, await exportJWK(publicKey), await exportJWK(privateKey));
  }

  /** The key kept as a private JWK. */
  static async restore(jwk: JWK): Promise<DpopKey> {
    const { d: _private, ...publicJwk } = jwk;
    return new DpopKey((await importJWK(jwk, ALGORITHM)) as CryptoKey, publicJwk, jwk);
  }

  /** The JWK thumbprint (`dpop_jkt`). */
  thumbprint(): Promise<string> {
    return calculateJwkThumbprint(this.publicJwk, 'sha256');
  }

  /** Remembers the nonce a server at `url`'s origin asked for. */
  rememberNonce(url: URL | string, nonce: string | null | undefined): void {
    if (nonce) this.nonces.set(new URL(url).origin, nonce);
  }

  /** A fresh proof for one request; `accessToken` adds its hash (`ath`) for requests to the resource. */
  async proof(method: string, url: URL | string, accessToken?: string): Promise<string> {
    const claims: Record<string, string | number> = { htm: method, htu: htu(url), jti: randomToken(16) };
    if (accessToken !== undefined) claims.ath = await sha256(accessToken);
    const nonce = this.nonces.get(new URL(url).origin);
    if (nonce !== undefined) claims.nonce = nonce;
    return new SignJWT(claims)
      .setProtectedHeader({ typ: 'dpop+jwt', alg: ALGORITHM, jwk: this.publicJwk })
      .setIssuedAt()
      .sign(this.privateKey);
  }
}

/** True when the authorization server takes DPoP proofs signed as this client signs them. */
export function supportsDpop(server: { dpop_signing_alg_values_supported?: unknown }): boolean {
  const algorithms = server.dpop_signing_alg_values_supported;
  return Array.isArray(algorithms) && algorithms.includes(ALGORITHM);
}
