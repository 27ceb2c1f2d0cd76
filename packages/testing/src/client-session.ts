import {
  ErrorCode,
  type Implementation,
  type JsonObject,
  type JsonRpcMessage,
  type LoggingLevel,
  McpError,
  Peer,
  type RequestId,
  type ServerCapabilities,
  type Transport,
} from '@decorum/protocol';
import { createInputAnswerer, type InputAnswerer } from './input-answers.js';
import { NotificationLog, type ReceivedNotification } from './notification-log.js';
import { TappedTransport } from './tapped-transport.js';
import type { Era, ResolvedOptions } from './test-client-options.js';

export const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

// Work that may report progress: these always ask for it, so `client.progress` captures it unasked.
const PROGRESS_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

// setTimeout's ceiling: a listen stream stays open until closed, but Peer times every request out.
const FOREVER_MS = 2_147_483_647;

/** A progress notification for one of the client's requests. */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** A log message the server sent (`notifications/message`). */
export interface LogMessage {
  level: LoggingLevel;
  data: unknown;
  logger?: string;
}

/** What the client learnt about the server: at initialize (legacy) or from `server/discover` (modern). */
export interface ServerDescription {
  /** The negotiated (legacy) or requested (modern) revision. */
  protocolVersion: string;
  serverInfo: Implementation;
  capabilities: ServerCapabilities;
  instructions?: string;
  /** Modern era: the revisions the server lists in `server/discover`. */
  supportedVersions?: string[];
}

/** Per-request options of the test client. */
export interface RequestOptions {
  /** Called with each progress update of this request (they are also captured in `client.progress`). */
  onProgress?: (update: ProgressUpdate) => void;
  /** Aborting cancels the request (`notifications/cancelled`) and rejects it. */
  signal?: AbortSignal;
  /** Overrides the client's request timeout. */
  timeoutMs?: number;
  /** Extra `_meta` entries (merged over the modern envelope). */
  meta?: JsonObject;
}

/**
 * The wire side of a test client: one `Peer`, the handshake of the era, the modern envelope and its
 * multi-round-trip loop, and the capture of notifications, logs and progress.
 */
export class ClientSession {
  readonly peer: Peer;
  readonly notifications = new NotificationLog();
  readonly logs: LogMessage[] = [];
  readonly progress: ProgressUpdate[] = [];
  readonly answerer: InputAnswerer;
  readonly era: Era;
  description!: ServerDescription;
  logLevel?: LoggingLevel;
  /** Legacy era: how many open subscriptions hold each URI the session is subscribed to. */
  readonly subscribedUris = new Map<string, number>();
  private readonly listeners = new Set<(notification: ReceivedNotification) => void>();
  private readonly listenIds: ((id: RequestId) => void)[] = [];

  constructor(
    transport: Transport,
    readonly options: ResolvedOptions,
  ) {
    this.era = options.era;
    this.logLevel = options.logLevel;
    this.answerer = createInputAnswerer(options);
    const tapped = new TappedTransport(transport, (message) => this.sent(message));
    this.peer = new Peer(
      tapped,
      {
        handleRequest: (request) => {
          // A modern server must never send requests: answering would hide an engine bug.
          if (this.era === 'modern') {
            throw new McpError(ErrorCode.MethodNotFound, `A modern-era client takes no requests (${request.method})`);
          }
          return this.answerer.answer(request.method, request.params);
        },
        handleNotification: (message) => this.received({ method: message.method, params: message.params ?? {} }),
        handleClose: () => this.notifications.close(new Error('The test client is closed')),
      },
      { requestTimeoutMs: options.requestTimeoutMs },
    );
  }

  /** Starts the peer and performs the era's opening: initialize, or server/discover. */
  async open(): Promise<void> {
    await this.peer.start();
    const { protocolVersion, capabilities, clientInfo } = this.options;
    if (this.era === 'modern') {
      const found = await this.request('server/discover', {});
      this.description = {
        protocolVersion,
        serverInfo: (found._meta as JsonObject | undefined)?.[META_SERVER_INFO] as Implementation,
        capabilities: found.capabilities as ServerCapabilities,
        supportedVersions: found.supportedVersions as string[],
      };
      if (typeof found.instructions === 'string') this.description.instructions = found.instructions;
      return;
    }
    const result = await this.peer.request('initialize', { protocolVersion, capabilities, clientInfo });
    this.description = {
      protocolVersion: result.protocolVersion as string,
      serverInfo: result.serverInfo as Implementation,
      capabilities: result.capabilities as ServerCapabilities,
    };
    if (typeof result.instructions === 'string') this.description.instructions = result.instructions;
    await this.peer.notify('notifications/initialized');
    if (this.logLevel !== undefined) await this.setLogLevel(this.logLevel);
  }

  /** The modern per-request `_meta`: version, capabilities, identity and log level. */
  envelope(): JsonObject {
    const meta: JsonObject = {
      [META_VERSION]: this.options.protocolVersion,
      [META_CAPABILITIES]: this.options.capabilities,
      [META_CLIENT_INFO]: this.options.clientInfo,
    };
    if (this.logLevel !== undefined) meta[META_LOG_LEVEL] = this.logLevel;
    return meta;
  }

  /**
   * Sends a request in the era's terms and resolves with its final result. Modern: each request
   * carries the envelope, and `input_required` results are answered with the handlers and retried
   * (new id, same params, `inputResponses` and the echoed `requestState`) until complete.
   */
  async request(method: string, params: JsonObject, options: RequestOptions = {}): Promise<JsonObject> {
    if (this.era === 'legacy') return this.send(method, params, options);
    let retry: JsonObject = {};
    for (let rounds = 0; ; rounds++) {
      const result = await this.send(method, { ...params, ...retry, _meta: this.envelope() }, options);
      if (result.resultType !== 'input_required') return result;
      if (rounds >= this.options.maxInputRounds) {
        throw new Error(
          `${method} still asks for input after ${rounds} rounds (maxInputRounds is ${this.options.maxInputRounds})`,
        );
      }
      retry = await this.answerInputs(result);
    }
  }

  private async answerInputs(result: JsonObject): Promise<JsonObject> {
    const requests = (result.inputRequests ?? {}) as Record<string, { method: string; params?: JsonObject }>;
    const answers = await Promise.all(
      Object.entries(requests).map(async ([key, r]) => [key, await this.answerer.answer(r.method, r.params)] as const),
    );
    const retry: JsonObject = {};
    if (answers.length > 0) retry.inputResponses = Object.fromEntries(answers);
    // Echoed exactly, and only when given: the state is the server's, opaque to the client.
    if (result.requestState !== undefined) retry.requestState = result.requestState;
    return retry;
  }

  private send(method: string, params: JsonObject, options: RequestOptions): Promise<JsonObject> {
    const meta = { ...(params._meta as JsonObject | undefined), ...options.meta };
    const out = Object.keys(meta).length > 0 ? { ...params, _meta: meta } : params;
    const track = options.onProgress !== undefined || PROGRESS_METHODS.has(method);
    return this.peer.request(method, out, {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      onprogress: track
        ? (update) => {
            const entry: ProgressUpdate = { progress: update.progress };
            if (update.total !== undefined) entry.total = update.total;
            if (update.message !== undefined) entry.message = update.message;
            this.progress.push(entry);
            options.onProgress?.(entry);
          }
        : undefined,
    });
  }

  /** Sets the minimum log level: `logging/setLevel` (legacy) or the envelope's `logLevel` (modern). */
  async setLogLevel(level: LoggingLevel): Promise<void> {
    this.logLevel = level;
    if (this.era === 'legacy') await this.peer.request('logging/setLevel', { level });
  }

  /**
   * Opens a `subscriptions/listen` stream (modern). `onid` learns the request's id as it is sent,
   * before any notification tagged with it can arrive. The promise settles when the stream ends.
   */
  listen(filter: JsonObject, signal: AbortSignal, onid: (id: RequestId) => void): Promise<JsonObject> {
    this.listenIds.push(onid);
    const done = this.peer.request(
      'subscriptions/listen',
      { notifications: filter, _meta: this.envelope() },
      { signal, timeoutMs: FOREVER_MS },
    );
    // Never sent (the client was closed): its place in the queue must not take the next one's id.
    done.catch(() => {
      const index = this.listenIds.indexOf(onid);
      if (index !== -1) this.listenIds.splice(index, 1);
    });
    return done;
  }

  /** Sees every notification after it is captured; returns the unsubscribe function. */
  addListener(listener: (notification: ReceivedNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    return this.peer.close();
  }

  private sent(message: JsonRpcMessage | JsonRpcMessage[]): void {
    if (Array.isArray(message) || !('method' in message) || !('id' in message)) return;
    if (message.method === 'subscriptions/listen') this.listenIds.shift()?.(message.id);
  }

  private received(notification: ReceivedNotification): void {
    if (notification.method === 'notifications/message') {
      const { level, data, logger } = notification.params;
      const entry: LogMessage = { level: level as LoggingLevel, data };
      if (typeof logger === 'string') entry.logger = logger;
      this.logs.push(entry);
    }
    this.notifications.push(notification);
    for (const listener of this.listeners) listener(notification);
  }
}
