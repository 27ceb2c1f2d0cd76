// What SSE streams may hold in memory for clients that read slowly or not at all. A stream's queue
// grows when its client stops reading (the HTTP layer waits for the socket to drain); without a
// budget, a tool that logs in a loop would grow the server without limit.

/** The default cap on the bytes queued on one SSE stream: 8 MiB. */
export const DEFAULT_MAX_STREAM_BUFFER_BYTES = 8 * 1024 * 1024;
/** The default cap on the bytes queued on all the SSE streams of one endpoint: 64 MiB. */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** The default time a stream may stay at its cap before it is closed: 30 s. */
export const DEFAULT_STALLED_STREAM_MS = 30_000;
/** Queued bytes past which a stream counts as full for its consumer (the stream's high-water mark). */
export const SSE_HIGH_WATER_BYTES = 64 * 1024;

/** The limits of {@link SseBudget}. */
export interface SseBudgetLimits {
  /** Bytes one stream may queue. */
  perStream: number;
  /** Bytes all streams together may queue. */
  total: number;
  /** How long a stream may stay at its cap before it is closed, in ms. */
  stalledMs: number;
}

/**
 * The shared account of the bytes queued on an endpoint's SSE streams. The policy, applied by
 * `SseConnection.send`: below the caps everything is queued; past the stream's cap or the total,
 * log and progress notifications are dropped (the client is not reading them anyway), while
 * responses, server→client requests and other notifications still go (they are few, and losing one
 * would break the protocol); a stream that has stayed past its cap for `stalledMs`, or that would
 * need to queue a message the caps cannot hold, is closed and its queue freed.
 */
export class SseBudget {
  private used = 0;

  constructor(readonly limits: SseBudgetLimits) {
    const { perStream, total, stalledMs } = limits;
    if (![perStream, total].every((n) => Number.isSafeInteger(n) && n > 0)) {
      throw new RangeError(`SSE buffer caps must be positive integers, got ${perStream} and ${total}`);
    }
    if (!(stalledMs >= 0)) throw new RangeError(`stalledStreamMs must be 0 or more, got ${stalledMs}`);
  }

  /** Whether one more message of `bytes` fits, on a stream that already queues `queued`. */
  fits(queued: number, bytes: number): boolean {
    return queued + bytes <= this.limits.perStream && this.used + bytes <= this.limits.total;
  }

  /** Records a change in one stream's queue. */
  adjust(delta: number): void {
    this.used = Math.max(0, this.used + delta);
  }
}

/** The budget of an endpoint, from its options. */
export function sseBudget(options: {
  maxStreamBufferBytes?: number;
  maxBufferedBytes?: number;
  stalledStreamMs?: number;
}): SseBudget {
  return new SseBudget({
    perStream: options.maxStreamBufferBytes ?? DEFAULT_MAX_STREAM_BUFFER_BYTES,
    total: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    stalledMs: options.stalledStreamMs ?? DEFAULT_STALLED_STREAM_MS,
  });
}

/** Logs and progress: the notifications a stream may drop once its client falls behind. */
export function isDroppable(message: unknown): boolean {
  if (Array.isArray(message) || message === null || typeof message !== 'object') return false;
  const method = (message as { method?: unknown }).method;
  return method === 'notifications/message' || method === 'notifications/progress';
}
