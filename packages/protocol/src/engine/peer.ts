import { type Classified, classify } from '../jsonrpc/codec.js';
import { ConnectionClosedError, ErrorCode, McpError, stepUpOf } from '../jsonrpc/errors.js';
import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  RequestId,
} from '../jsonrpc/types.js';
import type { FrameError, MessageInfo, ReplyChannel, Transport } from '../transports/transport.js';
import { Cancellation } from './cancellation.js';
import { consoleLogger, type EngineLogger } from './logger.js';
import { isThenable, type MaybePromise } from './maybe-promise.js';
import { OutgoingRequests } from './outgoing-requests.js';
import {
  errorResponse,
  methodNotFound,
  type PeerHandler,
  type PeerOptions,
  type RequestOptions,
  toErrorObject,
} from './peer-types.js';
import { SlotMap } from './slot-map.js';

const DONE: Promise<void> = Promise.resolve();

type Params = Record<string, unknown>;
type Result = Record<string, unknown>;

export type { PeerHandler, PeerOptions, RequestDispatcher, RequestOptions } from './peer-types.js';

/**
 * One side of a JSON-RPC 2.0 connection: strict decoding, request/response correlation with
 * timeouts, cancellation both ways, progress routing and batches. It knows nothing of MCP methods:
 * what it receives goes to the {@link PeerHandler} given to the constructor (the server session,
 * or a client). It takes the transport's events once, in {@link start}; nobody else sets them.
 */
export class Peer {
  // A SlotMap, not a Map: a session's one request in flight would reallocate a Map's table per request.
  private readonly inflight = new SlotMap<RequestId, Cancellation>();
  // Requests that sent notifications (answered a macrotask later); lazy, as the next: most connections never need them.
  private notified?: Set<RequestId>;
  private outgoing?: OutgoingRequests;
  private idleWaiters: (() => void)[] = [];
  private pendingReplies = 0;
  private closed = false;
  private started = false;
  readonly logger: EngineLogger;

  constructor(
    readonly transport: Transport,
    private readonly handler: PeerHandler = {},
    private readonly options: PeerOptions = {},
  ) {
    this.logger = options.logger ?? consoleLogger;
  }

  /**
   * Takes the transport's events (at once, before the first await) and starts it. Once per peer:
   * a transport serves one peer. A caller whose transport needs no start may leave the promise
   * unawaited, as the events are wired synchronously.
   */
  start(): Promise<void> {
    if (this.started) throw new Error('Peer.start: this peer is already connected to its transport');
    this.started = true;
    const transport = this.transport;
    transport.onmessage = (value, info) => this.receive(value, info);
    transport.onframeerror = (error) => this.frameError(error);
    transport.onerror = (error) => this.logger.warn(`[decorum] transport error: ${error.message}`);
    transport.onclose = () => this.handleClose();
    return transport.start();
  }

  /** Ends the connection carrying one request's stream, when the transport can resume it (Streamable HTTP). */
  closeRequestStream(requestId: RequestId): void {
    this.transport.closeRequestStream?.(requestId);
  }

  /** Closes the transport; pending outgoing requests reject and in-flight handlers are aborted. */
  async close(): Promise<void> {
    await this.transport.close();
    this.handleClose();
  }

  /** Resolves once no inbound request is being handled (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.pendingReplies === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private checkIdle(): void {
    if (this.pendingReplies > 0 || this.idleWaiters.length === 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Sends a request and resolves with its result; rejects with an {@link McpError} on an error response. */
  request(method: string, params: Params | undefined, options: RequestOptions = {}): Promise<Result> {
    if (this.closed) return Promise.reject(new ConnectionClosedError(method));
    this.outgoing ??= new OutgoingRequests({
      send: (message, relatedRequestId) => this.send(message, relatedRequestId),
      notify: (name, notifyParams) => this.notify(name, notifyParams),
      timeoutMs: this.options.requestTimeoutMs ?? 60_000,
    });
    return this.outgoing.request(method, params, options);
  }

  /** Sends a notification; `dedupeKey` marks one a transport shared by several instances must send once. */
  notify(method: string, params?: Params, relatedRequestId?: RequestId, dedupeKey?: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (relatedRequestId !== undefined && this.inflight.has(relatedRequestId)) {
      this.notified ??= new Set();
      this.notified.add(relatedRequestId);
    }
    const message: JsonRpcNotification =
      params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
    if (dedupeKey !== undefined && !this.closed) return this.transport.send(message, { relatedRequestId, dedupeKey });
    return this.send(message, relatedRequestId);
  }

  private send(message: JsonRpcMessage | JsonRpcMessage[], relatedRequestId?: RequestId): Promise<void> {
    // After the peer went away there is no one to answer; dropping is the only sensible thing.
    if (this.closed) return Promise.resolve();
    return relatedRequestId === undefined
      ? this.transport.send(message)
      : this.transport.send(message, { relatedRequestId });
  }

  private receive(value: unknown, info?: MessageInfo): void {
    // Counted until its reply (if any) is handed to the transport, so whenIdle() can wait for it.
    this.pendingReplies++;
    let sent: Promise<void> | undefined;
    try {
      sent = this.reply(value, info);
    } catch (error) {
      this.replyFailed(error);
      return;
    }
    if (sent === undefined) this.replied();
    else sent.then(this.replied, this.replyFailed);
  }

  // Two handlers per peer rather than two closures per message.
  private readonly replied = (): void => {
    this.pendingReplies--;
    this.checkIdle();
  };

  private readonly replyFailed = (error: unknown): void => {
    this.logger.warn('[decorum] could not send a response', error);
    this.replied();
  };

  /**
   * Answers one message: undefined when there is nothing to send. Not async: a request answered
   * synchronously is handed to the transport in the same turn, as the floor of a hand-written server does.
   */
  private reply(value: unknown, info: MessageInfo | undefined): Promise<void> | undefined {
    if (Array.isArray(value)) return this.replyBatch(value, info);
    const channel = info?.replyTo;
    const response = this.handle(value, info, info?.classified?.[0]);
    if (response === undefined) return undefined;
    if (response instanceof Promise) return response.then((r) => (r ? this.sendResponse(r, channel) : undefined));
    return this.sendResponse(response, channel);
  }

  private async replyBatch(value: unknown[], info: MessageInfo | undefined): Promise<void> {
    if (!this.handler.allowsBatch?.()) {
      const message = 'Invalid Request: batches are not supported in the negotiated protocol version';
      await this.sendResponse(errorResponse(null, ErrorCode.InvalidRequest, message));
      return;
    }
    if (value.length === 0) {
      await this.sendResponse(errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: empty batch'));
      return;
    }
    const known = info?.classified;
    const responses = await Promise.all(value.map((item, i) => this.handle(item, info, known?.[i])));
    const out = responses.filter((r): r is JsonRpcResponse => r !== undefined);
    if (out.length === 0) return;
    const channel = info?.replyTo;
    await (channel === undefined || this.closed ? this.send(out) : channel.deliver(out));
  }

  /** Hands a response to the message's own reply channel where it has one, else to the transport. */
  private sendResponse(response: JsonRpcResponse, channel?: ReplyChannel): Promise<void> {
    if (response.id === null) return this.send(response);
    // A refusal for want of scopes travels as data beside the response (HTTP makes it a 403).
    const stepUp = 'error' in response ? stepUpOf(response.error) : undefined;
    if (this.closed) return DONE;
    if (channel !== undefined) return channel.deliver(response, stepUp);
    if (stepUp === undefined) return this.send(response, response.id);
    return this.transport.send(response, { relatedRequestId: response.id, stepUp });
  }

  /**
   * Handles one message; gives the response to send, if any. Not async itself: a request's answer is
   * already a promise, and another async layer per message is a measurable share of a small call.
   */
  private handle(
    value: unknown,
    info: MessageInfo | undefined,
    known: Classified | undefined,
  ): Promise<JsonRpcResponse | undefined> | JsonRpcResponse | undefined {
    const item = known ?? classify(value);
    switch (item.kind) {
      case 'invalid':
        return { jsonrpc: '2.0', id: item.id, error: item.error };
      case 'response':
        this.outgoing?.settle(item.message);
        return undefined;
      case 'notification':
        this.handleNotification(item.message);
        return undefined;
      case 'request':
        return this.handleRequest(item.message, info);
    }
  }

  /** A request's response: at once when its handler answered synchronously, else when it settles. */
  private handleRequest(
    request: JsonRpcRequest,
    info: MessageInfo | undefined,
  ): MaybePromise<JsonRpcResponse | undefined> {
    const { id } = request;
    if (this.inflight.has(id)) {
      return errorResponse(
        id,
        ErrorCode.InvalidRequest,
        `Invalid Request: request id ${JSON.stringify(id)} is already in flight`,
      );
    }
    // No AbortController yet: most handlers never read their signal (see Cancellation).
    const cancellation = new Cancellation();
    this.inflight.set(id, cancellation);
    let result: MaybePromise<Result>;
    try {
      const dispatch = this.handler.handleRequest;
      if (dispatch === undefined) throw methodNotFound(request);
      result = dispatch.call(this.handler, request, cancellation, info);
    } catch (error) {
      return this.failed(request, cancellation, error);
    }
    if (!isThenable(result)) return this.answered(id, cancellation, result);
    return Promise.resolve(result).then(
      (value) => this.answered(id, cancellation, value),
      (error: unknown) => this.failed(request, cancellation, error),
    );
  }

  private answered(
    id: RequestId,
    cancellation: Cancellation,
    result: Result,
  ): MaybePromise<JsonRpcResponse | undefined> {
    // A cancelled request gets no response at all (the client has already forgotten it).
    if (cancellation.aborted) return this.release(id, cancellation, this.dropped(id));
    const response: JsonRpcResponse = { jsonrpc: '2.0', id, result };
    // After progress or log notifications, answer one macrotask later: some clients (the official
    // SDK 1.x) handle a response before notifications read in the same chunk, and would drop them.
    if (this.notified?.delete(id)) {
      return new Promise((resolve) => setTimeout(resolve, 0)).then(() => this.release(id, cancellation, response));
    }
    return this.release(id, cancellation, response);
  }

  private failed(request: JsonRpcRequest, cancellation: Cancellation, error: unknown): JsonRpcResponse | undefined {
    const { id } = request;
    if (cancellation.aborted) return this.release(id, cancellation, this.dropped(id));
    const errorObject = toErrorObject(error, request.method, this.logger, this.options.exposeErrors);
    return this.release(id, cancellation, { jsonrpc: '2.0', id, error: errorObject });
  }

  /** The request is over: forget it (unless a new request took its id) and hand on its response. */
  private release<T>(id: RequestId, cancellation: Cancellation, response: T): T {
    if (this.inflight.get(id) === cancellation) this.inflight.delete(id);
    this.notified?.delete(id);
    return response;
  }

  /** No response for `id`: the transport stops holding a stream open for one. */
  private dropped(id: RequestId): undefined {
    if (!this.closed) this.transport.requestDropped?.(id);
    return undefined;
  }

  private handleNotification(notification: JsonRpcNotification): void {
    const params = notification.params ?? {};
    if (notification.method === 'notifications/cancelled') {
      const requestId = params.requestId as RequestId;
      this.inflight.get(requestId)?.abort(new McpError(ErrorCode.InvalidRequest, String(params.reason ?? 'Cancelled')));
      this.inflight.delete(requestId);
      return;
    }
    if (notification.method === 'notifications/progress') {
      this.outgoing?.progress(params);
      return;
    }
    this.handler.handleNotification?.(notification);
  }

  private frameError(error: FrameError): void {
    this.sendResponse(errorResponse(null, error.code, error.message)).catch((e) =>
      this.logger.warn('[decorum] could not send a response', e),
    );
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const cancellation of this.inflight.values()) cancellation.abort(new Error('Connection closed'));
    this.inflight.clear();
    this.outgoing?.close();
    this.handler.handleClose?.();
  }
}
