// On the instance a client resumed a running POST stream on, while that stream runs on another:
// copies the stream's events from the shared store to the client's connection, when woken (the
// running instance stored events) and every so often in case a wake was missed, until the stream's
// lease is gone (its last response was sent, or its instance died).
import type { EventStore, StreamLeases } from './event-store.js';
import type { SseConnection } from './sse.js';
import { EVENT_STORE_ROLE, type StoreIncidents } from './store-incidents.js';

/** One followed POST stream. */
export class StreamFollower {
  private cursor: string;
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
    for (const event of read?.events ?? []) {
      if (!this.connection.send({ id: event.id, data: JSON.stringify(event.message) })) return;
      this.cursor = event.id;
    }
    if (running === undefined || read === undefined) this.connection.close();
  }
}
