// Reading a small request body whole before the handler runs (an MCP POST, nearly always), so the
// endpoint gets bytes rather than a stream bridged from the socket (a ReadableStream, its listeners and
// backpressure, per request).
import type { IncomingMessage } from 'node:http';

/** Where a body read by {@link readSmallBody} goes: called once, with the bytes or with why they never came. */
export interface BodySink {
  bodyRead(bytes: Uint8Array): void;
  bodyFailed(error: Error): void;
}

/**
 * Starts reading the body of `req` when it is announced with a Content-Length of at most `maxBytes` (Node's
 * parser holds the body to its Content-Length, so no more is buffered), and tells `sink` when it is whole.
 * False, and nothing read, for anything else (no body, chunked, large, HTTP/2, already consumed): that is
 * streamed to the handler instead.
 */
export function readSmallBody(req: IncomingMessage, maxBytes: number, sink: BodySink): boolean {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || req.httpVersionMajor >= 2) return false;
  if (req.readableDidRead || req.readableEnded || req.headers['transfer-encoding'] !== undefined) return false;
  const length = Number(req.headers['content-length']);
  if (!Number.isSafeInteger(length) || length <= 0 || length > maxBytes) return false;
  new SmallBodyReader(req, sink);
  return true;
}

/**
 * Collects one body. A class with bound methods rather than closures: the build names every
 * closure it keeps in a variable (`keepNames`), which costs more than reading a small body. Its
 * listeners stay until the request is dropped (a flag, not three removals, ends them): nothing
 * else reads this request. No 'error' listener: Node emits an aborted request's error only to
 * listeners, and 'close' tells the same.
 */
class SmallBodyReader {
  private readonly chunks: Buffer[] = [];
  private settled = false;

  constructor(
    req: IncomingMessage,
    private readonly sink: BodySink,
  ) {
    req.on('data', this.onData.bind(this));
    req.on('end', this.onEnd.bind(this));
    req.on('close', this.onClose.bind(this));
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  private onEnd(): void {
    if (this.settled) return;
    this.settled = true;
    const { chunks } = this;
    this.sink.bodyRead(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  }

  private onClose(): void {
    if (this.settled) return;
    this.settled = true;
    this.sink.bodyFailed(new Error('The client closed the connection before the request body ended'));
  }
}
