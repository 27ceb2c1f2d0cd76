import type { Sealer } from '../crypto/sealer.js';
import type { OAuthStore } from '../store/oauth-store.js';
import { UpstreamError, type UpstreamProvider, type UpstreamTokens } from './upstream-provider.js';

/** Options of {@link TokenVault}. */
export interface TokenVaultOptions {
  store: OAuthStore;
  sealer: Sealer;
  provider: UpstreamProvider;
  /** Refresh this long before the upstream token expires, in seconds. Default 60. */
  refreshSkewSeconds?: number;
  /** How long a user's tokens are kept without use, in seconds. Default 90 days. */
  retentionSeconds?: number;
  now?: () => number;
}

/**
 * Each user's upstream tokens, sealed at rest (AES-GCM, bound to the user's record) and refreshed before
 * they expire. A refresh in progress is shared by the calls that wait for it in this instance.
 */
export class TokenVault {
  private readonly refreshing = new Map<string, Promise<UpstreamTokens>>();

  constructor(private readonly options: TokenVaultOptions) {}

  /** Keeps `tokens` for `subject` (the Decorum user id, `github:583231`). */
  async put(subject: string, tokens: UpstreamTokens): Promise<void> {
    const { store, sealer } = this.options;
    const key = this.key(subject);
    await store.set(key, await sealer.seal(JSON.stringify(tokens), key), this.options.retentionSeconds ?? 90 * 86400);
  }

  /** The user's upstream tokens as stored (may be expired), or undefined. */
  async peek(subject: string): Promise<UpstreamTokens | undefined> {
    const key = this.key(subject);
    const sealed = await this.options.store.get(key);
    const plain = sealed === undefined ? undefined : await this.options.sealer.open(sealed, key);
    return plain === undefined ? undefined : (JSON.parse(plain) as UpstreamTokens);
  }

  /**
   * A fresh upstream access token for `subject`: the stored one, or a refreshed one when it expires within
   * the skew. Throws {@link UpstreamError} when there is none, or it expired and cannot be refreshed (the user
   * signs in again).
   */
  async accessToken(subject: string): Promise<string> {
    const tokens = await this.peek(subject);
    if (tokens === undefined) throw new UpstreamError('no upstream sign-in is stored for this user');
    const now = (this.options.now ?? Date.now)() / 1000;
    const skew = this.options.refreshSkewSeconds ?? 60;
    if (tokens.expiresAt === undefined || tokens.expiresAt - skew > now) return tokens.accessToken;
    if (tokens.refreshToken === undefined)
      throw new UpstreamError('the upstream token expired and the provider gave no refresh token: sign in again');
    let pending = this.refreshing.get(subject);
    if (pending === undefined) {
      const refreshToken = tokens.refreshToken;
      pending = this.options.provider
        .refresh(refreshToken)
        .then(async (fresh) => {
          await this.put(subject, fresh);
          return fresh;
        })
        .finally(() => this.refreshing.delete(subject));
      this.refreshing.set(subject, pending);
    }
    return (await pending).accessToken;
  }

  /** Forgets the user's upstream tokens. */
  async forget(subject: string): Promise<void> {
    await this.options.store.delete(this.key(subject));
  }

  private key(subject: string): string {
    return `vault:${this.options.provider.id}:${subject}`;
  }
}
