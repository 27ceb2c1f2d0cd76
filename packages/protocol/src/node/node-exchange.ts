// One `node:http` request served by the adapter: a small body read whole first, an `HttpInput` built over the
// request, the service's answer written as plain JSON or streamed from a `Response`, and a client that leaves
// noticed at every step. A request answered in the turn its body arrived goes from the body's last byte to
// `res.end` without a promise.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { settle } from '../engine/maybe-promise.js';
import { type HeaderReader, HttpInput, type HttpReply, type HttpService, isPlain } from '../http/http-input.js';
import { BadRequestError, requestLocation, requestPathname, toWebHeaders, toWebRequest } from './node-request.js';
import { streamResponse } from './stream-response.js';

/** What every request of one adapter shares (made once, by `toNodeHandler`). */
export interface AdapterSettings {
  readonly serve: HttpService['serve'];
  readonly report: (error: unknown) => void;
  readonly trustProxy: boolean;
}

const INTERNAL_ERROR = '{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}';
const BAD_REQUEST = '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Bad Request"}}';

// Bodies announced up to this size are read before the service runs (one buffer instead of a bridged stream;
// Node's parser holds a body to its Content-Length, so no more is buffered).
const SMALL_BODY_BYTES = 64 * 1024;

// HTTP whitespace, which Headers strips from both ends of a value.
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** `Headers.get` over Node's parsed headers, without copying them. */
class NodeHeaders implements HeaderReader {
  constructor(private readonly req: IncomingMessage) {}

  get(name: string): string | null {
    const value = this.req.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return (Array.isArray(value) ? value.join(', ') : value).replace(OUTER_WHITESPACE, '');
  }
}

/**
 * One request being served, and the source of its {@link HttpInput}. A class with methods rather than closures:
 * the build names every closure it keeps (`keepNames`), at a cost per request.
 */
export class NodeExchange {
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
        this.settings.serve(new HttpInput(this.req.method ?? 'GET', this.pathname(), new NodeHeaders(this.req), this)),
      (reply) => this.answer(reply),
      (error) => this.failed(error),
    );
  }

  /** The path, checked with the Host as a `Request` would check them (a bad one fails here: 400). */
  private pathname(): string {
    return requestPathname(this.req, this.trustProxy);
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

  /** Same as {@link onAbort} (the name `toWebRequest` asks for). */
  onDisconnect(listener: () => void): void {
    this.onAbort(listener);
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
    const entries = Object.entries(reply.headers).map(([name, value]) => [name.toLowerCase(), value] as const);
    const list: string[] = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flat();
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
