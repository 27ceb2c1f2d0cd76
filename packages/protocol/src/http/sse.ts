// Server-Sent Events on a Web ReadableStream: one connection per SSE response, written as events
// arrive, with comment keep-alives so proxies and load balancers keep idle streams open.

import { SSE_HIGH_WATER_BYTES, type SseBudget } from './sse-budget.js';

const encoder = new TextEncoder();

/** One SSE event. `data` is written as one line (JSON never contains a raw newline). */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
  /** Reconnection delay the client must respect, in ms. */
  retry?: number;
}

/** Encodes one event in the text/event-stream format. */
export function encodeSseEvent(event: SseEvent): string {
  let out = '';
  if (event.id !== undefined) out += `id: ${event.id}\n`;
  if (event.event !== undefined) out += `event: ${event.event}\n`;
  if (event.retry !== undefined) out += `retry: ${event.retry}\n`;
  return `${out}data: ${event.data}\n\n`;
}

/** Response headers of an SSE stream. */
export function sseHeaders(extra: Record<string, string> = {}): Headers {
  return new Headers({
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    ...extra,
  });
}

/**
 * The write side of one SSE connection. `closed` turns true when the client goes away (the
 * stream is cancelled) or the server ends it; writes after that are dropped, and `onclose` runs once.
 */
export class SseConnection {
  readonly stream: ReadableStream<Uint8Array>;
  onclose?: () => void;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private keepAlive?: ReturnType<typeof setInterval>;
  private ended = false;
  /** Bytes of this stream counted in the budget. */
  private accounted = 0;
  /** Since when this stream has been dropping for want of room (undefined: it has room). */
  private fullSince?: number;
  /** Log and progress notifications dropped because the client fell behind. */
  dropped = 0;
  private readonly drainWaiters: (() => void)[] = [];

  /** `budget` bounds what the stream may queue for a client that does not read (see {@link SseBudget}). */
  constructor(
    keepAliveMs: number,
    private readonly budget?: SseBudget,
  ) {
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        // The reader took the queue below its mark: the client reads again.
        pull: () => {
          if (this.sync() <= SSE_HIGH_WATER_BYTES) this.fullSince = undefined;
          this.releaseWaiters();
        },
        cancel: () => this.finish(),
      },
      { highWaterMark: SSE_HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
    );
    if (keepAliveMs > 0) {
      // Only on an idle stream: a stream with a queue is not idle, and a comment would add to it.
      this.keepAlive = setInterval(() => {
        if ((this.controller.desiredSize ?? 0) > 0) this.enqueue(encoder.encode(': keep-alive\n\n'));
      }, keepAliveMs);
      // A keep-alive timer alone must not keep a process (or a test run) alive.
      (this.keepAlive as { unref?: () => void }).unref?.();
    }
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Resolves once the client has read the queue below its mark, or the connection closed (SSE's only backpressure). */
  async drained(): Promise<void> {
    while (!this.ended && (this.controller.desiredSize ?? 1) <= 0) {
      await new Promise<void>((resolve) => this.drainWaiters.push(resolve));
    }
  }

  private releaseWaiters(): void {
    for (const resolve of this.drainWaiters.splice(0)) resolve();
  }

  /**
   * Whether a log or progress notification of `bytes` would be dropped now (the client fell behind
   * past the budget). Asked before storing one for resumption, so that what is kept for a client that
   * does not read stays within the stream's budget too.
   */
  wouldDrop(bytes: number): boolean {
    const budget = this.budget;
    if (budget === undefined || this.ended) return false;
    const queued = this.sync();
    return queued + bytes > budget.limits.perStream || (queued > SSE_HIGH_WATER_BYTES && !budget.fits(queued, bytes));
  }

  /**
   * Writes an event; returns false when the connection is closed. A `droppable` event (a log or a
   * progress notification) is dropped when the client has fallen behind past the budget; any event
   * that would leave this stream past its cap for longer than the budget allows closes the stream.
   */
  send(event: SseEvent, droppable = false): boolean {
    const bytes = encoder.encode(encodeSseEvent(event));
    const budget = this.budget;
    if (budget === undefined || this.ended) return this.enqueue(bytes);
    const queued = this.sync();
    const size = bytes.byteLength;
    const overOwnCap = queued + size > budget.limits.perStream;
    // A client that keeps up (its queue under the mark) is never held to the shared total.
    const lagging = queued > SSE_HIGH_WATER_BYTES;
    if (overOwnCap || (lagging && !budget.fits(queued, size))) {
      const now = Date.now();
      this.fullSince ??= now;
      if ((overOwnCap && lagging && !droppable) || now - this.fullSince >= budget.limits.stalledMs) {
        this.abort();
        return false;
      }
      if (droppable) {
        this.dropped++;
        return true;
      }
    }
    return this.enqueue(bytes);
  }

  /** Ends the connection from the server side. */
  close(): void {
    if (this.ended) return;
    try {
      this.controller.close();
    } catch {
      // already closed by the consumer
    }
    this.finish();
  }

  private enqueue(bytes: Uint8Array): boolean {
    if (this.ended) return false;
    try {
      this.controller.enqueue(bytes);
    } catch {
      this.finish();
      return false;
    }
    this.sync();
    return true;
  }

  /** Brings the budget up to date with this stream's queue; gives the bytes queued. */
  private sync(): number {
    if (this.budget === undefined || this.ended) return 0;
    const queued = SSE_HIGH_WATER_BYTES - (this.controller.desiredSize ?? SSE_HIGH_WATER_BYTES);
    this.budget.adjust(queued - this.accounted);
    this.accounted = queued;
    return queued;
  }

  /** Closes a stream whose client stopped reading, freeing what it queued. */
  private abort(): void {
    try {
      // error(), unlike close(), discards the queue at once
      this.controller.error(new Error('SSE stream closed: the client stopped reading and its buffer stayed full'));
    } catch {
      // already closed by the consumer
    }
    this.finish();
  }

  private finish(): void {
    if (this.ended) return;
    this.budget?.adjust(-this.accounted);
    this.accounted = 0;
    this.ended = true;
    clearInterval(this.keepAlive);
    this.releaseWaiters();
    this.onclose?.();
  }
}
