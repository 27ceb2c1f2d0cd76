/**
 * Where the authorization server keeps its state: pending authorizations, codes, refresh-token families,
 * registered clients, remembered consents, signing keys and the upstream token vault. Values are strings
 * (JSON); every record that may expire has a time to live. Implementations: {@link MemoryOAuthStore} (one
 * process) and `RedisOAuthStore` from `@decorum/oauth/node` (many instances).
 */
export interface OAuthStore {
  /** The value under `key`, or undefined. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value`; `ttlSeconds` 0 keeps it until deleted. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Stores `value` only when `key` is absent; true when it was stored (the first writer wins). */
  add(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Reads and deletes in one step: of two concurrent callers, only one gets the value (codes, refresh tokens). */
  take(key: string): Promise<string | undefined>;
  /** Deletes `key` (absent is fine). */
  delete(key: string): Promise<void>;
  /** Adds one to a counter that starts at 0 and expires `ttlSeconds` after its first increment. */
  increment(key: string, ttlSeconds: number): Promise<number>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * An {@link OAuthStore} in this process's memory: fine for one instance and tests; grants are lost on
 * restart. Expired entries are dropped when read and swept every few hundred writes, so memory stays bounded
 * by what is live.
 * @example const store = new MemoryOAuthStore();
 */
export class MemoryOAuthStore implements OAuthStore {
  private readonly entries = new Map<string, Entry>();
  private writes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<string | undefined> {
    return this.live(key)?.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.write(key, value, ttlSeconds);
  }

  async add(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(key) !== undefined) return false;
    this.write(key, value, ttlSeconds);
    return true;
  }

  async take(key: string): Promise<string | undefined> {
    const entry = this.live(key);
    this.entries.delete(key);
    return entry?.value;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const entry = this.live(key);
    const next = (entry === undefined ? 0 : Number(entry.value)) + 1;
    if (entry === undefined) this.write(key, String(next), ttlSeconds);
    else entry.value = String(next);
    return next;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== 0 && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private write(key: string, value: string, ttlSeconds: number): void {
    this.entries.set(key, { value, expiresAt: ttlSeconds > 0 ? this.now() + ttlSeconds * 1000 : 0 });
    if (++this.writes % 512 === 0) this.sweep();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries)
      if (entry.expiresAt !== 0 && entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** Reads a JSON record, or undefined when absent or unreadable. */
export async function readJson<T>(store: OAuthStore, key: string): Promise<T | undefined> {
  return parseRecord<T>(await store.get(key));
}

/** Parses a stored JSON record; undefined for absent or corrupt values (a corrupt record grants nothing). */
export function parseRecord<T>(raw: string | undefined): T | undefined {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}
