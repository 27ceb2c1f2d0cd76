// How a request to a server we do not control failed when the server's answer never became a usable response:
// one type callers test (`instanceof UpstreamError`, then `reason`), without losing the engine's own classes that
// existing code already tells apart (a timeout is still a RequestTimeoutError, a lost connection a
// ConnectionClosedError).
import { ConnectionClosedError, ErrorCode, McpError, RequestTimeoutError } from '../jsonrpc/errors.js';

/** Why an upstream request failed without an answer. */
export type UpstreamFailure = 'answer-too-large' | 'timed-out' | 'upstream-closed';

const REASON = Symbol('decorum.upstreamFailure');

interface Marked {
  readonly [REASON]: UpstreamFailure;
}

const reasonOf = (value: unknown): UpstreamFailure | undefined =>
  typeof value === 'object' && value !== null && REASON in value ? (value as Marked)[REASON] : undefined;

/**
 * A request to a server failed without its answer: `reason` says how. `answer-too-large` (a JSON body or SSE event
 * over the transport's limit; the stream was closed), `timed-out` (no answer within the request's timeout; the
 * request was cancelled and its stream closed) or `upstream-closed` (the server or its stream went away first).
 * The concrete classes are {@link AnswerTooLargeError}, {@link UpstreamTimeoutError} and {@link UpstreamClosedError}.
 * @example
 * try { await client.callTool('search', args); }
 * catch (error) { if (error instanceof UpstreamError && error.reason === 'answer-too-large') shrink(args); }
 */
export abstract class UpstreamError extends Error {
  abstract readonly reason: UpstreamFailure;
  // The three concrete classes extend the engine's errors they refine, so instanceof looks at the mark instead.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return reasonOf(value) !== undefined;
  }
}

/**
 * The server's answer (a JSON body or one SSE event) was larger than the transport allows; it was not read whole.
 * @example
 * new HttpClientTransport(url, { maxBodyBytes: 32 * 1024 * 1024 }); // raise the limit
 */
export class AnswerTooLargeError extends McpError implements Marked {
  readonly [REASON] = 'answer-too-large' as const;
  readonly reason = 'answer-too-large' as const;
  constructor(
    readonly what: string,
    readonly limitBytes: number,
  ) {
    super(ErrorCode.InternalError, `The server's answer is too large: ${what} over the limit of ${limitBytes} bytes`);
    this.name = 'AnswerTooLargeError';
  }
}

/** The server did not answer within the request's timeout (the request was cancelled and its stream closed). */
export class UpstreamTimeoutError extends RequestTimeoutError implements Marked {
  readonly [REASON] = 'timed-out' as const;
  readonly reason = 'timed-out' as const;
  constructor(method: string, timeoutMs: number) {
    super(method, timeoutMs);
    this.name = 'UpstreamTimeoutError';
  }
}

/** The server, its connection or the request's stream went away before the answer. */
export class UpstreamClosedError extends ConnectionClosedError implements Marked {
  readonly [REASON] = 'upstream-closed' as const;
  readonly reason = 'upstream-closed' as const;
  constructor(method: string, why?: string) {
    super(method);
    if (why !== undefined) this.message = `The server closed before "${method}" was answered: ${why}`;
    this.name = 'UpstreamClosedError';
  }
}

/**
 * The error a client request rejects with, as its caller should see it: the engine's timeout and closed-connection
 * errors and a transport's failure (carried as the data of a locally made error response, which no server can forge)
 * become {@link UpstreamError}s; anything else (the server's own JSON-RPC errors included) is kept.
 */
export function upstreamErrorOf(error: unknown, method: string, closedByClient: boolean): unknown {
  if (reasonOf(error) !== undefined) return error;
  if (error instanceof McpError && reasonOf(error.data) !== undefined) return error.data;
  if (error instanceof RequestTimeoutError) {
    const timeout = (error.data as { timeout?: unknown } | undefined)?.timeout;
    return new UpstreamTimeoutError(method, typeof timeout === 'number' ? timeout : 0);
  }
  if (error instanceof ConnectionClosedError && !closedByClient) return new UpstreamClosedError(method);
  return error;
}
