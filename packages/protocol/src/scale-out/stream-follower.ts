// On the instance a client resumed a running POST stream on, while that stream runs on another:
// copies the stream's events from the shared store to the client's connection, when woken (the
// running instance stored events) and every so often in case a wake was missed, until the stream's
// lease is gone (its last response was sent, or its instance died).

import type { EventStore, StreamLeases } from '../http/event-store.js';
import type { SseConnection } from '../http/sse.js';
import { EVENT_STORE_ROLE, type StoreIncidents } from '../http/store-incidents.js';
import { ErrorCode } from '../jsonrpc/errors.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';

/** What a request gets when the instance running it died before answering. */
const LOST = Object.freeze({
  code: ErrorCode.InternalError,
  message: 'The server instance running this request stopped before answering; it may or may not have taken effect',
});

/** One followed POST stream. */
export class StreamFollower {
  private cursor: string;
  /** The stream's requests (read from its lease), and those answered on it. */
  private requests?: RequestId[];
  private readonly answered = new Set<RequestId>();
  /** Since when the stream has had no lease while requests were unanswered. */
  private missingSince?: number;
  /** How long that may last before the requests are declared lost: two renewals of the lease. */
  private readonly graceMs: number;
  private queue: Promise<void> = Promise.resolve();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    readonly connection: SseConnection,
    private readonly sessionId: string,
    private readonly streamId: string,
    lastEventId: string,
    private readonly store: EventStore,
    everyMs: number,
    private readonly incidents?: StoreIncidents,
  ) {
    this.cursor = lastEventId;
    this.graceMs = 2 * everyMs;
    this.timer = setInterval(() => void this.pump(), everyMs);
    this.timer.unref?.();
  }

  /** Copies what the store holds past the cursor; ends the connection once the stream ended. */
  pump(): Promise<void> {
    const next = this.queue.then(() => this.step());
    this.queue = next.catch((error: unknown) => {
      this.incidents?.failed(EVENT_STORE_ROLE, 'reads of a followed stream deferred', error);
    });
    return this.queue;
  }

  /** Stops following (the connection closed). */
  stop(): void {
    clearInterval(this.timer);
  }

  private async step(): Promise<void> {
    if (this.connection.closed) return;
    const leases: StreamLeases | undefined = this.store.leases;
    // The holder first: when it is gone, the read that follows holds the last event.
    const holder = leases?.holder(this.sessionId, this.streamId);
    const fresh = this.store.replayAfter(this.sessionId, this.cursor);
    const [running, read] = await Promise.all([holder, fresh]);
    if (running !== undefined) this.requests ??= requestsOf(running);
    for (const event of read?.events ?? []) {
      if (!this.connection.send({ id: event.id, data: JSON.stringify(event.message) })) return;
      this.cursor = event.id;
      for (const message of [event.message].flat() as JsonRpcMessage[]) {
        if (!('method' in message) && message.id !== null) this.answered.add(message.id);
      }
    }
    // (A cursor the store does not know, `read` undefined, is a Redis that lost its data: the events
    // stored from now on are numbered above it, so following goes on.)
    if (running !== undefined) {
      this.missingSince = undefined;
      return;
    }
    const unanswered = (this.requests ?? []).filter((id) => !this.answered.has(id));
    if (unanswered.length > 0) {
      // No lease and requests unanswered: its instance died, or Redis lost the lease (its holder
      // takes it back at its next renewal). Only a lease missing that long means the former.
      this.missingSince ??= Date.now();
      if (Date.now() - this.missingSince < this.graceMs) return;
      // Said rather than left to the client's time-out.
      for (const id of unanswered) this.connection.send({ data: JSON.stringify({ jsonrpc: '2.0', id, error: LOST }) });
    }
    this.connection.close();
  }
}

/** The requests a running stream's lease names (`<instance> <ids as JSON>`). */
function requestsOf(holder: string): RequestId[] | undefined {
  try {
    const ids: unknown = JSON.parse(holder.slice(holder.indexOf(' ') + 1));
    return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string' || typeof id === 'number') : undefined;
  } catch {
    return undefined;
  }
}
