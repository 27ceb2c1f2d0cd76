import type { RequestStateKeySource } from '@decorum/protocol';
import type { RedisConnection } from './redis-connection.js';

/** Options of {@link RedisRequestStateKeys}. */
export interface RedisRequestStateKeysOptions {
  /** Prefix of the key (`<prefix>request-state-keys`). Default `decorum:`. */
  keyPrefix?: string;
  /** Keys kept after a rotation (the newest signs, all verify). Default 2. */
  keep?: number;
}

// The first instance to start creates the key; the others find it. Atomic, so two instances
// starting together cannot end up with different keys.
const ENSURE = `
if redis.call('LLEN', KEYS[1]) == 0 then redis.call('RPUSH', KEYS[1], ARGV[1]) end
return redis.call('LRANGE', KEYS[1], 0, -1)
`;

const randomKey = () => {
  let binary = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(32))) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * The signing keys of multi-round-trip `requestState`, shared by every instance through Redis (a
 * list at `<prefix>request-state-keys`, newest first, no expiry): the first instance generates a
 * random 256-bit key, the others use it, so a retry verifies wherever it lands. `rotate()` puts a
 * new key in front; instances pick it up when they meet a state it signed.
 * @example
 * const keys = new RedisRequestStateKeys(redis);
 * server.useRequestStateKeys(keys.source);
 */
export class RedisRequestStateKeys {
  private readonly key: string;
  private readonly keep: number;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisRequestStateKeysOptions = {},
  ) {
    this.key = `${options.keyPrefix ?? 'decorum:'}request-state-keys`;
    this.keep = options.keep ?? 2;
  }

  /** The key source for `ProtocolServer.useRequestStateKeys` (or `modern.requestState.keys`). */
  readonly source: RequestStateKeySource = async () => {
    const keys = await this.redis.run('load requestState keys', (client) =>
      client.eval(ENSURE, { keys: [this.key], arguments: [randomKey()] }),
    );
    return (keys as string[]).map((key) => Uint8Array.from(atob(key), (c) => c.charCodeAt(0)));
  };

  /** Signs with a new key from now on; states signed by the previous `keep - 1` keys still verify. */
  async rotate(): Promise<void> {
    await this.redis.run('rotate requestState keys', async (client) => {
      await client.lPush(this.key, randomKey());
      await client.lTrim(this.key, 0, this.keep - 1);
    });
  }
}
