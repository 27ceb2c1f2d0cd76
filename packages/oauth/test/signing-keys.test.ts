// Signing keys rotate by period, shared through the store: every instance signs with the same key of a period,
// and the JWKS keeps the previous period's key so tokens signed just before a rotation still verify.
import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { Sealer } from '../src/crypto/sealer.js';
import { SigningKeys } from '../src/crypto/signing-keys.js';
import { MemoryOAuthStore } from '../src/store/oauth-store.js';

const DAY = 86_400;

describe('SigningKeys', () => {
  it('rotates each period, publishes the current and the previous key, and drops older ones', async () => {
    const clock = { now: Date.UTC(2026, 0, 1) };
    const store = new MemoryOAuthStore(() => clock.now);
    const keys = new SigningKeys(store, new Sealer([randomBytes(32).toString('base64url')]), DAY, () => clock.now);
    const first = await keys.current();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: first.kid })
      .setExpirationTime('2h')
      .sign(first.privateKey);

    clock.now += DAY * 1000;
    const second = await keys.current();
    expect(second.kid).not.toBe(first.kid);
    const jwks = await keys.jwks();
    expect(jwks.keys.map((k) => k.kid)).toEqual([second.kid, first.kid]);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
    await expect(
      jwtVerify(token, createLocalJWKSet(jwks), { currentDate: new Date(clock.now - DAY * 1000) }),
    ).resolves.toBeDefined();

    clock.now += DAY * 1000;
    expect((await keys.jwks()).keys.map((k) => k.kid)).not.toContain(first.kid);
  });

  it('gives every instance the same key of a period (the first writer wins), sealed at rest', async () => {
    const store = new MemoryOAuthStore();
    const written: string[] = [];
    const recording = Object.assign(Object.create(store), {
      add: async (key: string, value: string, ttl: number) => {
        written.push(value);
        return store.add(key, value, ttl);
      },
    }) as MemoryOAuthStore;
    const secret = randomBytes(32).toString('base64url');
    const a = new SigningKeys(recording, new Sealer([secret]), DAY);
    const b = new SigningKeys(recording, new Sealer([secret]), DAY);
    const [ka, kb] = await Promise.all([a.current(), b.current()]);
    expect(ka.kid).toBe(kb.kid);
    for (const value of written) expect(value).not.toContain('"d"');
  });
});
