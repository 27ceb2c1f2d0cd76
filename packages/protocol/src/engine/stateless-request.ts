// A request served without a connection: a stateless Streamable HTTP POST, in the modern era (2026-07-28, where
// every request is stateless) or from a legacy client in stateless mode. The request is its own link for the
// era codecs, so no ServerSession, Peer or transport is made for it, and it is never among the server's
// sessions (which every list change walks). What its handler sends goes to the request's own response stream;
// nothing of it outlives the request.
import { CapabilityNotSupportedError, ErrorCode, McpError, type StepUp, stepUpOf } from '../jsonrpc/errors.js';
import type { JsonRpcMessage, JsonRpcRequest, JsonRpcResponse, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo, ReplyChannel } from '../transports/transport.js';
import { isLegacyVersion, LATEST_PROTOCOL_VERSION, versionAtLeast } from '../versions.js';
import { Cancellation } from './cancellation.js';
import type { ConnectionAbilities, OutgoingOptions } from './channel.js';
import { requireCapability, requireElicitation, requireSampling } from './client-capability.js';
import type { InboundCall, LegacyLink } from './era-codec.js';
import type { NetworkTransport, RequestFacts } from './instrumentation.js';
import { consoleLogger } from './logger.js';
import { isThenable, type MaybePromise } from './maybe-promise.js';
import type { ModernRequest } from './modern/modern-request.js';
import { toErrorObject } from './peer-types.js';
import type { Router } from './router.js';
import type { SessionState } from './session-state.js';
import {
  type ClientCapabilities,
  type Implementation,
  type JsonObject,
  LOGGING_LEVELS,
  type LoggingLevel,
} from './types.js';

const DONE: Promise<void> = Promise.resolve();

/**
 * Where a stateless request's messages go: the answer of the HTTP POST that carried it (an `Exchange` is one). A
 * {@link ReplyChannel} (its `deliver` takes the request's notifications too, in order) that can also drop and abort.
 */
export interface ResponseStream extends ReplyChannel {
  /** No response will come for `id` (the request was cancelled). */
  drop(id: RequestId): Promise<void>;
  /** Ends the stream at once: a request still unanswered gets a JSON-RPC error. */
  abort(): void;
}

/** How a {@link StatelessRequest} is made, by the edge that read it. */
export interface StatelessRequestOptions {
  /** The 2026-07-28 envelope, read and checked once, at the edge; undefined for a legacy request. */
  readonly envelope?: ModernRequest;
  /** The legacy revision the request declared (its MCP-Protocol-Version header); ignored with an envelope. */
  readonly protocolVersion?: string;
  /** What the edge can honour: a legacy stateless endpoint keeps no subscriptions and no log level. */
  readonly abilities: ConnectionAbilities;
  /** How the request arrived, for instrumentation. */
  readonly transport?: NetworkTransport;
}

/**
 * The light request: what a handler's context needs (id, params, `_meta`, the client's declared info and
 * capabilities, a signal, its own stream for progress and notifications) and nothing a connection has. A
 * legacy one declared no client capabilities, so server→client requests are refused as a session with none
 * would refuse them; a modern one asks through `input_required` (the modern codec), never through it.
 * @example
 * const light = new StatelessRequest(message, info, exchange, { envelope, abilities: FULL_ABILITIES });
 * server.stateless.serve(light); // the response goes to `exchange`
 */
export class StatelessRequest implements InboundCall, LegacyLink {
  readonly cancellation = new Cancellation();
  readonly envelope: ModernRequest | undefined;
  readonly abilities: ConnectionAbilities;
  readonly transport: NetworkTransport | undefined;
  protocolVersion: string;
  clientCapabilities: ClientCapabilities;
  clientInfo?: Implementation;
  /** (LegacyState) never set: a stateless endpoint does not offer logging/setLevel. */
  logLevel?: LoggingLevel;
  private started: boolean;
  private subscribed?: Set<string>;
  /** A notification went out before the response (which then waits a macrotask: see the peer). */
  notified = false;

  constructor(
    readonly request: JsonRpcRequest,
    readonly info: MessageInfo | undefined,
    private readonly stream: ResponseStream,
    options: StatelessRequestOptions,
  ) {
    // A legacy request without a version header is taken as 2025-03-26, as the transport spec says.
    const { envelope, protocolVersion = '2025-03-26' } = options;
    this.envelope = envelope;
    this.abilities = options.abilities;
    this.transport = options.transport;
    this.protocolVersion = envelope?.version ?? legacyOrLatest(protocolVersion);
    this.clientCapabilities = envelope?.clientCapabilities ?? {};
    this.clientInfo = envelope?.clientInfo;
    // Without a session there is no handshake to wait for: only an initialize itself starts uninitialized.
    this.started = request.method !== 'initialize';
  }

  get id(): RequestId {
    return this.request.id;
  }

  /** (LegacyLink) */
  get initialized(): boolean {
    return this.started;
  }

  /** (LegacyState) made on first use; nothing is kept after the request. */
  get subscriptions(): Set<string> {
    this.subscribed ??= new Set();
    return this.subscribed;
  }

  /** (LegacyState) nothing keeps a stateless request's state. */
  stateChanged(): void {}

  /** (LegacyLink) an initialize: answered from what it declared, which is forgotten with the request. */
  handshake(state: Required<Pick<SessionState, 'protocolVersion' | 'clientCapabilities' | 'clientInfo'>>): void {
    this.protocolVersion = legacyOrLatest(state.protocolVersion);
    this.clientCapabilities = state.clientCapabilities;
    this.clientInfo = state.clientInfo;
    this.started = true;
  }

  /** The client gave up on the request (its stream closed): the handler's signal aborts, no response follows. */
  cancel(reason: string): void {
    this.cancellation.abort(new McpError(ErrorCode.InvalidRequest, reason));
  }

  /** The server is closing: the handler's signal aborts and the stream answers a JSON-RPC error at once. */
  end(): void {
    this.cancellation.abort(new Error('Connection closed'));
    this.stream.abort();
  }

  /** Sends the request's response (after what its handler sent), with the step-up of a refusal for want of scopes. */
  deliver(response: JsonRpcResponse, stepUp?: StepUp): Promise<void> {
    return this.stream.deliver(response, stepUp);
  }

  /** No response will be sent (the request was cancelled): the stream stops waiting for one. */
  drop(): Promise<void> {
    return this.stream.drop(this.request.id);
  }

  /** (RequestChannel) only this request's own messages have somewhere to go. */
  notify(method: string, params?: JsonObject, relatedRequestId?: RequestId): Promise<void> {
    if (relatedRequestId !== this.request.id || this.cancellation.aborted) return DONE;
    this.notified = true;
    return this.stream.deliver(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  /** (RequestChannel) */
  sendProgress(token: string | number, progress: number, total?: number, message?: string, related?: RequestId) {
    const params: JsonObject = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined && versionAtLeast(this.protocolVersion, '2025-03-26')) params.message = message;
    return this.notify('notifications/progress', params, related);
  }

  /** (RequestChannel) a level from the envelope (modern), or none kept (legacy: only where the edge honours logging). */
  sendLog(level: LoggingLevel, data: unknown, logger?: string, related?: RequestId): Promise<void> {
    if (!this.abilities.logging) return DONE;
    const threshold = this.envelope ? this.envelope.logLevel : this.logLevel;
    if (this.envelope && threshold === undefined) return DONE;
    if (threshold !== undefined && LOGGING_LEVELS.indexOf(level) < LOGGING_LEVELS.indexOf(threshold)) return DONE;
    const params: JsonObject = { level, data };
    if (logger !== undefined) params.logger = logger;
    return this.notify('notifications/message', params, related);
  }

  /** (RequestChannel) refused: nothing could carry the client's answer back to this request. */
  createMessage(params: JsonObject, _options?: OutgoingOptions): Promise<JsonObject> {
    return this.refuse('sampling/createMessage', () =>
      requireSampling(this.protocolVersion, this.clientCapabilities, params),
    );
  }

  /** (RequestChannel) refused, as {@link createMessage}. */
  elicit(params: JsonObject, _options?: OutgoingOptions): Promise<JsonObject> {
    const mode = params.mode === 'url' ? 'url' : 'form';
    return this.refuse('elicitation/create', () =>
      requireElicitation(this.protocolVersion, this.clientCapabilities, mode),
    );
  }

  /** (RequestChannel) refused, as {@link createMessage}. */
  listRoots(_options?: OutgoingOptions, _params?: JsonObject): Promise<JsonObject> {
    const declared = this.clientCapabilities.roots !== undefined;
    return this.refuse('roots/list', () => requireCapability(this.protocolVersion, 'roots', '2024-11-05', declared));
  }

  /** (RequestChannel) a stateless stream is not resumable: there is nothing to close and resume. */
  closeRequestStream(): void {}

  /** The capability check a session makes first (the same error for the same request), then the refusal. */
  private async refuse(method: string, check: () => void): Promise<never> {
    check();
    throw new CapabilityNotSupportedError(method, 'a stateless request has no connection to carry the answer back');
  }
}

function legacyOrLatest(version: string): string {
  return isLegacyVersion(version) ? version : LATEST_PROTOCOL_VERSION;
}

// Serving the server's stateless requests: each through its era's codec, its result or error framed as the
// JSON-RPC response a peer would send, on the request's own stream. Only requests still running are held (so
// a server closing can end them); one answered in the turn it arrived is never held at all.
/** @internal one per server: serves {@link StatelessRequest}s and ends those in flight when it closes. */
export class StatelessRequests {
  private readonly running = new Set<StatelessRequest>();

  constructor(private readonly router: Router) {}

  /** Serves one request; its response (or nothing, once cancelled) goes to its own stream. */
  serve(light: StatelessRequest): void {
    let result: MaybePromise<JsonObject>;
    try {
      result = this.dispatch(light);
    } catch (error) {
      this.failed(light, error);
      return;
    }
    if (!isThenable(result)) {
      this.answered(light, result);
      return;
    }
    this.running.add(light);
    const settled = () => this.running.delete(light);
    Promise.resolve(result)
      .then(
        (value) => this.answered(light, value),
        (error: unknown) => this.failed(light, error),
      )
      .then(settled, settled);
  }

  /** Ends every request still running: their handlers are aborted, their streams answer an error. */
  endAll(): void {
    for (const light of this.running) light.end();
    this.running.clear();
  }

  private dispatch(light: StatelessRequest): MaybePromise<JsonObject> {
    const { instrumentation } = this.router.options;
    if (instrumentation === undefined) return this.router.serve(light, light);
    return instrumentation.request(facts(light), () => this.router.serve(light, light));
  }

  private answered(light: StatelessRequest, result: JsonObject): MaybePromise<void> {
    if (light.cancellation.aborted) return this.sent(light.drop());
    const response: JsonRpcResponse = { jsonrpc: '2.0', id: light.id, result };
    // After progress or log notifications, answer one macrotask later, as a peer does (some clients handle a
    // response before notifications read in the same chunk, and would drop them).
    if (light.notified) {
      return new Promise((resolve) => setTimeout(resolve, 0)).then(() => this.sent(light.deliver(response)));
    }
    return this.sent(light.deliver(response));
  }

  private failed(light: StatelessRequest, error: unknown): MaybePromise<void> {
    if (light.cancellation.aborted) return this.sent(light.drop());
    const { logger, exposeErrors } = this.router.options;
    const errorObject = toErrorObject(error, light.request.method, logger ?? consoleLogger, exposeErrors);
    return this.sent(light.deliver({ jsonrpc: '2.0', id: light.id, error: errorObject }, stepUpOf(errorObject)));
  }

  /** A stream that fails to take the response is logged, as a peer logs a transport that fails to send. */
  private sent(delivered: Promise<void>): MaybePromise<void> {
    return delivered.then(undefined, (error: unknown) =>
      (this.router.options.logger ?? consoleLogger).warn('[decorum] could not send a response', error),
    );
  }
}

function facts(light: StatelessRequest): RequestFacts {
  const { info } = light;
  const sessionId = info?.header ? info.header('mcp-session-id') : info?.request?.headers.get('mcp-session-id');
  return {
    request: light.request,
    info,
    protocolVersion: light.protocolVersion,
    sessionId: sessionId ?? undefined,
    transport: light.transport,
  };
}
