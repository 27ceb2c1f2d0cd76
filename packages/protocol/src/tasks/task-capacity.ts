// How many tasks run on one instance, per requestor and in all: the spec asks receivers to limit the
// concurrent tasks of a requestor, and an instance's running tasks each hold a handler and a lease.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';

/** Whom a task counts against: its principal, else where an anonymous caller's tasks are listed. */
export function requestorOf(caller: { principal?: string; listScope?: string }): string {
  if (caller.principal !== undefined) return `principal:${caller.principal}`;
  return caller.listScope ?? 'anonymous';
}

/** The running-task counts of one instance, with the caps that refuse one more. */
export class TaskCapacity {
  private readonly live = new Map<string, number>();
  private running = 0;

  constructor(
    private readonly maxPerRequestor: number,
    private readonly maxLive: number,
  ) {}

  /** Counts one more task of `requestor`, or throws -32600 naming the option that caps it. */
  take(requestor: string): void {
    const mine = this.live.get(requestor) ?? 0;
    if (mine >= this.maxPerRequestor) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Too many tasks: this requestor already has ${this.maxPerRequestor} running (tasks.maxLiveTasksPerRequestor); wait for one to finish or cancel one`,
        { max: this.maxPerRequestor },
      );
    }
    if (this.running >= this.maxLive) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Too many tasks: this server already runs ${this.maxLive} (tasks.maxLiveTasks); try again once some have finished`,
        { max: this.maxLive },
      );
    }
    this.live.set(requestor, mine + 1);
    this.running += 1;
  }

  /** One task of `requestor` ended (or was never created). */
  release(requestor: string): void {
    const left = (this.live.get(requestor) ?? 0) - 1;
    if (left > 0) this.live.set(requestor, left);
    else this.live.delete(requestor);
    this.running = Math.max(0, this.running - 1);
  }

  clear(): void {
    this.live.clear();
    this.running = 0;
  }
}
