// One task running on this instance: the handler's side of it. It keeps the lease alive, turns the
// handler's questions into input requests on the stored task and waits for their answers (from a
// tasks/update on any instance), and aborts the handler when the task is cancelled or expires.
import { Cancellation } from '../engine/cancellation.js';
import type { JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { TaskChange, TaskStore } from './task-store.js';
import { isTerminal, type StoredTask, type TaskError, type TaskInputRequest } from './task-types.js';

/**
 * Why a task's handler was aborted (its `ctx.signal.reason`). A protocol error, so frameworks pass it
 * through instead of logging a failure: the task's status already says what happened.
 */
export class TaskAbortedError extends McpError {
  constructor(
    readonly taskId: string,
    readonly why: 'cancelled' | 'expired' | 'ended',
  ) {
    super(ErrorCode.InternalError, `Task ${taskId} ${why === 'ended' ? 'ended' : `was ${why}`}`, { taskId });
    this.name = 'TaskAbortedError';
  }
}

/** What a run needs of its manager. */
export interface TaskRunHost {
  readonly store: TaskStore;
  readonly leaseMs: number;
  now(): number;
  /** Called on every observable change this run makes or sees (legacy status notifications). */
  changed?(task: StoredTask): void;
  /** Called once the run has settled. */
  finished(taskId: string): void;
}

/** The error a failed task records for something that is not an McpError: masked, as for any request. */
export function taskErrorOf(error: unknown): TaskError {
  if (error instanceof McpError) return error.toErrorObject() as TaskError;
  return { code: ErrorCode.InternalError, message: 'Internal error' };
}

/**
 * The running side of one task. Created by the manager once the task is durably stored; the
 * handler reaches it through its context (questions, cancellation), the manager through
 * {@link observe} (answers and cancellation seen in the store).
 */
export class TaskRun {
  /** Aborts when the task is cancelled, expires, or its record disappears. */
  readonly cancellation = new Cancellation();
  private readonly waiters = new Map<string, { resolve: (answer: JsonObject) => void; reject: (e: unknown) => void }>();
  private next = 0;
  private heartbeat?: ReturnType<typeof setInterval>;
  private settled = false;

  constructor(
    private readonly host: TaskRunHost,
    readonly taskId: string,
  ) {
    this.heartbeat = setInterval(() => void this.renew(), Math.max(1, Math.floor(host.leaseMs / 3)));
    (this.heartbeat as { unref?: () => void }).unref?.();
  }

  /** True once the handler should stop. */
  get aborted(): boolean {
    return this.cancellation.aborted;
  }

  /**
   * Asks the client something on behalf of the task: the task goes `input_required` with the
   * request under a key unique to this task, and this resolves with the answer a `tasks/update`
   * (or, for 2025-11-25, the reply on a `tasks/result` stream) brings, whichever instance gets it.
   */
  async ask(request: TaskInputRequest, key = `input-${++this.next}`): Promise<JsonObject> {
    if (this.aborted) throw this.cancellation.signal.reason;
    const answer = new Promise<JsonObject>((resolve, reject) => this.waiters.set(key, { resolve, reject }));
    answer.catch(() => undefined); // rejected on abort; the awaiting handler sees it
    const outcome = await this.change({ addInputRequests: { [key]: request } });
    if (!outcome) {
      this.waiters.delete(key);
      throw this.cancellation.aborted ? this.cancellation.signal.reason : new TaskAbortedError(this.taskId, 'ended');
    }
    return answer;
  }

  /** Changes the status message clients see. */
  async status(message: string | undefined): Promise<void> {
    await this.change({ statusMessage: message ?? null });
  }

  /** Records the handler's result (`completed`); nothing changes if the task is already terminal. */
  async complete(result: JsonObject): Promise<void> {
    await this.settle({ status: 'completed', result });
  }

  /** Records the handler's failure (`failed` with the JSON-RPC error). */
  async fail(error: unknown): Promise<void> {
    if (this.aborted && error === this.cancellation.signal.reason) return this.settle(undefined);
    await this.settle({ status: 'failed', error: taskErrorOf(error), statusMessage: errorMessage(error) });
  }

  /** Takes what the store says now: answers for waiting questions, or the end of the task. */
  observe(task: StoredTask | undefined): void {
    if (task === undefined) {
      this.abort(new TaskAbortedError(this.taskId, 'expired'));
      return;
    }
    for (const [key, waiter] of this.waiters) {
      if (key in task.inputResponses) {
        this.waiters.delete(key);
        waiter.resolve(task.inputResponses[key] as JsonObject);
      }
    }
    if (isTerminal(task.status))
      this.abort(new TaskAbortedError(this.taskId, task.status === 'cancelled' ? 'cancelled' : 'ended'));
  }

  /** Stops the handler (its signal aborts, pending questions reject) and the heartbeat. */
  abort(reason: unknown): void {
    this.stop();
    this.cancellation.abort(reason);
    for (const waiter of this.waiters.values()) waiter.reject(reason);
    this.waiters.clear();
  }

  private async settle(change: TaskChange | undefined): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    this.stop();
    try {
      if (change) await this.change(change);
    } finally {
      this.host.finished(this.taskId);
    }
  }

  private stop(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private async change(change: TaskChange): Promise<StoredTask | undefined> {
    const outcome = await this.host.store.update(this.taskId, change);
    if (outcome.applied && outcome.task) this.host.changed?.(outcome.task);
    this.observe(outcome.task);
    return outcome.applied ? outcome.task : undefined;
  }

  private async renew(): Promise<void> {
    try {
      const outcome = await this.host.store.update(this.taskId, { leaseUntil: this.host.now() + this.host.leaseMs });
      // The renewal doubles as the poll of a store without change events.
      this.observe(outcome.task);
    } catch {
      // A store outage: the next beat tries again; past the lease, readers will fail the task.
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof McpError ? error.message : 'The request failed with an internal error';
}
