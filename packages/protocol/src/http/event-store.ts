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
  /** Records a message sent on a stream; resolves with its event id. */
  append(sessionId: string, streamId: string, message: StoredMessage): Promise<string>;
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
}

interface Entry {
  id: string;
  message: StoredMessage;
  streamId: string;
  seq: number;
  at: number;
}

/** The default {@link EventStore}: per process, bounded in count and age per session. */
export class InMemoryEventStore implements EventStore {
  private readonly sessions = new Map<string, { seq: number; events: Entry[] }>();
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.maxEvents = options.maxEventsPerSession ?? 1000;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  }

  async append(sessionId: string, streamId: string, message: StoredMessage): Promise<string> {
    let log = this.sessions.get(sessionId);
    if (log === undefined) {
      log = { seq: 0, events: [] };
      this.sessions.set(sessionId, log);
    }
    const seq = ++log.seq;
    const id = `${streamId}.${seq}`;
    log.events.push({ id, streamId, seq, message, at: Date.now() });
    this.evict(log.events);
    return id;
  }

  async replayAfter(sessionId: string, lastEventId: string) {
    const log = this.sessions.get(sessionId);
    const dot = lastEventId.lastIndexOf('.');
    if (log === undefined || dot < 1) return undefined;
    const streamId = lastEventId.slice(0, dot);
    const seq = Number(lastEventId.slice(dot + 1));
    if (!Number.isInteger(seq) || seq < 1 || seq > log.seq) return undefined;
    this.evict(log.events);
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

  private evict(events: Entry[]): void {
    const cutoff = Date.now() - this.maxAgeMs;
    let drop = Math.max(0, events.length - this.maxEvents);
    while (drop < events.length && (events[drop] as Entry).at < cutoff) drop++;
    if (drop > 0) events.splice(0, drop);
  }
}
