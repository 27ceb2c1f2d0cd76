import type { JsonRpcMessage } from '../jsonrpc/types.js';

/** One stored SSE event. */
export interface StoredEvent {
  id: string;
  message: JsonRpcMessage;
}

/** What is stored: a message, or null for a stream's priming event (an id to resume from, no data). */
export type StoredMessage = JsonRpcMessage | JsonRpcMessage[] | null;

/**
 * Keeps the messages sent on resumable SSE streams, so a client that lost its connection can
 * reconnect with `Last-Event-ID` and receive what it missed, on the same stream only. Event ids
 * are unique within a session and name their stream. Implement it over a shared store (Redis…) to
 * let a client resume on another server instance.
 */
export interface EventStore {
  /**
   * Records a message sent on a stream; resolves with its event id. `bytes`: its serialized size when
   * the caller has it (a store bounded in bytes uses it rather than serializing the message again).
   */
  append(sessionId: string, streamId: string, message: StoredMessage, bytes?: number): Promise<string>;
  /**
   * The events of the stream that `lastEventId` belongs to, after it, oldest first; undefined when
   * the id is unknown to this session (never sent, or evicted).
   */
  replayAfter(sessionId: string, lastEventId: string): Promise<{ streamId: string; events: StoredEvent[] } | undefined>;
  /** Forgets a session's events. */
  deleteSession(sessionId: string): Promise<void>;
  /**
   * Like `append`, but a second append with the same `key` for the session is skipped (resolves
   * undefined). A store shared by several instances implements it: each instance holding a copy of
   * a session receives the same broadcast, and the session must get it once.
   */
  appendOnce?(sessionId: string, streamId: string, message: StoredMessage, key: string): Promise<string | undefined>;
  /**
   * Leases on streams, for a store shared by several instances: who serves a session's GET stream
   * (one cluster-wide), and which POST streams still run (so an instance the client resumes on
   * follows them rather than ending them).
   */
  readonly leases?: StreamLeases;
}

/**
 * Leases with an expiry, one per stream: the holder renews its lease well within `ttlMs` while it
 * serves the stream and releases it when done; the lease of an instance that died lapses.
 */
export interface StreamLeases {
  /** How long a lease lasts without renewal, in ms. */
  readonly ttlMs: number;
  /**
   * Takes (or renews) the lease for `holder` when it is free or already its own, or in any case
   * with `takeOver`; resolves whether `holder` holds it now.
   */
  acquire(sessionId: string, streamId: string, holder: string, takeOver?: boolean): Promise<boolean>;
  /** The current holder of a stream's lease, if any. */
  holder(sessionId: string, streamId: string): Promise<string | undefined>;
  /** Ends `holder`'s lease (a lease someone else took meanwhile is left alone). */
  release(sessionId: string, streamId: string, holder: string): Promise<void>;
}

/** Options of {@link InMemoryEventStore}. */
export interface InMemoryEventStoreOptions {
  /** Events kept per session; the oldest go first. Default 1000. */
  maxEventsPerSession?: number;
  /** Events older than this are dropped, in ms. Default 5 minutes. */
  maxAgeMs?: number;
  /**
   * Bytes (serialized) kept per session; the oldest events go first. Default 8 MiB, the default
   * budget of one SSE stream (`maxStreamBufferBytes`), so what is kept for resumption of a client
   * that reads, however slowly, stays within the same budget as what is queued for it.
   */
  maxBytesPerSession?: number;
}

/** The default {@link InMemoryEventStoreOptions.maxBytesPerSession}: 8 MiB. */
export const DEFAULT_MAX_EVENT_BYTES_PER_SESSION = 8 * 1024 * 1024;

interface Entry {
  id: string;
  message: StoredMessage;
  streamId: string;
  seq: number;
  at: number;
  bytes: number;
}

interface Log {
  seq: number;
  events: Entry[];
  bytes: number;
}

/** The default {@link EventStore}: per process, bounded in count, age and bytes per session. */
export class InMemoryEventStore implements EventStore {
  private readonly sessions = new Map<string, Log>();
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.maxEvents = options.maxEventsPerSession ?? 1000;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.maxBytes = options.maxBytesPerSession ?? DEFAULT_MAX_EVENT_BYTES_PER_SESSION;
  }

  async append(sessionId: string, streamId: string, message: StoredMessage, bytes?: number): Promise<string> {
    let log = this.sessions.get(sessionId);
    if (log === undefined) {
      log = { seq: 0, events: [], bytes: 0 };
      this.sessions.set(sessionId, log);
    }
    const seq = ++log.seq;
    const id = `${streamId}.${seq}`;
    const size = message === null ? 0 : (bytes ?? JSON.stringify(message).length);
    log.events.push({ id, streamId, seq, message, at: Date.now(), bytes: size });
    log.bytes += size;
    this.evict(log);
    return id;
  }

  async replayAfter(sessionId: string, lastEventId: string) {
    const log = this.sessions.get(sessionId);
    const dot = lastEventId.lastIndexOf('.');
    if (log === undefined || dot < 1) return undefined;
    const streamId = lastEventId.slice(0, dot);
    const seq = Number(lastEventId.slice(dot + 1));
    if (!Number.isInteger(seq) || seq < 1 || seq > log.seq) return undefined;
    this.evict(log);
    const events: StoredEvent[] = [];
    for (const e of log.events) {
      if (e.streamId === streamId && e.seq > seq && e.message !== null) {
        events.push({ id: e.id, message: e.message as JsonRpcMessage });
      }
    }
    return { streamId, events };
  }

  async deleteSession(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
  }

  private evict(log: Log): void {
    const { events } = log;
    const cutoff = Date.now() - this.maxAgeMs;
    let drop = Math.max(0, events.length - this.maxEvents);
    let dropped = 0;
    for (let i = 0; i < drop; i++) dropped += (events[i] as Entry).bytes;
    // Past the count, then by age, or while the session holds too many bytes (keeping the newest event).
    while (drop < events.length) {
      const entry = events[drop] as Entry;
      const over = log.bytes - dropped > this.maxBytes && drop < events.length - 1;
      if (entry.at >= cutoff && !over) break;
      dropped += entry.bytes;
      drop++;
    }
    if (drop > 0) {
      events.splice(0, drop);
      log.bytes -= dropped;
    }
  }
}
