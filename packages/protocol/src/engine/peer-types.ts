// The option and callback types of a Peer, and its small error builders, apart so that peer.ts
// stays about the connection itself.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { JsonRpcError, JsonRpcNotification, JsonRpcRequest, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import type { Cancellation } from './cancellation.js';
import type { EngineLogger } from './logger.js';

type Result = Record<string, unknown>;

/** Options of an outgoing request. */
export interface RequestOptions {
  /** Aborting sends `notifications/cancelled` and rejects the promise with the signal's reason. */
  signal?: AbortSignal;
  /** Defaults to the peer's `requestTimeoutMs`. */
  timeoutMs?: number;
  /** Asks the other side for progress (a `progressToken` is added to `_meta`) and receives it here. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** The inbound request on whose behalf this one is made (routes it on stream transports). */
  relatedRequestId?: RequestId;
}

/** Options of a {@link Peer}. */
export interface PeerOptions {
  /** Timeout of outgoing requests, in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /** Where handler failures and protocol oddities are reported. Default: stderr. */
  logger?: EngineLogger;
  /** Send a failing handler's own message to the peer instead of "Internal error". Default false. */
  exposeErrors?: boolean;
}

/**
 * Dispatches an inbound request: returns its result or throws (an {@link McpError} keeps its code).
 * `cancellation.signal` aborts when the client cancels the request; it is created on first access.
 */
export type RequestDispatcher = (
  request: JsonRpcRequest,
  cancellation: Cancellation,
  info: MessageInfo | undefined,
) => Promise<Result> | Result;

/**
 * The layer below a {@link Peer}: what it hands inbound traffic to. Given once, to the constructor;
 * every member is optional (a peer without a handler answers every request "method not found").
 */
export interface PeerHandler {
  /** Answers an inbound request (see {@link RequestDispatcher}). */
  handleRequest?: RequestDispatcher;
  /** An inbound notification other than cancellation and progress, which the peer handles itself. */
  handleNotification?(notification: JsonRpcNotification): void;
  /** The connection ended (once). */
  handleClose?(): void;
  /** Whether a JSON array (a batch) is accepted right now. Default: never. */
  allowsBatch?(): boolean;
}

/** @internal an outgoing request awaiting its response. */
export interface PendingRequest {
  method: string;
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: unknown) => void;
  cleanup: () => void;
}

/** @internal */
export function methodNotFound(request: JsonRpcRequest): McpError {
  return new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
}

/** @internal */
export function errorResponse(id: RequestId | null, code: number, message: string): JsonRpcError {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** @internal the error object answering a failed handler: an McpError keeps its code, anything else is -32603. */
export function toErrorObject(
  error: unknown,
  method: string,
  logger: EngineLogger,
  expose: boolean | undefined,
): JsonRpcError['error'] {
  if (error instanceof McpError) return error.toErrorObject();
  logger.error(`[decorum] handler for "${method}" failed`, error);
  const message = expose && error instanceof Error ? error.message : 'Internal error';
  return { code: ErrorCode.InternalError, message };
}
