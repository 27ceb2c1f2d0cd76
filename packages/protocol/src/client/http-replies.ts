// Small pieces of reading HTTP replies on the client side.
import { ErrorCode } from '../jsonrpc/errors.js';
import type { RequestId } from '../jsonrpc/types.js';

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
export function lostAnswer(id: RequestId, why: string, status?: number) {
  const code = status !== undefined && status < 500 ? ErrorCode.InvalidRequest : ErrorCode.InternalError;
  return { jsonrpc: '2.0', id, error: { code, message: `Request failed: ${why}` } };
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
