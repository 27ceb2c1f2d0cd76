import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { OAuthStore } from '../store/oauth-store.js';
import type { Sealer } from './sealer.js';

/** The one signing algorithm: ES256 keys are small and every JOSE library verifies them. */
export const SIGNING_ALG = 'ES256';

/** A signing key of one rotation period. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Signing keys that rotate every `rotationSeconds`, shared by every instance through the store: the key of a
 * period is written once (the first instance to need it wins, the others read it), sealed at rest. The JWKS
 * lists the current and the previous period's key, so a token signed just before a rotation still verifies
 * (access tokens live much shorter than a period).
 */
export class SigningKeys {
  /** Keys loaded by this instance, by period; at most three are kept. */
  private readonly cache = new Map<number, Promise<SigningKey>>();

  constructor(
    private readonly store: OAuthStore,
    private readonly sealer: Sealer,
    private readonly rotationSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key that signs now. */
  current(): Promise<SigningKey> {
    return this.ofPeriod(this.period());
  }

  /** The public keys to publish (RFC 7517 JWK Set). */
  async jwks(): Promise<{ keys: JWK[] }> {
    const period = this.period();
    const keys = await Promise.all([this.ofPeriod(period), this.ofPeriod(period - 1)]);
    return { keys: keys.map((k) => k.publicJwk) };
  }

  private period(): number {
    return Math.floor(this.now() / 1000 / this.rotationSeconds);
  }

  private ofPeriod(period: number): Promise<SigningKey> {
    let key = this.cache.get(period);
    if (key === undefined) {
      key = this.load(period);
      key.catch(() => this.cache.delete(period));
      this.cache.set(period, key);
      for (const old of this.cache.keys()) if (old < period - 2) this.cache.delete(old);
    }
    return key;
  }

  private async load(period: number): Promise<SigningKey> {
    const name = `sigkey:${period}`;
    const context = `signing-key:${period}`;
    const stored = await this.store.get(name);
    if (stored !== undefined) {
      const opened = await this.sealer.open(stored, context);
      if (opened !== undefined) return toKey(JSON.parse(opened) as JWK);
    }
    const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const jwk = await exportJWK(privateKey);
    jwk.kid = await calculateJwkThumbprint(jwk);
    const ttl = this.rotationSeconds * 3;
    if (!(await this.store.add(name, await this.sealer.seal(JSON.stringify(jwk), context), ttl))) {
      // Another instance wrote this period's key first: use that one.
      const winner = await this.sealer.open((await this.store.get(name)) ?? '', context);
      if (winner === undefined) throw new Error('oauth: the stored signing key does not open with the configured keys');
      return toKey(JSON.parse(winner) as JWK);
    }
    return toKey(jwk);
  }
}

async function toKey(jwk: JWK): Promise<SigningKey> {
  const { d: _private, ...publicJwk } = jwk;
  const privateKey = (await importJWK({ ...jwk, alg: SIGNING_ALG }, SIGNING_ALG)) as CryptoKey;
  return {
    kid: jwk.kid as string,
    privateKey,
    publicJwk: { ...publicJwk, alg: SIGNING_ALG, use: 'sig' },
  };
}
