import type { RequestStateKeySource } from '@decorum/protocol';
import type { RedisConnection } from './redis-connection.js';

/** Options of {@link RedisRequestStateKeys}. */
export interface RedisRequestStateKeysOptions {
  /** Prefix of the key and channel (`<prefix>request-state-keys`). Default `decorum:`. */
  keyPrefix?: string;
  /** Keys that always verify, whatever their age (the newest signs). Default 2. */
  keep?: number;
  /**
   * How long a key replaced by `rotate()` keeps verifying, in ms: a state an instance signed just
   * before it heard of the rotation must still verify anywhere. Default 10 minutes (the default
   * lifetime of a requestState; set it to at least `modern.requestState.ttlMs`).
   */
  overlapMs?: number;
}

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

/** The key of one list entry ("<ms>:<base64>", or plain base64 as older versions stored it). */
const keyOf = (entry: string): Uint8Array => {
  const base64 = entry.slice(entry.indexOf(':') + 1);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

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
  private subscribed?: Promise<void>;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisRequestStateKeysOptions = {},
  ) {
    this.key = `${options.keyPrefix ?? 'decorum:'}request-state-keys`;
    this.keep = Math.max(1, options.keep ?? 2);
    this.overlapMs = options.overlapMs ?? 10 * 60_000;
  }

  /** The key source for `ProtocolServer.useRequestStateKeys`: it tells the signer of every rotation. */
  readonly source: RequestStateKeySource = Object.assign(
    async () => {
      const entries = await this.redis.run('load requestState keys', (client) =>
        client.eval(ENSURE, { keys: [this.key], arguments: [randomKey()] }),
      );
      return (entries as string[]).map(keyOf);
    },
    { watch: (listener: () => void) => this.watch(listener) },
  );

  /**
   * Calls `listener` whenever the keys may have changed: a rotation by any instance, or this
   * instance's pub/sub connection coming back (a rotation may have been missed). Returns the unsubscribe.
   */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    this.subscribed ??= this.redis.subscribe(
      this.key,
      () => this.changed(),
      () => this.changed(),
    );
    return () => this.listeners.delete(listener);
  }

  /** Resolves once rotations are heard (for tests and orderly startup). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  /** Signs with a new key from now on, on every instance; the replaced keys verify for `overlapMs` more. */
  async rotate(): Promise<void> {
    await this.redis.run('rotate requestState keys', (client) =>
      client.eval(ROTATE, {
        keys: [this.key],
        arguments: [randomKey(), String(this.keep), String(this.overlapMs)],
      }),
    );
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
