import type { EventStore, JsonRpcMessage, StoredEvent, StoredMessage, StreamLeases } from '@decorum/protocol';
import { RedisUnavailableError } from './errors.js';
import type { RedisConnection } from './redis-connection.js';
import { RedisStreamLeases } from './redis-stream-leases.js';

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
  /**
   * How long a stream lease lasts without renewal, in ms: after an instance dies, its session's GET
   * stream cannot be opened afresh on another for up to this long (a resumption takes it at once).
   * Default 5 000.
   */
  streamLeaseMs?: number;
}

// One atomic step: skip a broadcast already appended (appendOnce), number the event in the session's
// sequence, append it, trim the log and refresh the expiries. An entry is "seq at streamId json".
// An event's number is at least Redis's clock in microseconds: after Redis lost its data, or came
// back from an older snapshot, the numbers still go on above those already sent, so a stream's
// cursor never takes new events for old ones (as long as Redis's clock does not go back).
const APPEND = `
if KEYS[3] ~= nil and redis.call('SET', KEYS[3], '1', 'NX', 'EX', ARGV[5]) == false then return false end
local now = redis.call('TIME')
local clock = tonumber(now[1]) * 1000000 + tonumber(now[2])
local seq = string.format('%d', math.max(tonumber(redis.call('GET', KEYS[2]) or '0') + 1, clock))
redis.call('SET', KEYS[2], seq, 'EX', ARGV[5])
redis.call('RPUSH', KEYS[1], seq .. ' ' .. ARGV[3] .. ' ' .. ARGV[1] .. ' ' .. ARGV[2])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[4]), -1)
redis.call('EXPIRE', KEYS[1], ARGV[5])
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
 * the last event; `<prefix>events:<session>:once:<key>` marks a broadcast already appended;
 * `<prefix>events:<session>:lease:<stream>` names the instance serving a stream (see {@link StreamLeases}).
 * Event numbers follow Redis's clock (µs) and only grow, even across a restart that lost data or rolled it back.
 * While Redis is away, operations fail at once (the HTTP layer then sends live, without an id).
 * @example
 * const store = new RedisEventStore(new RedisConnection({ url: 'redis://127.0.0.1:6379' }));
 * new StreamableHttpHandler(server, { eventStore: store });
 */
export class RedisEventStore implements EventStore {
  private readonly prefix: string;
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly ttlSeconds: number;
  /** Who serves which stream of a session (one GET stream per session across instances). */
  readonly leases: StreamLeases;
  /** Redis has been reachable once: from then on, its absence is an outage. */
  private connected = false;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisEventStoreOptions = {},
  ) {
    this.prefix = `${options.keyPrefix ?? 'decorum:'}events:`;
    this.maxEvents = options.maxEventsPerSession ?? 1000;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.ttlSeconds = options.ttlSeconds ?? 24 * 3600;
    this.leases = new RedisStreamLeases(redis, this.prefix, options.streamLeaseMs ?? 5_000);
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
    this.failFast('replay events');
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
    this.failFast('append event');
    const id = await this.redis.run('append event', (client) => client.eval(APPEND, { keys, arguments: args }));
    return typeof id === 'string' ? id : undefined;
  }

  /**
   * An SSE event cannot wait for a lost Redis to come back: the stream would stall behind it. (Before
   * the first connection, operations wait as usual: that is startup, not an outage.)
   */
  private failFast(operation: string): void {
    if (this.redis.isReady) this.connected = true;
    else if (this.connected) throw new RedisUnavailableError(this.redis.url, operation);
  }
}
