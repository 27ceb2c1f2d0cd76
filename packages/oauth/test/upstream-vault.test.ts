// The upstream token vault: sealed at rest (AES-GCM, bound to its record, rotatable keys), refreshed before
// expiry, and the upstream tokens absent from every response, log line and stored value.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Sealer } from '../src/crypto/sealer.js';
import { MemoryOAuthStore } from '../src/store/oauth-store.js';
import { TokenVault } from '../src/upstream/token-vault.js';
import type { UpstreamProvider, UpstreamTokens } from '../src/upstream/upstream-provider.js';
import { FetchBrowser } from './support/browser.js';
import { startGitHubStandIn } from './support/github-stand-in.js';
import { authorizationCode, callRepos, exchange, type Harness, startHarness, tokenRequest } from './support/harness.js';

const key = () => randomBytes(32).toString('base64url');

/** A store that keeps a copy of everything written, to search it for secrets. */
class RecordingStore extends MemoryOAuthStore {
  readonly written: string[] = [];
  override async set(k: string, value: string, ttl: number): Promise<void> {
    this.written.push(`${k}=${value}`);
    return super.set(k, value, ttl);
  }
  override async add(k: string, value: string, ttl: number): Promise<boolean> {
    this.written.push(`${k}=${value}`);
    return super.add(k, value, ttl);
  }
}

describe('Sealer', () => {
  it('opens with the same key and record only', async () => {
    const sealer = new Sealer([key()]);
    const sealed = await sealer.seal('secret-token', 'vault:github:u1');
    expect(sealed).not.toContain('secret-token');
    expect(await sealer.open(sealed, 'vault:github:u1')).toBe('secret-token');
    expect(await sealer.open(sealed, 'vault:github:u2')).toBeUndefined();
    expect(await new Sealer([key()]).open(sealed, 'vault:github:u1')).toBeUndefined();
  });

  it('rotates: a new first key seals, the old one still opens, and old values are told stale', async () => {
    const old = key();
    const before = await new Sealer([old]).seal('v', 'ctx');
    const rotated = new Sealer([key(), old]);
    expect(await rotated.open(before, 'ctx')).toBe('v');
    expect(await rotated.isStale(before)).toBe(true);
    expect(await rotated.isStale(await rotated.seal('v', 'ctx'))).toBe(false);
  });

  it('refuses a key that is not 32 bytes, naming its position and not its value', async () => {
    const sealer = new Sealer(['too-short-key']);
    await expect(sealer.seal('x', 'y')).rejects.toThrow('encryptionKeys[0] is not 32 bytes');
    await expect(sealer.seal('x', 'y')).rejects.not.toThrow('too-short-key');
  });
});

describe('TokenVault', () => {
  const provider = (refreshed: UpstreamTokens, count: { n: number }): UpstreamProvider => ({
    id: 'test',
    displayName: 'Test',
    authorizationUrl: async () => new URL('https://idp.example/authorize'),
    exchange: async () => {
      throw new Error('unused');
    },
    refresh: async () => {
      count.n++;
      return refreshed;
    },
  });

  it('refreshes before expiry, once for concurrent callers, and keeps the new tokens sealed', async () => {
    const store = new RecordingStore();
    const count = { n: 0 };
    const vault = new TokenVault({
      store,
      sealer: new Sealer([key()]),
      provider: provider(
        { accessToken: 'fresh-at', refreshToken: 'fresh-rt', expiresAt: Date.now() / 1000 + 3600 },
        count,
      ),
    });
    await vault.put('u1', { accessToken: 'old-at', refreshToken: 'old-rt', expiresAt: Date.now() / 1000 + 30 });
    const tokens = await Promise.all([vault.accessToken('u1'), vault.accessToken('u1')]);
    expect(tokens).toEqual(['fresh-at', 'fresh-at']);
    expect(count.n).toBe(1);
    expect(await vault.accessToken('u1')).toBe('fresh-at');
    expect(count.n).toBe(1);
    expect(store.written.join('\n')).not.toMatch(/old-at|old-rt|fresh-at|fresh-rt/);
  });

  it('says so when the token expired and there is no refresh token', async () => {
    const vault = new TokenVault({
      store: new MemoryOAuthStore(),
      sealer: new Sealer([key()]),
      provider: provider({ accessToken: 'x' }, { n: 0 }),
    });
    await vault.put('u1', { accessToken: 'old-at', expiresAt: Date.now() / 1000 - 1 });
    await expect(vault.accessToken('u1')).rejects.toThrow('sign in again');
    await expect(vault.accessToken('nobody')).rejects.toThrow('no upstream sign-in');
  });
});

describe('upstream token absent from every response and log line', () => {
  let h: Harness;
  const store = new RecordingStore();
  const logged: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ store });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await h.close();
  });

  it('never shows an upstream token to the client, the browser, the logs or the store in clear', async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
    const writeOut = process.stdout.write.bind(process.stdout);
    const writeErr = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
      logged.push(String(chunk));
      return writeOut(chunk, ...rest);
    }) as typeof process.stdout.write);
    vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
      logged.push(String(chunk));
      return writeErr(chunk, ...rest);
    }) as typeof process.stderr.write);
    // Short-lived upstream tokens: every call refreshes, so refreshed tokens are checked too.
    h.standIn.tokenLifetime = 30;
    const seen: string[] = [];
    const browser = new FetchBrowser();
    const { code, verifier } = await authorizationCode(h, browser);
    for (const hop of browser.hops) seen.push(JSON.stringify(hop));
    const tokens = await exchange(h, code, verifier);
    seen.push(JSON.stringify(tokens));
    const calls = [
      await callRepos(h, tokens.body.access_token as string),
      await callRepos(h, tokens.body.access_token as string),
    ];
    expect(calls.map((c) => c.text)).toEqual([
      'github:1001: alice/wonderland, alice/looking-glass',
      'github:1001: alice/wonderland, alice/looking-glass',
    ]);
    expect(h.standIn.refreshes).toBeGreaterThanOrEqual(2);
    for (const call of calls) seen.push(call.raw);
    const refreshed = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token as string,
    });
    seen.push(JSON.stringify(refreshed));
    // A failing call (revoked) answers without detail either.
    seen.push((await callRepos(h, 'not-a-token')).raw);

    expect(h.standIn.issued.length).toBeGreaterThanOrEqual(6);
    const everything = [...seen, ...logged, ...store.written].join('\n');
    for (const upstream of h.standIn.issued) expect(everything).not.toContain(upstream);
    // No token passthrough: the upstream API only ever saw its own tokens, never the MCP client's.
    expect(h.standIn.bearers.length).toBeGreaterThanOrEqual(2);
    expect(h.standIn.bearers.every((b) => h.standIn.issued.includes(b))).toBe(true);
    expect(h.standIn.bearers).not.toContain(tokens.body.access_token);
    expect(store.written.some((line) => line.startsWith('vault:'))).toBe(true);
  });
});

describe('an upstream that refuses', () => {
  it('shows an error page and logs the step, with no secret in either', async () => {
    const warnings: string[] = [];
    const standIn = await startGitHubStandIn({ id: 'gh-client', secret: 'the-real-secret' });
    // The harness configures `gh-secret`: the stand-in refuses the code exchange.
    const h = await startHarness({ logger: { warn: (m) => void warnings.push(m) } }, standIn);
    try {
      const browser = new FetchBrowser();
      await expect(authorizationCode(h, browser)).rejects.toThrow();
      const page = browser.hops.at(-1) as { status: number; body: string };
      expect(page.status).toBe(502);
      expect(page.body).toContain('the provider refused (incorrect_client_credentials)');
      expect(warnings).toEqual([
        '[decorum/oauth] sign-in with github failed: upstream token exchange: the provider refused (incorrect_client_credentials), HTTP 200',
      ]);
      expect(JSON.stringify([page.body, warnings])).not.toMatch(/gh-secret|the-real-secret|code_/);
    } finally {
      await h.close();
      await standIn.close();
    }
  });
});
