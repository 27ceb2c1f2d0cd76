// The `requestState` of multi-round-trip requests: it travels through the client and comes back on
// the retry, so it is signed (HMAC-SHA-256, WebCrypto: any runtime) and carries an expiry, the
// method and a digest of the original parameters, and the principal it was issued to.
import { ErrorCode, McpError } from '../../jsonrpc/errors.js';

/** What a request state proves about the retry it comes back with. */
export interface StatePayload {
  /** The method and a digest of its salient params (name/uri + arguments). */
  method: string;
  digest: string;
  /** Who it was issued to (auth subject or client id), if anyone. */
  principal?: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** Answers already given in earlier rounds, by input key. */
  answers: Record<string, unknown>;
}

/**
 * Keys fetched from somewhere shared (Redis, a secret manager), newest first, so that a retry may
 * land on any instance. Called on first use, again after a failure, after every change its `watch`
 * announces (a rotation published to all instances: they sign with the new key at once), and when
 * a state verifies with none of the known keys, at most every 5 s (a source without `watch`).
 * A rotation should keep the replaced key in the list for as long as a state lives (`ttlMs`), so
 * that states signed before every instance heard of it still verify.
 * @example
 * const keys: RequestStateKeySource = async () => [await secrets.get('mcp-request-state')];
 */
export type RequestStateKeySource = (() => Promise<(string | Uint8Array)[]>) & {
  /** Calls `listener` when the keys change (a rotation anywhere); returns the unsubscribe. */
  watch?(listener: () => void): () => void;
};

/** Options of {@link RequestStateSigner}. */
export interface RequestStateOptions {
  /**
   * Signing keys (≥ 32 bytes of secret each). The first signs; all verify — add a new key in
   * front to rotate, drop the old one once its states have expired. Default: one random key per
   * process (fine for one instance; share keys between instances behind a load balancer).
   */
  keys?: (string | Uint8Array)[] | RequestStateKeySource;
  /** How long a state stays valid, in ms. Default 10 minutes. */
  ttlMs?: number;
}

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A copy on a plain ArrayBuffer, as WebCrypto's types want. */
const bytes = (key: string | Uint8Array): Uint8Array<ArrayBuffer> =>
  typeof key === 'string' ? encoder.encode(key) : new Uint8Array(key);

const invalid = (why: string) =>
  new McpError(ErrorCode.InvalidParams, `Invalid requestState: ${why}; start the request again without it`);

/** Signs and verifies request states. One per server; keys are imported once (per fetch, for a key source). */
export class RequestStateSigner {
  readonly ttlMs: number;
  private readonly source?: RequestStateKeySource;
  private keys?: Promise<CryptoKey[]>;
  /** The keys of the last fetch that worked: used while the source cannot be reached. */
  private lastGood?: CryptoKey[];
  /** Set while signing with `lastGood` because a fetch failed: when to try the source again. */
  private retryAt?: number;
  private fetchedAt = 0;
  /** Least time between two fetches of a key source triggered by unknown signatures, in ms. */
  private readonly refreshMs = 5_000;

  constructor(options: RequestStateOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    if (typeof options.keys === 'function') {
      this.source = options.keys;
      // Published, not discovered on failure: the next use after a rotation fetches the new keys.
      this.source.watch?.(() => {
        this.keys = undefined;
      });
      return;
    }
    const raw = options.keys?.length ? options.keys : [crypto.getRandomValues(new Uint8Array(32))];
    // A short key is a configuration error: report it at construction, not at the first request.
    checkLengths(raw);
    this.keys = importKeys(raw);
  }

  private currentKeys(): Promise<CryptoKey[]> {
    if (this.retryAt !== undefined && Date.now() >= this.retryAt) this.keys = undefined;
    if (this.keys === undefined) {
      const source = this.source as RequestStateKeySource;
      this.fetchedAt = Date.now();
      this.retryAt = undefined;
      const fetched = source().then(async (raw) => {
        if (raw.length === 0) throw new RangeError('the requestState key source returned no key');
        checkLengths(raw);
        const keys = await importKeys(raw);
        this.lastGood = keys;
        return keys;
      });
      // The shared store is down (a refetch after a rotation or a reconnection): the keys fetched
      // before still sign and verify, and the source is tried again after refreshMs. Without any,
      // the failure is the request's, and the next request fetches again.
      const loading = fetched.catch((error: unknown) => {
        if (this.lastGood === undefined) {
          if (this.keys === loading) this.keys = undefined;
          throw error;
        }
        this.retryAt = Date.now() + this.refreshMs;
        return this.lastGood;
      });
      this.keys = loading;
    }
    return this.keys;
  }

  /** Drops fetched keys so the next use fetches again (rate-limited); false when nothing changes. */
  private refresh(): boolean {
    if (this.source === undefined || Date.now() - this.fetchedAt < this.refreshMs) return false;
    this.keys = undefined;
    return true;
  }

  /** A digest of the params that identify a request (so a state cannot be replayed on another call). */
  static digest(method: string, params: Record<string, unknown>): Promise<string> {
    return RequestStateSigner.hash(RequestStateSigner.salient(method, params));
  }

  /**
   * What the digest covers, as text: cheap, so it is taken before a handler runs (which may change
   * its arguments), while the SHA-256 of it is only computed when a state is verified or issued.
   */
  static salient(method: string, params: Record<string, unknown>): string {
    return JSON.stringify([method, params.name ?? params.uri ?? null, params.arguments ?? null]);
  }

  /** The digest of a {@link salient} text. */
  static async hash(salient: string): Promise<string> {
    return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(salient))));
  }

  async sign(payload: StatePayload): Promise<string> {
    const [key] = await this.currentKeys();
    const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key as CryptoKey, encoder.encode(body)));
    return `${body}.${toBase64Url(mac)}`;
  }

  /** Verifies a state for this request; throws -32602 when tampered, expired, or issued for another call. */
  async verify(state: unknown, expect: { method: string; digest: string; principal?: string }): Promise<StatePayload> {
    if (typeof state !== 'string' || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(state)) throw invalid('malformed');
    const [body, mac] = state.split('.') as [string, string];
    let signature: Uint8Array<ArrayBuffer>;
    try {
      signature = fromBase64Url(mac);
    } catch {
      throw invalid('malformed');
    }
    let verified = await this.verifies(signature, body);
    if (!verified && this.refresh()) verified = await this.verifies(signature, body);
    if (!verified) throw invalid('signature does not verify');
    const payload = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as StatePayload;
    if (payload.exp < Date.now()) throw invalid('expired');
    if (payload.method !== expect.method || payload.digest !== expect.digest)
      throw invalid('issued for another request');
    if (payload.principal !== expect.principal) throw invalid('issued to another principal');
    return payload;
  }

  private async verifies(signature: Uint8Array<ArrayBuffer>, body: string): Promise<boolean> {
    for (const key of await this.currentKeys()) {
      if (await crypto.subtle.verify('HMAC', key, signature, encoder.encode(body))) return true;
    }
    return false;
  }
}

function checkLengths(raw: (string | Uint8Array)[]): void {
  for (const key of raw) {
    if ((typeof key === 'string' ? encoder.encode(key) : key).byteLength < 32) {
      throw new RangeError('requestState keys must have at least 32 bytes of secret');
    }
  }
}

function importKeys(raw: (string | Uint8Array)[]): Promise<CryptoKey[]> {
  return Promise.all(
    raw.map((key) =>
      crypto.subtle.importKey('raw', bytes(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
    ),
  );
}
