// The public shapes of the client: its options, per-request options, handlers and events.
import type { EngineLogger } from '../engine/logger.js';
import type {
  ClientCapabilities,
  Implementation,
  JsonObject,
  LoggingLevel,
  ServerCapabilities,
} from '../engine/types.js';
import type { RequestId } from '../jsonrpc/types.js';
import type { ClientTelemetry } from '../telemetry/client-spans.js';

/** Which revision the client speaks: a legacy one (initialize), the modern one, or `auto` (probe, then fall back). */
export type ClientProtocolVersion = string | 'auto';

/** What a handler of a server's question learns besides its params. */
export interface HandlerContext {
  /** `sampling/createMessage`, `elicitation/create` or `roots/list`. */
  method: string;
  /** Aborted when the server cancels its request (legacy) or the client closes. */
  signal: AbortSignal;
  /**
   * The id of the client's own request this question belongs to, when known: modern era always, legacy HTTP when it
   * came on that request's stream, legacy stdio/in-memory when exactly one call was in flight (not for `roots/list`,
   * which servers also ask on their own).
   */
  relatedRequestId?: RequestId;
}

/**
 * Answers to the server's questions. Giving one declares the matching client capability. The same handlers serve
 * both eras: legacy server→client requests and modern `input_required` inputs.
 */
export interface ClientHandlers {
  /** Answers `sampling/createMessage` with a `CreateMessageResult` (`{ role, content, model, stopReason? }`). */
  sampling?: (params: JsonObject, context: HandlerContext) => Promise<JsonObject> | JsonObject;
  /** Answers `elicitation/create` with an `ElicitResult` (`{ action: 'accept' | 'decline' | 'cancel', content? }`). */
  elicitation?: (params: JsonObject, context: HandlerContext) => Promise<JsonObject> | JsonObject;
  /** Answers `roots/list` with the roots (`{ uri: 'file:///…', name? }`). */
  roots?: (context: HandlerContext) => Promise<Root[]> | Root[];
}

/** A root the client exposes to the server. */
export interface Root {
  uri: string;
  name?: string;
  _meta?: JsonObject;
}

/**
 * Options of a client.
 * @example
 * const client = await connectHttp(url, { protocolVersion: '2026-07-28', handlers: { elicitation: ask } });
 */
export interface ClientOptions {
  /** Default `'2025-11-25'` (legacy). `'2026-07-28'` is stateless; `'auto'` tries `server/discover` first. */
  protocolVersion?: ClientProtocolVersion;
  /** Who the client says it is. Default `{ name: 'decorum-client', version: '0.1.0' }`. */
  clientInfo?: Implementation;
  /** Declared capabilities, merged over those the handlers imply. */
  capabilities?: ClientCapabilities;
  /** Answers to sampling, elicitation and roots. */
  handlers?: ClientHandlers;
  /** Minimum level of log messages the server should send (none are asked for without it in the modern era). */
  logLevel?: LoggingLevel;
  /** Modern era: open a `subscriptions/listen` stream for the lists the server advertises as changing. Default true. */
  listen?: boolean;
  /** How many `input_required` rounds one request may take before it fails. Default 8. */
  maxInputRounds?: number;
  /**
   * Fill the requested schema's `default`s into an accepted form elicitation for the fields the answer left out
   * (SEP-1034: the form showed them). Default true; false for a client that only forwards the answer of another
   * client (a mount), which is that client's to make.
   */
  elicitationDefaults?: boolean;
  /** Timeout of each request, in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /** Where protocol oddities are reported. Default: stderr. */
  logger?: EngineLogger;
  /**
   * CLIENT spans and trace context in every request's `_meta` (docs/observability.md). Default: on when
   * `@opentelemetry/api` is installed (reporting to the global providers); `false` off; options to choose providers.
   */
  telemetry?: ClientTelemetry;
}

/** A progress update of one request. */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** Options of one request. */
export interface ClientRequestOptions {
  /** Aborting cancels the request (`notifications/cancelled`, or the modern HTTP POST is closed) and rejects it. */
  signal?: AbortSignal;
  /** Receives the request's progress (a `progressToken` is sent). */
  onProgress?: (update: ProgressUpdate) => void;
  /** Overrides the client's request timeout. */
  timeoutMs?: number;
  /** Extra `_meta` entries. */
  meta?: JsonObject;
  /** Handlers for questions that belong to this request, in place of the client's (a mount forwarding them). */
  handlers?: ClientHandlers;
  /** Modern era: `'answer'` (default) answers `input_required` and retries; `'return'` gives the result back. */
  inputRequired?: 'answer' | 'return';
  /** Modern era: answers to send on this request (a forwarded retry). */
  inputResponses?: JsonObject;
  /** Modern era: the server's state to echo on this request (a forwarded retry). */
  requestState?: string;
  /** Modern era: capabilities this request declares besides the client's (e.g. an extension it opts into). */
  capabilities?: ClientCapabilities;
}

/** A log message the server sent. */
export interface LogMessage {
  level: LoggingLevel;
  data: unknown;
  logger?: string;
}

/** A notification as received. */
export interface ClientNotification {
  method: string;
  params: JsonObject;
}

/** Why and how a client's connection ended. */
export interface ClientClosed {
  /** `client`: `close()` was called; `server`: the other side ended it; `error`: a transport failure. */
  reason: 'client' | 'server' | 'error';
  message: string;
  error?: Error;
  /** stdio: the process's exit code (null when killed by a signal). */
  exitCode?: number | null;
  /** stdio: the signal that ended the process. */
  signal?: string | null;
  /** stdio with `stderr: 'pipe'`: the last of what the process wrote to stderr. */
  stderr?: string;
}

/** The events of a client and their listeners. */
export interface ClientEvents {
  toolsListChanged: () => void;
  promptsListChanged: () => void;
  resourcesListChanged: () => void;
  resourceUpdated: (event: { uri: string }) => void;
  log: (message: LogMessage) => void;
  notification: (notification: ClientNotification) => void;
  close: (info: ClientClosed) => void;
}

/** What the server told the client about itself. */
export interface ServerDescription {
  era: 'legacy' | 'modern';
  protocolVersion: string;
  serverInfo: Implementation;
  capabilities: ServerCapabilities;
  instructions?: string;
  /** Modern era: the revisions `server/discover` listed. */
  supportedVersions?: string[];
}

/** A client transport that can say why it closed (stdio: the exit status; HTTP: the session ended). */
export interface CloseInfoSource {
  closeInfo?(): ClientClosed | undefined;
}
