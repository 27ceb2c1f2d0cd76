// Writing a Web `Response` to `node:http`: its headers as Node headers, then its body with backpressure. A body
// complete in memory goes out in one write with a Content-Length; one still being produced (an SSE stream) is
// flushed as it comes.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request being answered, as the adapter's exchange gives it. */
export interface ResponseTarget {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** True once the client disconnected before the response was finished. */
  readonly gone: boolean;
  /** Reports an error the client never sees. */
  report(error: unknown): void;
}

/** Writes a `Response`: its headers as Node headers, then its body (see {@link pipeBody}). */
export async function streamResponse(response: Response, exchange: ResponseTarget): Promise<void> {
  const { req, res } = exchange;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  // Headers joins Set-Cookie values with ", ", which breaks cookies with dates; keep them as separate lines.
  for (const cookie of response.headers.getSetCookie()) res.appendHeader('set-cookie', cookie);
  const writeHead = () => {
    if (response.statusText) res.writeHead(response.status, response.statusText);
    else res.writeHead(response.status);
  };
  const body = response.body;
  if (body === null || req.method === 'HEAD') {
    await body?.cancel().catch(() => {});
    writeHead();
    res.end();
    return;
  }
  await pipeBody(body, exchange, writeHead);
}

const NOT_YET = Symbol('not yet');
// A body that completes within this many bytes without waiting on I/O is sent in one write.
const LOOKAHEAD_BYTES = 64 * 1024;

/**
 * Writes a Response body chunk by chunk, waiting for 'drain' when the socket is saturated. A body that is
 * already complete in memory (`Response.json`, a one-event SSE answer) goes out in one write with a
 * Content-Length; anything still being produced gets its headers flushed at once, so an SSE client sees
 * them before the first event, which may be minutes away.
 */
async function pipeBody(
  body: ReadableStream<Uint8Array>,
  exchange: ResponseTarget,
  writeHead: () => void,
): Promise<void> {
  const { req, res } = exchange;
  const reader = body.getReader();
  // Cancelling the reader runs the producer's cancel() callback: how an MCP handler learns its SSE stream closed.
  const onClose = () => {
    if (!res.writableFinished) reader.cancel().catch(() => {});
  };
  res.once('close', onClose);
  try {
    const ready: Uint8Array[] = [];
    let size = 0;
    let pending = reader.read();
    // Only what is ready before the next turn of the event loop is held back: never a wait on the producer.
    // One turn for the whole body (not one per chunk): a JSON answer takes two reads, and each timer costs.
    const turn = new Promise<typeof NOT_YET>((r) => setImmediate(r, NOT_YET));
    for (;;) {
      const result = await Promise.race([pending, turn]);
      if (result === NOT_YET || res.destroyed) break;
      if (result.done) {
        res.setHeader('content-length', size);
        writeHead();
        res.end(ready.length === 1 ? ready[0] : Buffer.concat(ready));
        return;
      }
      ready.push(result.value);
      size += Buffer.byteLength(result.value);
      pending = reader.read();
      if (size > LOOKAHEAD_BYTES) break;
    }
    if (res.destroyed) return;
    writeHead();
    res.flushHeaders();
    // Nagle's algorithm would hold small event frames back.
    req.socket?.setNoDelay(true);
    for (const chunk of ready) res.write(chunk);
    for (;;) {
      const { done, value } = await pending;
      if (done || res.destroyed) break;
      if (!res.write(value)) await drained(res);
      pending = reader.read();
    }
    if (!res.destroyed) res.end();
  } catch (error) {
    // Before the headers, failed() still answers 500. After, destroying the socket tells the client the body
    // is truncated instead of ending it cleanly.
    if (!res.headersSent) throw error;
    if (!exchange.gone) exchange.report(error);
    res.destroy();
  } finally {
    res.off('close', onClose);
  }
}

function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
