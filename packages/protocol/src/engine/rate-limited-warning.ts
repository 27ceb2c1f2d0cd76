// Failures nobody waits on (a background store write, a notification to many sessions) must not be
// dropped silently, nor flood the log when they repeat: the first of a kind is logged, and then at
// most one line per interval that says how many were left out.
import type { EngineLogger } from './logger.js';

/** The default interval between two lines of one kind of failure: one minute. */
export const DEFAULT_WARNING_INTERVAL_MS = 60_000;

/**
 * A warning logged once per kind, then at most once per interval with the count it left out.
 * @example
 * const warnings = new RateLimitedWarning(logger);
 * store.set(id, state).catch((error) => warnings.warn('session store', 'could not save a session', error));
 */
export class RateLimitedWarning {
  private readonly kinds = new Map<string, { last: number; skipped: number }>();

  constructor(
    private readonly logger: () => EngineLogger,
    private readonly intervalMs = DEFAULT_WARNING_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Logs `message` (with the error's message) unless one of this `kind` was logged within the interval. */
  warn(kind: string, message: string, error: unknown): void {
    const now = this.now();
    const seen = this.kinds.get(kind);
    if (seen !== undefined && now - seen.last < this.intervalMs) {
      seen.skipped++;
      return;
    }
    const skipped = seen?.skipped ?? 0;
    const more = skipped > 0 ? ` (${skipped} more since the last report)` : '';
    const reason = error instanceof Error ? error.message : String(error);
    this.logger().warn(`[decorum] ${message}: ${reason}${more}`);
    this.kinds.set(kind, { last: now, skipped: 0 });
  }
}
