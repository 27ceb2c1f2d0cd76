import type { StreamLeases } from '@decorum/protocol';
import type { RedisConnection } from './redis-connection.js';

// Take when free or already ours (or always, to take over), with a fresh expiry: one atomic step.
const ACQUIRE = `
local current = redis.call('GET', KEYS[1])
if current and current ~= ARGV[1] and ARGV[3] ~= '1' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

// Delete only our own lease: one taken over meanwhile belongs to someone else.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/**
 * {@link StreamLeases} in Redis: one key per leased stream, `<prefix>events:<session>:lease:<stream>`,
 * holding the holder's name and expiring `ttlMs` after its last renewal.
 */
export class RedisStreamLeases implements StreamLeases {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    readonly ttlMs: number,
  ) {}

  async acquire(sessionId: string, streamId: string, holder: string, takeOver = false): Promise<boolean> {
    const keys = [this.key(sessionId, streamId)];
    const args = [holder, String(this.ttlMs), takeOver ? '1' : '0'];
    const taken = await this.redis.run('acquire stream lease', (client) =>
      client.eval(ACQUIRE, { keys, arguments: args }),
    );
    return taken === 1;
  }

  async holder(sessionId: string, streamId: string): Promise<string | undefined> {
    const holder = await this.redis.run('read stream lease', (client) => client.get(this.key(sessionId, streamId)));
    return holder ?? undefined;
  }

  async release(sessionId: string, streamId: string, holder: string): Promise<void> {
    const keys = [this.key(sessionId, streamId)];
    await this.redis.run('release stream lease', (client) => client.eval(RELEASE, { keys, arguments: [holder] }));
  }

  private key(sessionId: string, streamId: string): string {
    return `${this.prefix}${sessionId}:lease:${streamId}`;
  }
}
