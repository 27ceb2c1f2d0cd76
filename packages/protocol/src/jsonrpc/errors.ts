import type { JsonRpcErrorObject } from './types.js';

/** JSON-RPC 2.0 and MCP error codes used by the engine. */
export const ErrorCode = {
  /** The frame is not valid JSON. */
  ParseError: -32700,
  /** The JSON is not a valid JSON-RPC message, or not allowed now (before initialize, say). */
  InvalidRequest: -32600,
  /** No handler for the method. */
  MethodNotFound: -32601,
  /** The params do not fit the method. */
  InvalidParams: -32602,
  /** The handler failed. */
  InternalError: -32603,
  /** A request this side sent got no answer in time (SDK-compatible code). */
  RequestTimeout: -32001,
  /** resources/read for a URI the server does not have (legacy revisions; modern ones use -32602). */
  ResourceNotFound: -32002,
  /** An HTTP header disagrees with the body, or a required MCP header is missing (2026-07-28). */
  HeaderMismatch: -32020,
  /** The request needs a client capability the request did not declare (2026-07-28). */
  MissingRequiredClientCapability: -32021,
  /** The requested protocol revision is not supported (2026-07-28). */
  UnsupportedProtocolVersion: -32022,
} as const;

/**
 * A protocol error: becomes a JSON-RPC error response with this code, message and data.
 * Throw it from a handler to answer with a specific error instead of a masked -32603.
 * @example throw new McpError(ErrorCode.InvalidParams, 'Unknown tool: "wether"', { name: 'wether' });
 */
export class McpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'McpError';
  }

  /** The `error` member of a JSON-RPC error response. */
  toErrorObject(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** An outgoing request got no response within its timeout; the engine has sent `notifications/cancelled`. */
export class RequestTimeoutError extends McpError {
  constructor(method: string, timeoutMs: number) {
    super(ErrorCode.RequestTimeout, `Request "${method}" timed out after ${timeoutMs} ms`, { timeout: timeoutMs });
    this.name = 'RequestTimeoutError';
  }
}

/**
 * A server→client request the client did not declare support for (sampling, elicitation, roots), or
 * that the negotiated revision does not have. Raised locally; such a request is never sent.
 */
export class CapabilityNotSupportedError extends Error {
  constructor(
    readonly capability: string,
    reason: string,
  ) {
    super(`Cannot use ${capability}: ${reason}`);
    this.name = 'CapabilityNotSupportedError';
  }
}

/** The connection closed before the response to an outgoing request arrived. */
export class ConnectionClosedError extends Error {
  constructor(method: string) {
    super(`Connection closed before "${method}" was answered`);
    this.name = 'ConnectionClosedError';
  }
}

/**
 * A refusal the caller can fix by getting more scopes (OAuth step-up). The engine attaches it to the
 * error response it sends; a transport that can say so (Streamable HTTP: 403 + WWW-Authenticate)
 * turns it into its own terms, the others send the JSON-RPC error alone.
 */
export interface StepUp {
  /** Every scope the operation needs (RFC 6750 §3.1). */
  readonly scopes: readonly string[];
}

/** The step-up an error object asks for: its data is `{ error: 'insufficient_scope', requiredScopes }`. */
export function stepUpOf(error: { data?: unknown }): StepUp | undefined {
  const data = error.data as { error?: unknown; requiredScopes?: unknown } | undefined;
  if (data?.error !== 'insufficient_scope' || !Array.isArray(data.requiredScopes)) return undefined;
  return { scopes: data.requiredScopes.filter((s): s is string => typeof s === 'string') };
}
