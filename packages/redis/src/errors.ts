/**
 * Redis could not be reached (down, restarting, or the URL is wrong). The connection keeps
 * retrying in the background; the operation that failed can be retried once Redis is back.
 * @example
 * try { await store.get(id); } catch (error) { if (error instanceof RedisUnavailableError) retryLater(); }
 */
export class RedisUnavailableError extends Error {
  readonly code = 'REDIS_UNAVAILABLE';
  override readonly name = 'RedisUnavailableError';

  constructor(
    /** The Redis URL, without its password. */
    readonly url: string,
    /** What was being done: "load session", "publish wake"… */
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    const why = options?.cause instanceof Error ? `: ${options.cause.message}` : '';
    super(`Redis at ${url} is unavailable (${operation})${why}; reconnecting in the background`, options);
  }
}

/** The Redis URL is not one `@redis/client` understands. */
export class RedisConfigurationError extends Error {
  readonly code = 'REDIS_CONFIGURATION';
  override readonly name = 'RedisConfigurationError';
}
