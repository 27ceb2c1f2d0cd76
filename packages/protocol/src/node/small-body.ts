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
 * closure it keeps in a variable (`keepNames`), which costs more than reading a small body.
 */
class SmallBodyReader {
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly req: IncomingMessage,
    private readonly sink: BodySink,
  ) {
    this.onData = this.onData.bind(this);
    this.onEnd = this.onEnd.bind(this);
    this.onError = this.onError.bind(this);
    this.onClose = this.onClose.bind(this);
    req.on('data', this.onData);
    req.on('end', this.onEnd);
    req.on('error', this.onError);
    req.on('close', this.onClose);
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  private onEnd(): void {
    this.detach();
    const { chunks } = this;
    this.sink.bodyRead(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  }

  private onError(error: Error): void {
    this.detach();
    this.sink.bodyFailed(error);
  }

  private onClose(): void {
    this.detach();
    this.sink.bodyFailed(new Error('The client closed the connection before the request body ended'));
  }

  private detach(): void {
    this.req.off('data', this.onData);
    this.req.off('end', this.onEnd);
    this.req.off('error', this.onError);
    this.req.off('close', this.onClose);
  }
}
