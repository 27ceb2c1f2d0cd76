// The wire side of a client: one engine Peer over the transport, the era's opening (initialize or
// server/discover), the modern envelope and its input_required loop, and the server's questions.

import type { Cancellation } from '../engine/cancellation.js';
import {
  META_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_SERVER_INFO,
  META_VERSION,
} from '../engine/modern/envelope.js';
import { Peer } from '../engine/peer.js';
import type {
  ClientCapabilities,
  Implementation,
  JsonObject,
  LoggingLevel,
  ServerCapabilities,
} from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, RequestId } from '../jsonrpc/types.js';
import { type ClientTracer, clientTracer } from '../telemetry/client-spans.js';
import type { MessageInfo, Transport } from '../transports/transport.js';
import { isModernVersion, LATEST_PROTOCOL_VERSION } from '../versions.js';
import { answerQuestion, capabilitiesFor } from './answer-question.js';
import type {
  ClientClosed,
  ClientHandlers,
  ClientOptions,
  ClientRequestOptions,
  CloseInfoSource,
  HandlerContext,
  ServerDescription,
} from './client-types.js';
import { TapTransport } from './tap-transport.js';
import { upstreamErrorOf } from './upstream-error.js';
import { retryingVersion } from './version-retry.js';

const MODERN = '2026-07-28';
// Methods whose questions a single in-flight request can be assumed to own (legacy stdio gives no id).
const WORK = new Set(['tools/call', 'prompts/get', 'resources/read', 'tasks/result']);
const META_RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** @internal the era machinery under {@link McpClient}. */
export class ClientConnection {
  readonly peer: Peer;
  description!: ServerDescription;
  logLevel?: LoggingLevel;
  private readonly capabilities: ClientCapabilities;
  private readonly clientInfo: Implementation;
  readonly handlers: ClientHandlers;
  // Outgoing requests in flight: id → method and the handlers that answer their questions.
  private readonly outgoing = new Map<RequestId, { method: string; handlers?: ClientHandlers }>();
  private nextHandlers?: ClientHandlers;
  // Tasks being followed: task id → the handlers of the call that made it (questions carry related-task _meta).
  private readonly taskHandlers = new Map<string, ClientHandlers | undefined>();
  private closing = false;
  private tracer?: ClientTracer;
  private closeInfo?: ClientClosed;

  constructor(
    private readonly transport: Transport & CloseInfoSource,
    private readonly options: ClientOptions,
    private readonly onNotification: (notification: JsonRpcNotification) => void,
    private readonly onClose: (info: ClientClosed) => void,
  ) {
    this.handlers = options.handlers ?? {};
    this.capabilities = { ...capabilitiesFor(this.handlers), ...options.capabilities };
    this.clientInfo = options.clientInfo ?? { name: 'decorum-client', version: '0.1.0' };
    this.logLevel = options.logLevel;
    const tapped = new TapTransport(transport, {
      sent: (message) => this.sent(message),
      received: (value) => this.received(value),
    });
    this.peer = new Peer(
      tapped,
      {
        handleRequest: (request, cancellation, info) => this.answer(request, cancellation, info),
        handleNotification: (notification) => this.onNotification(notification),
        handleClose: () => this.ended(),
      },
      { requestTimeoutMs: options.requestTimeoutMs, logger: options.logger, exposeErrors: true },
    );
  }

  get era(): 'legacy' | 'modern' {
    return this.description?.era ?? 'legacy';
  }

  /** Starts the transport and performs the opening of the chosen era. */
  async open(): Promise<void> {
    this.tracer = await clientTracer(this.options.telemetry);
    await this.peer.start();
    const wanted = this.options.protocolVersion ?? LATEST_PROTOCOL_VERSION;
    if (wanted === 'auto' || isModernVersion(wanted)) {
      try {
        await this.discover(wanted === 'auto' ? MODERN : wanted);
        return;
      } catch (error) {
        if (wanted !== 'auto' || this.closeInfo !== undefined) throw error;
      }
    }
    await this.initialize(wanted === 'auto' ? LATEST_PROTOCOL_VERSION : wanted);
  }

  private async discover(version: string): Promise<void> {
    this.description = { era: 'modern', protocolVersion: version } as ServerDescription;
    const found = await this.renegotiating(() => this.send('server/discover', { _meta: this.envelope() }, {}));
    const description: ServerDescription = {
      era: 'modern',
      protocolVersion: this.description.protocolVersion,
      serverInfo: (found._meta as JsonObject | undefined)?.[META_SERVER_INFO] as Implementation,
      capabilities: (found.capabilities ?? {}) as ServerCapabilities,
      supportedVersions: found.supportedVersions as string[] | undefined,
    };
    if (typeof found.instructions === 'string') description.instructions = found.instructions;
    this.description = description;
  }

  private async initialize(version: string): Promise<void> {
    const result = await this.peer.request('initialize', {
      protocolVersion: version,
      capabilities: this.capabilities,
      clientInfo: this.clientInfo,
    });
    const description: ServerDescription = {
      era: 'legacy',
      protocolVersion: String(result.protocolVersion),
      serverInfo: result.serverInfo as Implementation,
      capabilities: (result.capabilities ?? {}) as ServerCapabilities,
    };
    if (typeof result.instructions === 'string') description.instructions = result.instructions;
    this.description = description;
    await this.peer.notify('notifications/initialized');
    if (this.logLevel !== undefined && description.capabilities.logging) {
      await this.peer.request('logging/setLevel', { level: this.logLevel });
    }
  }

  /** The modern per-request `_meta`: version, capabilities (with a request's own `extra`), identity and log level. */
  envelope(extra?: ClientCapabilities): JsonObject {
    const capabilities =
      extra === undefined
        ? this.capabilities
        : {
            ...this.capabilities,
            ...extra,
            extensions: { ...this.capabilities.extensions, ...extra.extensions },
          };
    const meta: JsonObject = {
      [META_VERSION]: this.description.protocolVersion,
      [META_CAPABILITIES]: capabilities,
      [META_CLIENT_INFO]: this.clientInfo,
    };
    if (this.logLevel !== undefined) meta[META_LOG_LEVEL] = this.logLevel;
    return meta;
  }

  /**
   * Sends a request in the era's terms and resolves with its final result. Modern: the envelope is added, and an
   * `input_required` result is answered with the handlers and retried (new id, same params, `inputResponses` and the
   * echoed `requestState`) until complete — unless the caller asked for it back.
   */
  async request(method: string, params: JsonObject, options: ClientRequestOptions = {}): Promise<JsonObject> {
    if (this.era === 'legacy') return this.send(method, params, options);
    let retry: JsonObject = {};
    if (options.inputResponses !== undefined) retry.inputResponses = options.inputResponses;
    if (options.requestState !== undefined) retry.requestState = options.requestState;
    const maxRounds = this.options.maxInputRounds ?? 8;
    for (let rounds = 0; ; rounds++) {
      const sent = retry;
      const result = await this.renegotiating(() =>
        this.send(method, { ...params, ...sent, _meta: this.envelope(options.capabilities) }, options),
      );
      if (result.resultType !== 'input_required' || options.inputRequired === 'return') return result;
      if (rounds >= maxRounds) {
        throw new McpError(
          ErrorCode.InternalError,
          `${method} still asks for input after ${rounds} rounds (maxInputRounds is ${maxRounds})`,
        );
      }
      retry = await this.answerInputs(result, options);
    }
  }

  /** Modern: once more with the revision a `-32022` names (the envelope rebuilt: header and `_meta` agree). */
  private renegotiating(attempt: () => Promise<JsonObject>): Promise<JsonObject> {
    const adopt = (protocolVersion: string) => Object.assign(this.description, { protocolVersion });
    return retryingVersion(attempt, () => this.era === 'modern', adopt);
  }

  private async answerInputs(result: JsonObject, options: ClientRequestOptions): Promise<JsonObject> {
    const requests = (result.inputRequests ?? {}) as Record<string, { method: string; params?: JsonObject }>;
    const signal = options.signal ?? new AbortController().signal;
    const handlers = options.handlers ?? this.handlers;
    const answers = await Promise.all(
      Object.entries(requests).map(
        async ([key, r]) =>
          [key, await this.ask(handlers, r.method, r.params ?? {}, { method: r.method, signal })] as const,
      ),
    );
    const retry: JsonObject = {};
    if (answers.length > 0) retry.inputResponses = Object.fromEntries(answers);
    // Echoed exactly, and only when given: the state is the server's, opaque to the client.
    if (result.requestState !== undefined) retry.requestState = result.requestState;
    return retry;
  }

  /** One JSON-RPC request, with `_meta` extras, progress and the request's own handlers. */
  send(method: string, params: JsonObject, options: ClientRequestOptions): Promise<JsonObject> {
    const meta = { ...(params._meta as JsonObject | undefined), ...options.meta };
    const out = Object.keys(meta).length > 0 ? { ...params, _meta: meta } : params;
    // Peer.request sends synchronously, so the tap below picks these handlers up for this request's id.
    this.nextHandlers = options.handlers;
    const onProgress = options.onProgress;
    const transport = this.transport.networkTransport;
    try {
      const request = (sent: JsonObject) =>
        this.peer.request(method, sent, {
          signal: options.signal,
          timeoutMs: options.timeoutMs,
          onprogress: onProgress
            ? (update) => {
                const entry = { progress: update.progress } as Parameters<typeof onProgress>[0];
                if (update.total !== undefined) entry.total = update.total;
                if (update.message !== undefined) entry.message = update.message;
                onProgress(entry);
              }
            : undefined,
        });
      // A CLIENT span around the request, its context in `_meta` (sent synchronously all the same).
      const facts = { method, params: out, protocolVersion: this.description?.protocolVersion, transport };
      const answer = this.tracer === undefined ? request(out) : this.tracer.request(facts, request);
      // One error type for an answer that never came (timed out, too large, the server gone).
      return answer.catch((error: unknown) => {
        throw upstreamErrorOf(error, method, this.closing);
      });
    } finally {
      this.nextHandlers = undefined;
    }
  }

  /** Answers one question of the server with `handlers` (with the elicitation defaults unless turned off). */
  ask(handlers: ClientHandlers, method: string, params: JsonObject, context: HandlerContext): Promise<JsonObject> {
    return answerQuestion(handlers, method, params, context, this.options.elicitationDefaults !== false);
  }

  /** Ties the questions of a task (related-task `_meta`) to the handlers of the call that made it. */
  relateTask(taskId: string, handlers: ClientHandlers | undefined): () => void {
    this.taskHandlers.set(taskId, handlers);
    return () => this.taskHandlers.delete(taskId);
  }

  /** Legacy: sets the minimum log level on the server; modern: the envelope of later requests carries it. */
  async setLogLevel(level: LoggingLevel): Promise<void> {
    this.logLevel = level;
    if (this.era === 'legacy') await this.peer.request('logging/setLevel', { level });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.peer.close();
  }

  private sent(message: JsonRpcMessage | JsonRpcMessage[]): void {
    if (Array.isArray(message) || !('method' in message) || !('id' in message)) return;
    this.outgoing.set(message.id, { method: message.method, handlers: this.nextHandlers });
  }

  private received(value: unknown): void {
    if (value === null || typeof value !== 'object' || 'method' in value) return;
    const id = (value as { id?: RequestId }).id;
    if (id !== undefined) this.outgoing.delete(id);
  }

  /** A question from a legacy server: ping, or one the handlers answer. */
  private answer(request: JsonRpcRequest, cancellation: Cancellation, info: MessageInfo | undefined) {
    if (request.method === 'ping') return {};
    const relatedRequestId = this.relatedTo(info, request.method);
    const related = relatedRequestId === undefined ? undefined : this.outgoing.get(relatedRequestId);
    const relatedTask = (request.params?._meta as JsonObject | undefined)?.[META_RELATED_TASK] as
      | { taskId?: string }
      | undefined;
    const taskHandlers = relatedTask?.taskId === undefined ? undefined : this.taskHandlers.get(relatedTask.taskId);
    const handlers = taskHandlers ?? related?.handlers ?? this.handlers;
    return this.ask(handlers, request.method, request.params ?? {}, {
      method: request.method,
      signal: cancellation.signal,
      relatedRequestId,
    });
  }

  private relatedTo(info: MessageInfo | undefined, method: string): RequestId | undefined {
    const stated = (info as { relatedRequestId?: RequestId } | undefined)?.relatedRequestId;
    if (stated !== undefined) return stated;
    // Servers ask for roots on their own too (at startup, after roots/list_changed): never guessed to be a call's.
    if (method === 'roots/list') return undefined;
    const work = [...this.outgoing].filter(([, entry]) => WORK.has(entry.method));
    return work.length === 1 ? work[0]?.[0] : undefined;
  }

  private ended(): void {
    const info: ClientClosed = this.closing
      ? { reason: 'client', message: 'The client closed the connection' }
      : (this.transport.closeInfo?.() ?? { reason: 'server', message: 'The server closed the connection' });
    this.closeInfo = info;
    this.outgoing.clear();
    this.onClose(info);
  }
}
