// One `node:http` request served by the adapter: its body read whole when small, the endpoint's answer
// written as plain JSON or streamed from a `Response`, and a client that leaves noticed at every step.
// A request answered in the turn its body arrived (a plain tools/call) goes from the body's last byte to
// `res.end` without a promise.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isThenable, type MaybePromise } from '../engine/maybe-promise.js';
import { type HttpInput, type HttpReply, isPlain } from '../http/http-input.js';
import { NativeInput, takesNativePath, writePlain } from './node-input.js';
import { BadRequestError, type SeenTargets, toWebRequest } from './node-request.js';
import { type BodySink, readSmallBody } from './small-body.js';
import { streamResponse } from './stream-response.js';

/** What every request of one adapter shares (made once, by `toNodeHandler`). */
export interface AdapterSettings {
  /** The Fetch handler, for whatever the native way does not take. */
  readonly handle: (request: Request) => Promise<Response>;
  /** The endpoint's own entry, when the adapter serves an `HttpService`. */
  readonly native?: (input: HttpInput) => MaybePromise<HttpReply>;
  readonly report: (error: unknown) => void;
  readonly trustProxy: boolean;
  /** The header lists of the shared (frozen) headers of plain replies (see `writePlain`). */
  readonly headerLists: WeakMap<object, readonly string[]>;
  /** The Host and target last checked. */
  readonly seen: SeenTargets;
}

const INTERNAL_ERROR = '{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}';
const BAD_REQUEST = '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Bad Request"}}';

// Bodies up to this size are read before the handler runs (one buffer instead of a bridged stream).
const SMALL_BODY_BYTES = 64 * 1024;

/** One request being served. A class with methods, not closures: see the note in `small-body.ts`. */
export class NodeExchange implements BodySink {
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

  /** True once the client disconnected before the response was finished. */
  get gone(): boolean {
    // Node destroys the response when its connection closes; one that finished first was answered.
    return this.res.destroyed && !this.res.writableFinished;
  }

  /**
   * Listens for the response's end from now on. Not from the start: a request answered in the turn its body
   * arrived (nearly every POST) has nobody to tell, and a listener per request was a measurable share of it.
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

  get trustProxy(): boolean {
    return this.settings.trustProxy;
  }

  get seen(): SeenTargets {
    return this.settings.seen;
  }

  /** Reads a small body whole first; anything else goes to the handler at once. */
  start(): void {
    try {
      if (!readSmallBody(this.req, SMALL_BODY_BYTES, this)) this.respond(undefined);
    } catch (error) {
      this.failed(error);
    }
  }

  /** @internal (BodySink) */
  bodyRead(bytes: Uint8Array): void {
    if (!this.over()) this.respond(bytes);
  }

  /** @internal (BodySink) A client that left mid-body is not answered (nor logged), as when the handler read the stream. */
  bodyFailed(error: Error): void {
    if (!this.over()) this.failed(new BadRequestError(error.message));
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
    this.watch();
    this.disconnectListeners ??= [];
    this.disconnectListeners.push(listener);
  }

  /** Aborts when the client disconnects before the response is finished; made on first use (most requests never need it). */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.gone) this.controller.abort();
      else this.watch();
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

  /** Nobody is left to answer (the client left, or the response was destroyed). */
  private over(): boolean {
    return this.res.destroyed;
  }

  private respond(bytes: Uint8Array | undefined): void {
    const { native, handle } = this.settings;
    let reply: MaybePromise<HttpReply>;
    try {
      reply =
        native !== undefined && takesNativePath(this.req, bytes)
          ? native(new NativeInput(this.req, this, bytes))
          : handle(toWebRequest(this.req, this, bytes));
    } catch (error) {
      this.failed(error);
      return;
    }
    if (isThenable(reply)) {
      reply.then(
        (answer) => this.answer(answer),
        (error: unknown) => this.failed(error),
      );
    } else this.answer(reply);
  }

  private answer(reply: HttpReply): void {
    const plain = isPlain(reply);
    if (this.over()) {
      // The client left while the handler worked: release the producer (an SSE stream's cancel() runs).
      if (!plain) reply.body?.cancel().catch(() => {});
      return;
    }
    if (!plain) {
      streamResponse(reply, this).catch((error: unknown) => this.failed(error));
      return;
    }
    try {
      writePlain(this.res, reply, this.req.method, this.settings.headerLists);
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
    const { report } = this.settings;
    if (this.over()) {
      // Nobody is left to answer; a handler that gave up because its client left is not worth logging.
      const abandoned = error === this.abortReason || (error as Error | null)?.name === 'AbortError';
      if (!this.gone || !abandoned) report(error);
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

  /** @internal reports an error the client never sees (a body failing after its headers went out). */
  report(error: unknown): void {
    this.settings.report(error);
  }
}
