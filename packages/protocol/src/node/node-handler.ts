import type { IncomingMessage, ServerResponse } from 'node:http';
import { type HttpInput, type HttpReply, type HttpService, isPlain } from '../http/http-input.js';
import { NativeInput, takesNativePath, writePlain } from './node-input.js';
import { BadRequestError, readSmallBody, toWebRequest } from './node-request.js';

/** A Web-standard HTTP handler: what Decorum's Streamable HTTP transport exposes, and what Bun, Deno and Workers serve. */
export type WebHandler = (request: Request) => Promise<Response>;

/** What the adapter serves: a Fetch handler, or an {@link HttpService} (a `StreamableHttpHandler`), which also takes the fast path. */
export type NodeServable = WebHandler | HttpService;

type NativeEntry = (input: HttpInput) => Promise<HttpReply>;

/** A `node:http` request listener that also fits Express and Connect middleware (`next` receives errors). */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** Options of {@link toNodeHandler}. */
export interface NodeHandlerOptions {
  /**
   * Called with every error the adapter catches: a rejected handler (unless `next` takes it), a response body
   * that fails mid-stream, an unwritable response. Default: log to stderr (never stdout, which stdio servers own).
   */
  onError?: (error: unknown) => void;
  /**
   * Take the scheme and host of the request URL from `X-Forwarded-Proto` / `X-Forwarded-Host`. Default false:
   * only enable it behind a proxy that sets these headers, or any client can choose the URL the handler sees.
   */
  trustProxy?: boolean;
}

const INTERNAL_ERROR = '{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}';
const BAD_REQUEST = '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Bad Request"}}';

const logToStderr = (error: unknown) => console.error('[decorum] HTTP handler error:', error);

/**
 * Bridges a Web-standard handler to `node:http`: builds a `Request` (absolute URL, headers, streamed body, an
 * `AbortSignal` that fires when the client goes away) and streams the `Response` back with backpressure and
 * no buffering, so Server-Sent Events reach the client as they are written.
 *
 * Given a `StreamableHttpHandler` itself (an {@link HttpService}) rather than its `handle`, ordinary POSTs (and
 * bodiless GET and DELETE) reach its `serve` without `Request` and `Response`: same code, same answers, less
 * work per request.
 *
 * If a framework already consumed the body (`express.json()` sets `req.body`), the adapter re-serializes it:
 * strings and Buffers as they are, anything else with `JSON.stringify` (and `content-type: application/json`).
 * The bytes may then differ from what the client sent, so prefer mounting the handler before body parsers.
 * @example
 * import { createServer } from 'node:http';
 * createServer(toNodeHandler(new StreamableHttpHandler(server))).listen(3000, '127.0.0.1');
 * // Express: app.all('/mcp', toNodeHandler(handle));
 */
export function toNodeHandler(target: NodeServable, options: NodeHandlerOptions = {}): NodeRequestListener {
  const report = (error: unknown) => {
    try {
      (options.onError ?? logToStderr)(error);
    } catch {
      // A failing error reporter must not take the server down.
    }
  };
  const trustProxy = options.trustProxy === true;
  const handle: WebHandler = typeof target === 'function' ? target : target.handle;
  const native: NativeEntry | undefined = typeof target === 'function' ? undefined : (input) => target.serve(input);
  return (req, res, next) => {
    const exchange = new Exchange(req, res, report, trustProxy);
    serve(handle, native, exchange).catch((error) => {
      try {
        fail(error, exchange, next);
      } catch (failure) {
        report(failure);
        res.destroy();
      }
    });
  };
}

/** One request being served. */
class Exchange {
  /** True once the client disconnected before the response was finished. */
  gone = false;
  private controller?: AbortController;
  private disconnectListeners?: (() => void)[];

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly report: (error: unknown) => void,
    readonly trustProxy: boolean,
  ) {
    res.once('close', () => {
      // 'close' also fires after a normal end; only an unfinished response means the client left.
      if (res.writableFinished) return;
      this.gone = true;
      this.controller?.abort();
      for (const listener of this.disconnectListeners?.splice(0) ?? []) listener();
    });
  }

  /**
   * Calls `listener` once if the client disconnects before the response is finished (at once, in a microtask, if
   * it already has). Plain callbacks: an AbortController per request was a measurable share of a small call.
   */
  onDisconnect(listener: () => void): void {
    if (this.gone) {
      queueMicrotask(listener);
      return;
    }
    this.disconnectListeners ??= [];
    this.disconnectListeners.push(listener);
  }

  /** Aborts when the client disconnects before the response is finished; made on first use (most requests never need it). */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.gone) this.controller.abort();
    }
    return this.controller.signal;
  }

  /** The reason of {@link signal}, if it was made and aborted. */
  get abortReason(): unknown {
    return this.controller?.signal.reason;
  }

  /** Registers a callback for the end of the response, however it ended. */
  onResponseClosed(listener: () => void): void {
    this.res.once('close', listener);
  }
}

// Bodies up to this size are read before the handler runs (one buffer instead of a bridged stream).
const SMALL_BODY_BYTES = 64 * 1024;

async function serve(handle: WebHandler, native: NativeEntry | undefined, exchange: Exchange): Promise<void> {
  const { req, res } = exchange;
  const small = readSmallBody(req, SMALL_BODY_BYTES);
  let bytes: Uint8Array | undefined;
  try {
    bytes = await small;
  } catch (error) {
    // A client that left mid-body is not answered (nor logged), as when the handler read the stream.
    if (exchange.gone || res.destroyed) return;
    throw new BadRequestError((error as Error).message);
  }
  if (exchange.gone || res.destroyed) return;
  const response =
    native !== undefined && takesNativePath(req, bytes)
      ? await native(new NativeInput(req, exchange, bytes))
      : await handle(toWebRequest(req, exchange, bytes));
  const plain = isPlain(response);
  if (exchange.gone || res.destroyed) {
    // The client left while the handler worked: release the producer (an SSE stream's cancel() runs).
    if (!plain) await response.body?.cancel().catch(() => {});
    return;
  }
  if (plain) {
    writePlain(res, response, req.method);
    return;
  }
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
async function pipeBody(body: ReadableStream<Uint8Array>, exchange: Exchange, writeHead: () => void): Promise<void> {
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
    // Before the headers, fail() still answers 500. After, destroying the socket tells the client the body
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

/** Answers a failed exchange: Express's `next` if there is one, else 400/500 with a JSON-RPC error body. */
function fail(error: unknown, exchange: Exchange, next?: (error?: unknown) => void): void {
  const { res, report, gone } = exchange;
  if (gone || res.destroyed) {
    // Nobody is left to answer; a handler that gave up because its client left is not worth logging.
    if (!gone || (error !== exchange.abortReason && (error as Error | null)?.name !== 'AbortError')) report(error);
    return;
  }
  if (next && !res.headersSent) {
    next(error);
    return;
  }
  if (!(error instanceof BadRequestError)) report(error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const body = error instanceof BadRequestError ? BAD_REQUEST : INTERNAL_ERROR;
  res.writeHead(error instanceof BadRequestError ? 400 : 500, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
