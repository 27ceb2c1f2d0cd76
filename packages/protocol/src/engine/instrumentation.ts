// The engine's one seam for observability (tracing, metrics, request logs). Type-only: the engine
// never loads a telemetry library, it calls an optional collaborator given in the server options.
// When none is given the engine pays one property read per request. Each hook *wraps* the work
// instead of returning a handle, because a tracer must make its span the active context while the
// work runs (so spans the user's code starts nest under it), and only a callback can do that.
import type { JsonRpcRequest, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import type { JsonObject } from './types.js';

/** How a request reached the server, as the semantic conventions name it: `pipe` is stdio, `tcp` is HTTP. */
export type NetworkTransport = 'pipe' | 'tcp';

/** What the engine knows of one inbound request when it starts serving it. */
export interface RequestFacts {
  /** The request as decoded (method, id, params with `_meta`). */
  readonly request: JsonRpcRequest;
  /** What the transport knows beyond the JSON: the HTTP request's URL and headers, who is authenticated. */
  readonly info: MessageInfo | undefined;
  /** The revision this request is served in (the session's, or the modern envelope's). */
  readonly protocolVersion: string;
  /** The legacy session's id, when the transport has sessions (Streamable HTTP). */
  readonly sessionId: string | undefined;
  /** Undefined when the transport did not say (a custom transport). */
  readonly transport: NetworkTransport | undefined;
}

/** The user's part of a request: the provider call (a tool, a resource read, a prompt, a completion). */
export interface HandlerFacts {
  readonly method: string;
  /** The tool or prompt name, or the resource URI. */
  readonly target: string | undefined;
  readonly requestId: RequestId;
}

/** A request the server sends the client on behalf of a handler (sampling, elicitation, roots). */
export interface OutgoingFacts {
  readonly method: string;
  readonly params: JsonObject | undefined;
  readonly protocolVersion: string;
}

/** One legacy session (opened by `initialize`, ended when the connection goes). */
export interface SessionFacts {
  /** Identity of the session, to match its open and close. */
  readonly key: object;
  readonly protocolVersion: string;
  readonly transport: NetworkTransport | undefined;
}

/**
 * Observes the engine's work. Every hook is optional but `request`; each must call the work it is
 * given exactly once and return (or rethrow) its outcome unchanged.
 * @example
 * const timing: Instrumentation = {
 *   async request(facts, serve) {
 *     const start = performance.now();
 *     try { return await serve(); } finally { console.error(facts.request.method, performance.now() - start); }
 *   },
 * };
 * new ProtocolServer({ serverInfo, instrumentation: timing });
 */
export interface Instrumentation {
  /** Wraps the serving of one inbound request, from its dispatch to its result or error. */
  request<T>(facts: RequestFacts, serve: () => Promise<T> | T): Promise<T>;
  /** Wraps the provider call inside a request. */
  handler?<T>(facts: HandlerFacts, run: () => Promise<T>): Promise<T>;
  /** Wraps a server→client request; `send` takes the params to send (with trace context added to `_meta`). */
  outgoing?<T>(facts: OutgoingFacts, send: (params: JsonObject | undefined) => Promise<T>): Promise<T>;
  /** A legacy session completed `initialize`. */
  sessionOpened?(facts: SessionFacts): void;
  /** A session that had opened ended. */
  sessionClosed?(facts: SessionFacts): void;
}
