// A Map for the entries of long-lived objects that come and go with each request (a peer's requests in
// flight, an HTTP session's exchanges). Kept for the RSS after HTTP load: see "Structures kept for a figure"
// in docs/benchmarks.md.

// SameValueZero, as Map compares keys.
const same = (a: unknown, b: unknown) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * A `Map` subset (insertion order kept) that allocates nothing while it holds at most one entry.
 * @example const inflight = new SlotMap<RequestId, Cancellation>(); inflight.set(id, c); inflight.delete(id);
 */
export class SlotMap<K, V> {
  private filled = false;
  private key: K | undefined;
  private value: V | undefined;
  // Entries added while the slot was taken (or after it, in order): the slot is always the oldest.
  private rest: Map<K, V> | undefined;

  get size(): number {
    return (this.filled ? 1 : 0) + (this.rest?.size ?? 0);
  }

  has(key: K): boolean {
    return (this.filled && same(this.key, key)) || this.rest?.has(key) === true;
  }

  get(key: K): V | undefined {
    if (this.filled && same(this.key, key)) return this.value;
    return this.rest?.get(key);
  }

  set(key: K, value: V): this {
    if (this.filled && same(this.key, key)) {
      this.value = value;
    } else if (!this.filled && (this.rest === undefined || this.rest.size === 0)) {
      this.filled = true;
      this.key = key;
      this.value = value;
    } else {
      this.rest ??= new Map();
      this.rest.set(key, value);
    }
    return this;
  }

  delete(key: K): boolean {
    if (this.filled && same(this.key, key)) {
      this.filled = false;
      this.key = undefined;
      this.value = undefined;
      return true;
    }
    return this.rest?.delete(key) === true;
  }

  clear(): void {
    this.filled = false;
    this.key = undefined;
    this.value = undefined;
    this.rest = undefined;
  }

  /** The keys, oldest first (a copy: the map may change while the caller works through them). */
  keys(): K[] {
    const keys = this.rest === undefined ? [] : [...this.rest.keys()];
    if (this.filled) keys.unshift(this.key as K);
    return keys;
  }

  /** The values, oldest first (a copy, as {@link keys}). */
  values(): V[] {
    const values = this.rest === undefined ? [] : [...this.rest.values()];
    if (this.filled) values.unshift(this.value as V);
    return values;
  }
}
