import type { JsonRpcRequest, RequestId } from '../jsonrpc/types.js';
import type { AuthInfo, MessageInfo } from '../transports/transport.js';
import type { Cancellation } from './cancellation.js';
import type { RequestChannel } from './channel.js';
import type { ModernRequest } from './modern/modern-request.js';
import {
  type ClientCapabilities,
  type Implementation,
  type JsonObject,
  LOGGING_LEVELS,
  type LoggingLevel,
} from './types.js';

/**
 * The one way a request gets its context (both eras): `modern` is the envelope of a 2026-07-28
 * request, undefined for a legacy one.
 */
export function createRequestContext(
  channel: RequestChannel,
  request: JsonRpcRequest,
  cancellation: Cancellation,
  info: MessageInfo | undefined,
  modern?: ModernRequest,
): RequestContext {
  const meta = request.params?._meta;
  const bag = meta !== null && typeof meta === 'object' ? (meta as JsonObject) : undefined;
  return new RequestContext(channel, request.id, request.method, cancellation, bag, info?.authInfo, modern);
}

/**
 * What a handler gets with each inbound request: who asked, a signal that aborts on cancellation,
 * and ways to report progress, log, and ask the client things on behalf of this request.
 * Created per request (by {@link createRequestContext}); holds nothing that outlives it.
 */
export class RequestContext {
  private lastProgress = Number.NEGATIVE_INFINITY;

  constructor(
    /** @internal the connection the request came on. */
    private readonly channel: RequestChannel,
    readonly requestId: RequestId,
    readonly method: string,
    private readonly cancellation: Cancellation,
    readonly meta: JsonObject | undefined,
    /** Who made the request, when the transport authenticated it (HTTP). */
    readonly authInfo?: AuthInfo,
    /** Set for a modern-era (2026-07-28) request: its envelope and multi-round-trip inputs. */
    readonly modern?: ModernRequest,
  ) {}

  /**
   * Aborts when the client cancels this request (or the connection ends). Made on first access:
   * a request cancelled before that gets a signal that is already aborted.
   */
  get signal(): AbortSignal {
    return this.cancellation.signal;
  }

  /** True once the request was cancelled; unlike reading {@link signal}, this makes no AbortSignal. */
  get cancelled(): boolean {
    return this.cancellation.aborted;
  }

  /** What the client declared it supports (per request in the modern era, per session before). */
  get clientCapabilities(): ClientCapabilities {
    return this.modern?.clientCapabilities ?? this.channel.clientCapabilities;
  }

  /** The client's name and version, when it said. */
  get clientInfo(): Implementation | undefined {
    return this.modern ? this.modern.clientInfo : this.channel.clientInfo;
  }

  /**
   * Closes the HTTP connection streaming this request's messages without ending the request: the
   * client reconnects with Last-Event-ID and nothing is lost (Streamable HTTP, 2025-11-25). Does
   * nothing on transports without resumable streams.
   */
  closeSseStream(): void {
    this.channel.closeRequestStream(this.requestId);
  }

  /** The revision negotiated with this client. */
  get protocolVersion(): string {
    return this.modern?.version ?? this.channel.protocolVersion;
  }

  /** The `progressToken` the client sent with this request, if any. */
  get progressToken(): string | number | undefined {
    const token = this.meta?.progressToken;
    return typeof token === 'string' || typeof token === 'number' ? token : undefined;
  }

  /**
   * Reports progress when the client asked for it (does nothing otherwise). Progress must increase
   * with each call, as the spec requires; a value that does not throws a RangeError.
   */
  async progress(progress: number, total?: number, message?: string): Promise<void> {
    const token = this.progressToken;
    if (token === undefined || this.cancellation.aborted) return;
    if (!(progress > this.lastProgress)) {
      throw new RangeError(`progress must increase: got ${progress} after ${this.lastProgress}`);
    }
    this.lastProgress = progress;
    await this.channel.sendProgress(token, progress, total, message, this.requestId);
  }

  /**
   * Sends a log message to the client, if its level passes the one it chose (logging/setLevel in
   * the legacy era; the request's `logLevel` in the modern era, where nothing is sent without one).
   */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    if (!this.modern) return this.channel.sendLog(level, data, logger, this.requestId);
    const threshold = this.modern.logLevel;
    if (threshold === undefined || this.cancellation.aborted) return;
    if (LOGGING_LEVELS.indexOf(level) < LOGGING_LEVELS.indexOf(threshold)) return;
    const params: JsonObject = { level, data };
    if (logger !== undefined) params.logger = logger;
    await this.channel.notify('notifications/message', params, this.requestId);
  }

  /** Asks the client's model for a completion (sampling/createMessage); cancelled with this request. */
  createMessage(params: JsonObject, options: { timeoutMs?: number; key?: string } = {}): Promise<JsonObject> {
    if (this.modern) return this.modern.ask({ method: 'sampling/createMessage', params }, options.key);
    return this.channel.createMessage(params, { ...options, signal: this.signal, relatedRequestId: this.requestId });
  }

  /** Asks the user for input (elicitation/create); cancelled with this request. */
  elicit(params: JsonObject, options: { timeoutMs?: number; key?: string } = {}): Promise<JsonObject> {
    if (this.modern) return this.modern.ask({ method: 'elicitation/create', params }, options.key);
    return this.channel.elicit(params, { ...options, signal: this.signal, relatedRequestId: this.requestId });
  }

  /** Asks the client for its roots (roots/list); cancelled with this request. */
  listRoots(options: { timeoutMs?: number; key?: string } = {}): Promise<JsonObject> {
    if (this.modern) return this.modern.ask({ method: 'roots/list' }, options.key);
    return this.channel.listRoots({ ...options, signal: this.signal, relatedRequestId: this.requestId });
  }
}
