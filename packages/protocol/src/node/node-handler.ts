// The `node:http` adapter: every request becomes an `HttpInput` (a small body read whole first) served by one
// `serve`; a plain reply is written at once, a `Response` streamed. A request answered in the turn its body
// arrived goes from the body's last byte to `res.end` without a promise.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { settle } from '../engine/maybe-promise.js';
import { HttpInput, type HttpReply, type HttpService, isPlain } from '../http/http-input.js';
import {
  BadRequestError,
  NodeHeaders,
  requestLocation,
  requestPathname,
  toWebHeaders,
  toWebRequest,
} from './node-request.js';
import { streamResponse } from './stream-response.js';

/** A Web-standard HTTP handler: what Decorum's Streamable HTTP transport exposes, and what Bun, Deno and Workers serve. */
export type WebHandler = (request: Request) => Promise<Response>;

/** What the adapter serves: a Fetch handler, or an {@link HttpService} (a `StreamableHttpHandler`), served without `Request`. */
export type NodeServable = WebHandler | HttpService;

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

const logToStderr = (error: unknown) => console.error('[decorum] HTTP handler error:', error);

/**
 * Bridges a handler to `node:http`. Every request becomes an `HttpInput` (a small body read whole first); an
 * {@link HttpService} (a `StreamableHttpHandler`) serves it as it is, a Fetch handler gets the `Request` built from
 * it (absolute URL, headers, streamed body, an `AbortSignal` that fires when the client goes away). A plain reply is
 * written at once; a `Response` is streamed back with backpressure, so Server-Sent Events reach the client as they
 * are written.
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
  const settings = {
    serve:
      typeof target === 'function'
        ? (input: { request(): Request }) => target(input.request())
        : target.serve.bind(target),
    report: (error: unknown) => {
      try {
        (options.onError ?? logToStderr)(error);
      } catch {
        // A failing error reporter must not take the server down.
      }
    },
    trustProxy: options.trustProxy === true,
  };
  return (req, res, next) => new NodeExchange(settings, req, res, next).start();
}

/** What every request of one adapter shares (made once, by `toNodeHandler`). */
interface AdapterSettings {
  readonly serve: HttpService['serve'];
  readonly report: (error: unknown) => void;
  readonly trustProxy: boolean;
}

const INTERNAL_ERROR = '{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}';
const BAD_REQUEST = '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Bad Request"}}';

// Bodies announced up to this size are read before the service runs (one buffer instead of a bridged stream;
// Node's parser holds a body to its Content-Length, so no more is buffered).
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * One request being served, and the source of its {@link HttpInput}. A class with methods rather than closures:
 * the build names every closure it keeps (`keepNames`), at a cost per request.
 */
class NodeExchange {
  /** The whole body, when it was small enough to read first. */
  body?: Uint8Array;
  private chunks?: Buffer[];
  private controller?: AbortController;
  private disconnectListeners?: (() => void)[];
  /** Whether the response's 'close' is listened to: only once something waits to hear of a disconnect. */
  private watching = false;

  constructor(
    private readonly settings: AdapterSettings,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly next?: (error?: unknown) => void,
  ) {}

  get trustProxy(): boolean {
    return this.settings.trustProxy;
  }

  /** True once the client disconnected before the response was finished. */
  get gone(): boolean {
    // Node destroys the response when its connection closes; one that finished first was answered.
    return this.res.destroyed && !this.res.writableFinished;
  }

  /** Reads a small body whole first; anything else is read by the service as it goes (see `toWebRequest`). */
  start(): void {
    const { req } = this;
    const length = Number(req.headers['content-length']);
    const small =
      req.method !== 'GET' &&
      req.method !== 'HEAD' &&
      req.httpVersionMajor < 2 &&
      !req.readableDidRead &&
      !req.readableEnded &&
      req.headers['transfer-encoding'] === undefined &&
      Number.isSafeInteger(length) &&
      length > 0 &&
      length <= SMALL_BODY_BYTES;
    if (!small) {
      this.respond();
      return;
    }
    this.chunks = [];
    // Bound methods, not closures (see the class note); they stay until the request is dropped.
    req.on('data', this.onData.bind(this));
    req.on('end', this.onEnd.bind(this));
    req.on('close', this.onClose.bind(this));
  }

  private onData(chunk: Buffer): void {
    this.chunks?.push(chunk);
  }

  private onEnd(): void {
    const chunks = this.chunks;
    if (chunks === undefined) return;
    this.chunks = undefined;
    this.body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    if (!this.res.destroyed) this.respond();
  }

  /** A client that left mid-body is not answered (nor logged), as when the service read the stream. */
  private onClose(): void {
    if (this.chunks === undefined) return;
    this.chunks = undefined;
    if (!this.res.destroyed) this.failed(new BadRequestError('The client closed the connection before the body ended'));
  }

  private respond(): void {
    settle(
      () =>
        this.settings.serve(
          // The path is checked with the Host as a `Request` would check them (a bad one fails here: 400).
          new HttpInput(
            this.req.method ?? 'GET',
            requestPathname(this.req, this.trustProxy),
            new NodeHeaders(this.req),
            this,
          ),
        ),
      (reply) => this.answer(reply),
      (error) => this.failed(error),
    );
  }

  /** @internal (HttpSource) */
  url(): string {
    return requestLocation(this.req, this.trustProxy).href;
  }

  /** @internal (HttpSource) */
  request(): Request {
    return toWebRequest(this.req, this, this.body);
  }

  /** @internal (HttpSource) */
  webHeaders(): Headers {
    return toWebHeaders(this.req);
  }

  /** @internal (HttpSource) Calls `listener` once if the client disconnects before the response is finished. */
  onAbort(listener: () => void): void {
    if (this.gone) {
      queueMicrotask(listener);
      return;
    }
    this.watch();
    this.disconnectListeners ??= [];
    this.disconnectListeners.push(listener);
  }

  /** Aborts when the client disconnects before the response is finished; made on first use. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.gone) this.controller.abort();
      else this.watch();
    }
    return this.controller.signal;
  }

  /** Registers a callback for the end of the response, however it ended. */
  onResponseClosed(listener: () => void): void {
    this.res.once('close', listener);
  }

  /**
   * Listens for the response's end from now on. Not from the start: a request answered in the turn its body
   * arrived has nobody to tell.
   */
  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    this.res.on('close', () => {
      // 'close' also fires after a normal end; only an unfinished response means the client left.
      if (this.res.writableFinished) return;
      this.controller?.abort();
      for (const listener of this.disconnectListeners?.splice(0) ?? []) listener();
    });
  }

  private answer(reply: HttpReply): void {
    const plain = isPlain(reply);
    if (this.res.destroyed) {
      // The client left while the service worked: release the producer (an SSE stream's cancel() runs).
      if (!plain) reply.body?.cancel().catch(() => {});
      return;
    }
    if (!plain) {
      streamResponse(reply, this).catch((error: unknown) => this.failed(error));
      return;
    }
    // As the adapter writes the equivalent `Response`: lower-case names in `Headers` order, then Content-Length,
    // as one flat [name, value, …] list (Node keeps it as is, without a header map per response).
    const { headers } = reply;
    const list: string[] = [];
    for (const name of Object.keys(headers)) {
      // Insertion by name into the flat list: a reply has a few headers.
      const lower = name.toLowerCase();
      let at = list.length;
      while (at > 0 && (list[at - 2] as string) > lower) at -= 2;
      list.splice(at, 0, lower, headers[name] as string);
    }
    if (reply.body !== null && this.req.method !== 'HEAD') {
      list.push('content-length', String(Buffer.byteLength(reply.body)));
    }
    try {
      this.res.writeHead(reply.status, list);
      this.res.end(this.req.method === 'HEAD' ? undefined : (reply.body ?? undefined));
    } catch (error) {
      this.failed(error);
    }
  }

  /** Answers a failed exchange: Express's `next` if there is one, else 400/500 with a JSON-RPC error body. */
  failed(error: unknown): void {
    try {
      this.answerFailure(error);
    } catch (failure) {
      this.settings.report(failure);
      this.res.destroy();
    }
  }

  private answerFailure(error: unknown): void {
    const { res, next } = this;
    if (res.destroyed) {
      // Nobody is left to answer; a service that gave up because its client left is not worth logging.
      const abandoned = error === this.controller?.signal.reason || (error as Error | null)?.name === 'AbortError';
      if (!this.gone || !abandoned) this.settings.report(error);
      return;
    }
    if (next && !res.headersSent) {
      next(error);
      return;
    }
    if (!(error instanceof BadRequestError)) this.settings.report(error);
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

  /** @internal reports an error the client never sees (a body failing after its headers went out). */
  report(error: unknown): void {
    this.settings.report(error);
  }
}
