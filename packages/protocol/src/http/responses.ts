// Small builders for the plain HTTP answers of the MCP endpoints.
import { ErrorCode } from '../jsonrpc/errors.js';
import { type PlainReply, toResponse } from './http-input.js';

/** A JSON answer. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): PlainReply {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** An HTTP error whose body is a JSON-RPC error response with no id, as the spec allows. */
export function errorReply(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): PlainReply {
  return jsonReply(status, { jsonrpc: '2.0', id: null, error: { code, message } }, headers);
}

/** An HTTP error response whose body is a JSON-RPC error response with no id. */
export function errorResponse(status: number, code: number, message: string): Response {
  return toResponse(errorReply(status, code, message));
}

/** An HTTP error answered with -32600 (what the transport's own refusals use). */
export function badRequest(status: number, message: string, headers?: Record<string, string>): PlainReply {
  return errorReply(status, ErrorCode.InvalidRequest, message, headers);
}

/** A session past `maxStreamsPerSession`: the message names the option, so the fix is one search away. */
export function tooManyStreams(limit: number): PlainReply {
  return badRequest(
    503,
    `Service Unavailable: this session has ${limit} streams open (requests in flight and its GET stream), ` +
      'the most maxStreamsPerSession allows; raise maxStreamsPerSession in the HTTP options, or send fewer requests at once',
  );
}

/** The shared session store cannot be reached: the client may retry (on this or another instance). */
export function storeDown(error: unknown): PlainReply {
  return badRequest(503, `Service Unavailable: the session store is unreachable (${(error as Error).message})`, {
    'Retry-After': '1',
  });
}
