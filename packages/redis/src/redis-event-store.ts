import type { EventStore, JsonRpcMessage, StoredEvent, StoredMessage } from '@decorum/protocol';
import type { RedisConnection } from './redis-connection.js';

/** Options of {@link RedisEventStore}. */
export interface RedisEventStoreOptions {
  /** Prefix of every key. Default `decorum:`. */
  keyPrefix?: string;
  /** Events kept per session; the oldest go first. Default 1000. */
  maxEventsPerSession?: number;
  /** Events older than this are not replayed, in ms. Default 5 minutes. */
  maxAgeMs?: number;
  /** A session's event log is dropped after this long without a new event, in seconds. Default 1 day. */
  ttlSeconds?: number;
}

// One atomic step: skip a broadcast already appended (appendOnce), number the event in the session's
// sequence, append it, trim the log and refresh the expiries. An entry is "seq at streamId json".
const APPEND = `
if KEYS[3] ~= nil and redis.call('SET', KEYS[3], '1', 'NX', 'EX', ARGV[5]) == false then return false end
local seq = redis.call('INCR', KEYS[2])
redis.call('RPUSH', KEYS[1], seq .. ' ' .. ARGV[3] .. ' ' .. ARGV[1] .. ' ' .. ARGV[2])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[4]), -1)
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return ARGV[1] .. '.' .. seq
`;

interface Entry {
  seq: number;
  at: number;
  streamId: string;
  message: StoredMessage;
}

function parseEntry(line: string): Entry {
  const first = line.indexOf(' ');
  const second = line.indexOf(' ', first + 1);
  const third = line.indexOf(' ', second + 1);
  return {
    seq: Number(line.slice(0, first)),
    at: Number(line.slice(first + 1, second)),
    streamId: line.slice(second + 1, third),
    message: JSON.parse(line.slice(third + 1)) as StoredMessage,
  };
}

/**
 * The {@link EventStore} of several instances: SSE events in Redis, so a client that lost its stream
 * resumes it (`Last-Event-ID`) on whichever instance the load balancer picks. Keys:
 * `<prefix>events:<session>` (a list of events, trimmed to `maxEventsPerSession`) and
 * `<prefix>events:<session>:seq` (the session's event counter), both expiring `ttlSeconds` after
 * the last event; `<prefix>events:<session>:once:<key>` marks a broadcast already appended.
 * @example
 * const store = new RedisEventStore(new RedisConnection({ url: 'redis://127.0.0.1:6379' }));
 * new StreamableHttpHandler(server, { eventStore: store });
 */
export class RedisEventStore implements EventStore {
  private readonly prefix: string;
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly ttlSeconds: number;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisEventStoreOptions = {},
  ) {
    this.prefix = `${options.keyPrefix ?? 'decorum:'}events:`;
    this.maxEvents = options.maxEventsPerSession ?? 1000;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.ttlSeconds = options.ttlSeconds ?? 24 * 3600;
  }

  async append(sessionId: string, streamId: string, message: StoredMessage): Promise<string> {
    return (await this.write(sessionId, streamId, message)) as string;
  }

  async appendOnce(sessionId: string, streamId: string, message: StoredMessage, key: string) {
    return this.write(sessionId, streamId, message, key);
  }

  async replayAfter(sessionId: string, lastEventId: string) {
    const dot = lastEventId.lastIndexOf('.');
    if (dot < 1) return undefined;
    const streamId = lastEventId.slice(0, dot);
    const seq = Number(lastEventId.slice(dot + 1));
    if (!Number.isInteger(seq) || seq < 1) return undefined;
    const key = this.prefix + sessionId;
    const [head, lines] = await this.redis.run('replay events', (client) =>
      Promise.all([client.get(`${key}:seq`), client.lRange(key, 0, -1)]),
    );
    if (head === null || seq > Number(head)) return undefined;
    const cutoff = Date.now() - this.maxAgeMs;
    const events: StoredEvent[] = [];
    for (const line of lines) {
      const entry = parseEntry(line);
      if (entry.streamId !== streamId || entry.seq <= seq || entry.message === null || entry.at < cutoff) continue;
      events.push({ id: `${streamId}.${entry.seq}`, message: entry.message as JsonRpcMessage });
    }
    return { streamId, events };
  }

  async deleteSession(sessionId: string): Promise<void> {
    const key = this.prefix + sessionId;
    await this.redis.run('delete events', (client) => client.del([key, `${key}:seq`]));
  }

  private async write(sessionId: string, streamId: string, message: StoredMessage, once?: string) {
    if (streamId.includes(' ')) throw new RangeError(`stream ids hold no space, got "${streamId}"`);
    const key = this.prefix + sessionId;
    const keys = [key, `${key}:seq`];
    if (once !== undefined) keys.push(`${key}:once:${once}`);
    const args = [
      streamId,
      JSON.stringify(message),
      String(Date.now()),
      String(this.maxEvents),
      String(this.ttlSeconds),
    ];
    const id = await this.redis.run('append event', (client) => client.eval(APPEND, { keys, arguments: args }));
    return typeof id === 'string' ? id : undefined;
  }
}
