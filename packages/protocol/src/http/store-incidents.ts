// While a shared store is unreachable, every SSE event and lease renewal fails the same way: a line
// (and a stack trace) per failure would bury the log. Each role reports the start of its outage
// once, counts what the outage cost, and reports that count once when it works again.
import type { EngineLogger } from '../engine/logger.js';

/** The role failures of the event store are reported under. */
export const EVENT_STORE_ROLE = 'event store';

interface Outage {
  since: number;
  costs: Map<string, number>;
}

/**
 * One log line per role per outage, and one summary on recovery.
 * @example
 * incidents.failed('event store', 'responses sent live without an event id', error);
 * incidents.recovered('event store'); // after the next success: logs the summary, if it was down
 */
export class StoreIncidents {
  private readonly down = new Map<string, Outage>();

  constructor(
    private readonly logger: () => EngineLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** `role` failed; `cost` names what that failure cost (counted for the summary). */
  failed(role: string, cost: string, error: unknown): void {
    let outage = this.down.get(role);
    if (outage === undefined) {
      outage = { since: this.now(), costs: new Map() };
      this.down.set(role, outage);
      const reason = error instanceof Error ? error.message : String(error);
      this.logger().warn(`[decorum] ${role} unavailable (${reason}); carrying on without it until it is back`);
    }
    outage.costs.set(cost, (outage.costs.get(cost) ?? 0) + 1);
  }

  /** `role` worked: ends its outage, if any, with a summary line. */
  recovered(role: string): void {
    if (this.down.size === 0) return; // nearly always: one map read per success
    const outage = this.down.get(role);
    if (outage === undefined) return;
    this.down.delete(role);
    const seconds = ((this.now() - outage.since) / 1000).toFixed(1);
    const costs = [...outage.costs].map(([cost, count]) => `${count} ${cost}`).join(', ');
    this.logger().warn(`[decorum] ${role} available again after ${seconds} s; during the outage: ${costs}`);
  }
}

/**
 * Runs an event store operation without letting it fail the caller: a failure is reported (its
 * cost counted) and resolves undefined, and the caller sends the message live, without an id.
 */
export function reported<T>(
  work: Promise<T>,
  incidents: StoreIncidents | undefined,
  cost: string,
): Promise<T | undefined> {
  return work.then(
    (value) => {
      incidents?.recovered(EVENT_STORE_ROLE);
      return value;
    },
    (error: unknown) => {
      incidents?.failed(EVENT_STORE_ROLE, cost, error);
      return undefined;
    },
  );
}
