// The few Cloudflare Durable Object shapes the task store uses, written structurally: the store and its
// object load in any runtime and type-check without workerd's own type package.

/** Options of a Durable Object storage listing (keys in order, optionally from a bound or under a prefix). */
export interface StorageListOptions {
  prefix?: string;
  startAfter?: string;
  end?: string;
  limit?: number;
}

/** The part of a Durable Object's transactional key-value storage (`state.storage`) the task object uses. */
export interface DurableObjectStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  get<T>(keys: string[]): Promise<Map<string, T>>;
  put(entries: Record<string, unknown>): Promise<void>;
  delete(keys: string[]): Promise<number>;
  list<T>(options?: StorageListOptions): Promise<Map<string, T>>;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
}

/** What a Durable Object class is constructed with (the first argument). */
export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike;
}

/** A stub of one Durable Object: requests to it are delivered to that object, wherever it runs. */
export interface DurableObjectStubLike {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

/** A Durable Object namespace binding (`env.TASKS`, declared in wrangler.toml). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  /** Method syntax on purpose: workerd's `get(id: DurableObjectId)` is assignable to it. */
  get(id: unknown): DurableObjectStubLike;
}
