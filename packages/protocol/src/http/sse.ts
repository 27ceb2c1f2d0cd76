// Server-Sent Events on a Web ReadableStream: one connection per SSE response, written as events
// arrive, with comment keep-alives so proxies and load balancers keep idle streams open.

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

  constructor(keepAliveMs: number) {
    this.stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => this.finish(),
    });
    if (keepAliveMs > 0) {
      this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), keepAliveMs);
      // A keep-alive timer alone must not keep a process (or a test run) alive.
      (this.keepAlive as { unref?: () => void }).unref?.();
    }
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Writes an event; returns false when the connection is already closed. */
  send(event: SseEvent): boolean {
    return this.write(encodeSseEvent(event));
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

  private write(text: string): boolean {
    if (this.ended) return false;
    try {
      this.controller.enqueue(encoder.encode(text));
      return true;
    } catch {
      this.finish();
      return false;
    }
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepAlive);
    this.onclose?.();
  }
}
