// Small pieces of reading HTTP replies on the client side.
import { ErrorCode } from '../jsonrpc/errors.js';
import type { RequestId } from '../jsonrpc/types.js';
import { readBoundedText } from './bounded-fetch.js';
import { AnswerTooLargeError, UpstreamClosedError } from './upstream-error.js';

/** What an error body is read for (a message): never more than this. */
const ERROR_BODY_BYTES = 64 * 1024;

/** JSON, or undefined for anything else. */
export function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isResult(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'result' in value;
}

export function isResponseTo(value: unknown, id: RequestId): boolean {
  return typeof value === 'object' && value !== null && !('method' in value) && (value as { id?: unknown }).id === id;
}

/** The error response standing in for an answer that cannot come (the peer rejects the request with it). */
export function lostAnswer(id: RequestId, why: string, status?: number, failure?: Error) {
  const code = status !== undefined && status < 500 ? ErrorCode.InvalidRequest : ErrorCode.InternalError;
  // `failure` (an UpstreamError) rides as the data: an object no server can send, which the client rejects with.
  const error =
    failure === undefined ? { code, message: `Request failed: ${why}` } : { code, message: why, data: failure };
  return { jsonrpc: '2.0', id, error };
}

export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * A JSON answer read up to `limitBytes`: the message to deliver, or the error response standing in for it (too large,
 * broken off, not JSON).
 */
export async function readJsonAnswer(response: Response, id: RequestId, method: string, limitBytes: number) {
  let text: string;
  try {
    text = await readBoundedText(response, limitBytes, 'the JSON answer');
  } catch (error) {
    const failure =
      error instanceof AnswerTooLargeError
        ? error
        : new UpstreamClosedError(method, `the answer broke off (${(error as Error).message})`);
    return lostAnswer(id, failure.message, undefined, failure);
  }
  const value = parse(text);
  return value === undefined ? lostAnswer(id, 'unreadable response (not JSON)') : value;
}

/** A refused request's answer: the server's JSON-RPC error when it sent one, else a message naming the HTTP status. */
export async function readRefusal(
  response: Response,
  id: RequestId | undefined,
): Promise<{ reply: unknown } | { message: string }> {
  const text = await readBoundedText(response, ERROR_BODY_BYTES, 'the error body').catch(() => '');
  const value = parse(text);
  if (value !== undefined && typeof value === 'object' && value !== null && 'error' in value) {
    const error = value as { id?: unknown };
    return { reply: id !== undefined && (error.id === null || error.id === undefined) ? { ...error, id } : value };
  }
  return { message: `HTTP ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ''}` };
}
