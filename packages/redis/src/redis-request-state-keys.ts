import { ErrorCode, McpError, type RequestStateKeySource } from '@decorum/protocol';
import { RedisConfigurationError } from './errors.js';
import type { RedisConnection, RedisLogger } from './redis-connection.js';

/** Options of {@link RedisRequestStateKeys}. */
export interface RedisRequestStateKeysOptions {
  /** Prefix of the key and channel (`<prefix>request-state-keys`). Default `decorum:`. */
  keyPrefix?: string;
  /** Keys that always verify, whatever their age (the newest signs). Default 2. */
  keep?: number;
  /**
   * How long a key replaced by `rotate()` keeps verifying, in ms: a state an instance signed just
   * before it heard of the rotation must still verify anywhere. Default 10 minutes (the default
   * lifetime of a requestState; set it to at least `modern.requestState.ttlMs`). The overlap in
   * force is the one of the process that calls `rotate()`.
   */
  overlapMs?: number;
  /** Where a malformed key in Redis is reported. Default: the console (stderr). */
  logger?: RedisLogger;
}

/** Fewest bytes of secret in a key (as for `modern.requestState.keys`). */
const MIN_KEY_BYTES = 32;

// Entries are "<created ms>:<base64 key>", newest first. The first instance to start creates the
// key; the others find it. Atomic, so two instances starting together cannot end up with different keys.
const ENSURE = `
if redis.call('LLEN', KEYS[1]) == 0 then
  local now = redis.call('TIME')
  redis.call('RPUSH', KEYS[1], (now[1] * 1000 + math.floor(now[2] / 1000)) .. ':' .. ARGV[1])
end
return redis.call('LRANGE', KEYS[1], 0, -1)
`;

// A new key in front; a key is dropped once `keep` newer ones exist and its successor is older than
// the overlap (the list is newest first, so the first such key and all after it go); then every
// instance is told, on the same channel, in the same atomic step.
const ROTATE = `
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('LPUSH', KEYS[1], ms .. ':' .. ARGV[1])
local entries = redis.call('LRANGE', KEYS[1], 0, -1)
local keep = tonumber(ARGV[2])
for i = keep + 1, #entries do
  local successor = tonumber(string.match(entries[i - 1], '^(%d+):')) or 0
  if ms - successor >= tonumber(ARGV[3]) then
    redis.call('LTRIM', KEYS[1], 0, i - 2)
    break
  end
end
redis.call('PUBLISH', KEYS[1], tostring(ms))
return #entries
`;

const randomKey = () => {
  let binary = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(32))) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The key of one list entry ("<ms>:<base64>", or plain base64 as older versions stored it), or what
 * is wrong with it — never the entry itself, which is a secret.
 */
function keyOf(entry: string): Uint8Array | string {
  const base64 = /^\d+:/.test(entry) ? entry.slice(entry.indexOf(':') + 1) : entry;
  if (!BASE64.test(base64) || base64.length % 4 !== 0) return 'is not "<ms>:<base64 key>"';
  const key = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (key.byteLength < MIN_KEY_BYTES)
    return `holds ${key.byteLength} bytes, fewer than the ${MIN_KEY_BYTES} a key needs`;
  return key;
}

/** A key given to `rotate()`: base64 text or bytes, at least 32 bytes of secret. */
function checkedKey(key: string | Uint8Array): string {
  const bytes =
    typeof key === 'string' ? (BASE64.test(key) && key.length % 4 === 0 ? atob(key).length : -1) : key.byteLength;
  if (bytes < MIN_KEY_BYTES) {
    throw new RedisConfigurationError(
      bytes < 0
        ? 'rotate(): the key must be base64 text or bytes; nothing was written to Redis'
        : `rotate(): the key has ${bytes} bytes, fewer than the ${MIN_KEY_BYTES} a requestState key needs; nothing was written to Redis`,
    );
  }
  if (typeof key === 'string') return key;
  let binary = '';
  for (const byte of key) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The signing keys of multi-round-trip `requestState`, shared by every instance through Redis (a
 * list at `<prefix>request-state-keys`, newest first, no expiry): the first instance generates a
 * random 256-bit key, the others use it, so a retry verifies wherever it lands.
 *
 * `rotate()` puts a new key in front and publishes the rotation on the channel of the same name:
 * every running instance signs with the new key from its next request on (and again reloads the
 * keys after its pub/sub connection comes back, in case it missed one). The replaced key keeps
 * verifying for `overlapMs`, so states signed in between, or by an instance that heard late, work.
 * @example
 * const scaleOut = redisScaleOut(process.env.REDIS_URL);
 * await scaleOut.keys.rotate(); // all instances follow at once; old states verify for 10 minutes
 */
export class RedisRequestStateKeys {
  private readonly key: string;
  private readonly keep: number;
  private readonly overlapMs: number;
  private readonly listeners = new Set<() => void>();
  private readonly logger: RedisLogger;
  private subscribed?: Promise<void>;
  private malformed?: string;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisRequestStateKeysOptions = {},
  ) {
    this.key = `${options.keyPrefix ?? 'decorum:'}request-state-keys`;
    this.keep = Math.max(1, options.keep ?? 2);
    this.overlapMs = options.overlapMs ?? 10 * 60_000;
    this.logger = options.logger ?? console;
  }

  /** The key source for `ProtocolServer.useRequestStateKeys`: it tells the signer of every rotation. */
  readonly source: RequestStateKeySource = Object.assign(() => this.load(), {
    watch: (listener: () => void) => this.watch(listener),
  });

  /**
   * What is wrong with the keys in Redis (a malformed entry: its position and problem, never its
   * content), or undefined when they are usable. While set, the scale-out reports the instance not
   * ready; it clears at the next load that finds them usable (a rotation triggers one).
   */
  get problem(): string | undefined {
    return this.malformed;
  }

  /**
   * Reads the keys: a malformed entry (written by something else than `rotate()`) is logged once,
   * makes the instance not ready, and fails the load with an error that says so — the signer then
   * keeps its last good keys, or a new instance answers multi-round calls with that error.
   */
  private async load(): Promise<Uint8Array[]> {
    const entries = (await this.redis.run('load requestState keys', (client) =>
      client.eval(ENSURE, { keys: [this.key], arguments: [randomKey()] }),
    )) as string[];
    const keys = entries.map(keyOf);
    const problems = keys.flatMap((key, i) => (typeof key === 'string' ? [`entry ${i} ${key}`] : []));
    if (problems.length > 0) {
      const problem = `requestState keys at "${this.key}" in Redis: ${problems.join('; ')}. This instance is not ready until they are fixed: rotate() puts a good key in front (and drops old ones), or delete the bad entry`;
      if (problem !== this.malformed) this.logger.error(problem);
      this.malformed = problem;
      throw new McpError(
        ErrorCode.InternalError,
        'This server cannot sign multi-round requests: its shared requestState keys are malformed (its log says which)',
      );
    }
    if (this.malformed !== undefined) this.logger.warn(`requestState keys at "${this.key}" in Redis are usable again`);
    this.malformed = undefined;
    return keys as Uint8Array[];
  }

  /**
   * Calls `listener` whenever the keys may have changed: a rotation by any instance, or this
   * instance's pub/sub connection coming back (a rotation may have been missed). Returns the unsubscribe.
   */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    // Subscribed, then the keys checked once: a malformed key is reported at startup, not at the first call.
    this.subscribed ??= this.redis
      .subscribe(
        this.key,
        () => this.changed(),
        () => this.changed(),
      )
      .then(() => this.check());
    return () => this.listeners.delete(listener);
  }

  /** Resolves once rotations are heard (for tests and orderly startup). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  /**
   * Signs with a new key from now on, on every instance; the replaced keys verify for `overlapMs` more
   * (this process's `overlapMs`, whatever the servers were given). `key`: your own (base64 or bytes,
   * at least 32 bytes), else a random one; a shorter or malformed key is refused before anything is written.
   */
  async rotate(key?: string | Uint8Array): Promise<void> {
    const next = key === undefined ? randomKey() : checkedKey(key);
    await this.redis.run('rotate requestState keys', (client) =>
      client.eval(ROTATE, {
        keys: [this.key],
        arguments: [next, String(this.keep), String(this.overlapMs)],
      }),
    );
  }

  /** Loads the keys once to update {@link problem} (failures are already logged or are outages). */
  private async check(): Promise<void> {
    await this.load().catch(() => undefined);
  }

  private changed(): void {
    // Checked on every rotation heard, not at the next request: a bad key is reported even without
    // traffic, and an instance reported not ready (which gets none) sees the fix.
    void this.check();
    for (const listener of this.listeners) listener();
  }
}
