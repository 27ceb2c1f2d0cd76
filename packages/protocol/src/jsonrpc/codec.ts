import { ErrorCode } from './errors.js';
import type { JsonRpcErrorObject, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from './types.js';

/** What one inbound JSON value turned out to be. */
export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | { kind: 'invalid'; id: RequestId | null; error: JsonRpcErrorObject };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is RequestId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

function invalid(id: RequestId | null, message: string, data?: unknown): Classified {
  const error: JsonRpcErrorObject = { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${message}` };
  if (data !== undefined) error.data = data;
  return { kind: 'invalid', id, error };
}

/**
 * Strictly classifies one JSON value (not a batch) as a JSON-RPC 2.0 message. Ids are strings or
 * numbers, never null; `params` is an object (MCP never uses positional params). Reads the value in
 * place: no copying, no schema validation (this runs on every message).
 */
export function classify(value: unknown): Classified {
  if (!isObject(value)) return invalid(null, 'a message must be a JSON object', { received: typeOf(value) });
  const id = isId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return invalid(id, '"jsonrpc" must be "2.0"', { received: value.jsonrpc ?? null });
  if ('method' in value) {
    if (typeof value.method !== 'string' || value.method.length === 0) {
      return invalid(id, '"method" must be a non-empty string');
    }
    if (value.params !== undefined && !isObject(value.params)) return invalid(id, '"params" must be an object');
    if (!('id' in value)) return { kind: 'notification', message: value as unknown as JsonRpcNotification };
    if (!isId(value.id)) return invalid(null, '"id" must be a string or a number (MCP forbids null)');
    return { kind: 'request', message: value as unknown as JsonRpcRequest };
  }
  if ('result' in value || 'error' in value) {
    if ('result' in value && 'error' in value) return invalid(id, 'a response has either "result" or "error"');
    if ('result' in value) {
      if (!isId(value.id)) return invalid(null, 'a result must carry the request\'s "id"');
      if (!isObject(value.result)) return invalid(id, '"result" must be an object');
    } else {
      const error = value.error;
      if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
        return invalid(id, '"error" must be an object with an integer "code" and a string "message"');
      }
      if (value.id !== null && !isId(value.id)) return invalid(null, '"id" must be a string, a number or null');
    }
    return { kind: 'response', message: value as unknown as JsonRpcResponse };
  }
  return invalid(id, 'a message needs "method" (request or notification) or "result"/"error" (response)');
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}
