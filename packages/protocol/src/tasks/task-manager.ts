// The tasks of one server: creates them (durably, before any CreateTaskResult), runs their
// handlers in the background, and answers what the task methods ask — always for a caller, so a
// task is only ever visible to the principal that created it.

import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { InMemoryTaskStore } from './in-memory-task-store.js';
import { requestorOf, TaskCapacity } from './task-capacity.js';
import { TaskAbortedError, TaskRun } from './task-run.js';
import type { TaskChange, TaskPage, TaskStore } from './task-store.js';
import { isTerminal, type StoredTask } from './task-types.js';

/** How a server keeps and times its tasks. */
export interface TaskOptions {
  /** Where tasks live. Default: an {@link InMemoryTaskStore} (one process). */
  store?: TaskStore;
  /** Lifetime of a task when the client asks for none, in ms. Default 1 hour. */
  defaultTtlMs?: number;
  /** Longest lifetime a client may ask for (2025-11-25 `task.ttl`), in ms. Default 24 hours. */
  maxTtlMs?: number;
  /** Suggested interval between two polls, in ms. Default 1 000. */
  pollIntervalMs?: number;
  /**
   * How long a running task's instance counts as alive without a heartbeat, in ms (it beats every
   * third of it). A task whose instance stopped beating is reported `failed`. Default 15 000.
   */
  leaseMs?: number;
  /**
   * Most tasks one requestor may have running on this instance at once (the spec asks receivers to
   * limit concurrent tasks per requestor). A requestor is the authenticated principal; anonymous
   * callers count per session or connection, and anonymous stateless (2026-07-28 HTTP) ones
   * together. One more is refused with -32600 naming this option. Default 100.
   */
  maxLiveTasksPerRequestor?: number;
  /** Most tasks running on this instance at once, all requestors together. Default 1 000. */
  maxLiveTasks?: number;
  /**
   * Bytes (JSON) the default in-memory store may hold, results included; the oldest finished tasks
   * make room first. Ignored with your own `store`. Default 64 MiB.
   */
  maxStoredBytes?: number;
  /** This instance's name in the store (diagnostics). Default: random. */
  instanceId?: string;
  /** The clock, in ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** Who asks: the binding of every task method. */
export interface TaskCaller {
  /** The authenticated principal (subject, or client id); undefined when unauthenticated. */
  principal?: string;
  /** Where its tasks are listed (2025-11-25 tasks/list): the principal, else its connection. */
  listScope?: string;
}

/** What starting a task needs. */
export interface TaskStart {
  caller: TaskCaller;
  method: string;
  era: 'modern' | 'legacy';
  /** The lifetime the client asked for (clamped to the server's maximum). */
  requestedTtlMs?: number;
  statusMessage?: string;
  /** Told of each observable change of the task while it runs here (status notifications). */
  onChange?(task: StoredTask): void;
}

/** The 2026-07-28 and 2025-11-25 "not found" error: also what a foreign principal gets. */
export const taskNotFound = (taskId: unknown) =>
  new McpError(ErrorCode.InvalidParams, `Failed to retrieve task: Task not found`, { taskId });

/** Fails a task whose instance stopped, instead of letting it look like it still runs. */
const ORPHANED: TaskChange = {
  status: 'failed',
  error: { code: ErrorCode.InternalError, message: 'The server instance running this task stopped' },
  statusMessage: 'The server instance running this task stopped before it finished',
};

// What a reader can observe of a task: equal signatures, nothing new to see.
const signature = (task: StoredTask) =>
  `${task.status}|${task.lastUpdatedAt}|${task.statusMessage ?? ''}|${Object.keys(task.inputRequests).join(',')}`;

/**
 * Creates, runs and looks up tasks for one server. Instance state only (the runs of this process);
 * everything another instance needs is in the store.
 * @example
 * const tasks = new TaskManager({ store: new InMemoryTaskStore(), pollIntervalMs: 500 });
 */
export class TaskManager {
  readonly store: TaskStore;
  readonly leaseMs: number;
  readonly pollIntervalMs: number;
  readonly instanceId: string;
  private readonly defaultTtlMs: number;
  private readonly maxTtlMs: number;
  private readonly clock: () => number;
  private readonly capacity: TaskCapacity;
  private readonly runs = new Map<string, { run: TaskRun; requestor: string; onChange?: (task: StoredTask) => void }>();
  private unsubscribe?: () => void;
  private readonly settleWaiters = new Map<string, Array<() => void>>();

  constructor(options: TaskOptions = {}) {
    this.store = options.store ?? new InMemoryTaskStore({ now: options.now, maxBytes: options.maxStoredBytes });
    this.capacity = new TaskCapacity(options.maxLiveTasksPerRequestor ?? 100, options.maxLiveTasks ?? 1_000);
    this.defaultTtlMs = options.defaultTtlMs ?? 3_600_000;
    this.maxTtlMs = options.maxTtlMs ?? 86_400_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.instanceId = options.instanceId ?? crypto.randomUUID();
    this.clock = options.now ?? Date.now;
    this.unsubscribe = this.store.subscribe?.((taskId) => void this.refresh(taskId));
  }

  now(): number {
    return this.clock();
  }

  /** Stores a new task (resolving once `tasks/get` finds it) and returns its local run. */
  async start(spec: TaskStart): Promise<{ task: StoredTask; run: TaskRun }> {
    const requestor = requestorOf(spec.caller);
    // Counted from now, so concurrent starts cannot pass the cap while the store is written.
    this.capacity.take(requestor);
    try {
      return await this.create(spec, requestor);
    } catch (error) {
      this.capacity.release(requestor);
      throw error;
    }
  }

  private async create(spec: TaskStart, requestor: string): Promise<{ task: StoredTask; run: TaskRun }> {
    const now = this.now();
    const requested = spec.requestedTtlMs;
    const ttlMs = Math.min(
      this.maxTtlMs,
      requested !== undefined && Number.isInteger(requested) && requested > 0 ? requested : this.defaultTtlMs,
    );
    const task: StoredTask = {
      // 122 random bits: task ids are bearer tokens for unauthenticated callers, so never guessable.
      taskId: crypto.randomUUID(),
      principal: spec.caller.principal,
      listScope: spec.caller.listScope,
      method: spec.method,
      era: spec.era,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs: this.pollIntervalMs,
      inputRequests: {},
      inputResponses: {},
      issuedKeys: [],
      owner: this.instanceId,
      leaseUntil: now + this.leaseMs,
      ...(spec.statusMessage !== undefined ? { statusMessage: spec.statusMessage } : {}),
    };
    await this.store.create(task);
    const run = new TaskRun(
      {
        store: this.store,
        leaseMs: this.leaseMs,
        now: () => this.now(),
        changed: (changed) => this.runs.get(task.taskId)?.onChange?.(changed),
        finished: (taskId) => {
          if (this.runs.delete(taskId)) this.capacity.release(requestor);
          this.wake(taskId);
        },
      },
      task.taskId,
    );
    this.runs.set(task.taskId, { run, requestor, onChange: spec.onChange });
    return { task, run };
  }

  /**
   * The caller's task, or -32602 "not found" (also for another principal's task, which must not be
   * told apart from a missing one). A task whose instance stopped beating is failed first.
   */
  async get(caller: TaskCaller, taskId: unknown): Promise<StoredTask> {
    if (typeof taskId !== 'string' || taskId.length === 0) throw taskNotFound(taskId);
    let task = await this.store.get(taskId);
    if (task === undefined || task.principal !== caller.principal) throw taskNotFound(taskId);
    const now = this.now();
    if (!isTerminal(task.status) && task.leaseUntil !== undefined && task.leaseUntil < now && !this.runs.has(taskId)) {
      const outcome = await this.store.update(taskId, ORPHANED, { leaseBefore: now });
      task = outcome.task ?? task;
    }
    return task;
  }

  /** Hands answers to a task's outstanding input requests; unknown keys are ignored. */
  async answer(caller: TaskCaller, taskId: unknown, responses: Record<string, unknown>): Promise<StoredTask> {
    const task = await this.get(caller, taskId);
    const outcome = await this.store.update(task.taskId, { inputResponses: responses });
    this.observed(task.taskId, outcome.task);
    return outcome.task ?? task;
  }

  /** Cancels a task (a no-op for a terminal one); its handler is aborted wherever it runs. */
  async cancel(
    caller: TaskCaller,
    taskId: unknown,
    message = 'The task was cancelled by request',
  ): Promise<StoredTask> {
    const task = await this.get(caller, taskId);
    const outcome = await this.store.update(task.taskId, { status: 'cancelled', statusMessage: message });
    this.observed(task.taskId, outcome.task);
    return outcome.task ?? task;
  }

  /** One page of the caller's tasks (2025-11-25 tasks/list). */
  async list(caller: TaskCaller, cursor: unknown, limit = 50): Promise<TaskPage> {
    if (cursor !== undefined && typeof cursor !== 'string') {
      throw new McpError(ErrorCode.InvalidParams, 'tasks/list: "cursor" must be a string');
    }
    if (caller.listScope === undefined) return { tasks: [] };
    try {
      return await this.store.list(caller.listScope, cursor, limit);
    } catch (error) {
      if (error instanceof RangeError) throw new McpError(ErrorCode.InvalidParams, 'tasks/list: invalid cursor');
      throw error;
    }
  }

  /**
   * Resolves at the task's next observable change after `seen` (the task as the caller last read
   * it: a change in between resolves at once), or after `maxMs` (stores without change events are
   * polled), or when `signal` aborts.
   */
  waitForChange(taskId: string, maxMs: number, signal?: AbortSignal, seen?: StoredTask): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off?.();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      const off = this.store.subscribe?.((id) => {
        if (id === taskId) done();
      });
      signal?.addEventListener('abort', done, { once: true });
      if (seen !== undefined && off !== undefined) {
        this.store.get(taskId).then((now) => {
          if (now === undefined || signature(now) !== signature(seen)) done();
        }, done);
      }
    });
  }

  /** The ids of the tasks running on this instance now. */
  runningTaskIds(): string[] {
    return [...this.runs.keys()];
  }

  /**
   * Resolves once the task `taskId` no longer runs on this instance (at once if it does not). A runtime
   * that ends a request's work with its response (Cloudflare Workers) keeps the request that started a
   * task alive until then (`ctx.waitUntil`), so the handler is not cut off after its CreateTaskResult.
   */
  settled(taskId: string): Promise<void> {
    if (!this.runs.has(taskId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.settleWaiters.get(taskId);
      if (waiting) waiting.push(resolve);
      else this.settleWaiters.set(taskId, [resolve]);
    });
  }

  /** Aborts the runs of this instance and releases the store's subscription. */
  close(): void {
    this.unsubscribe?.();
    for (const { run } of this.runs.values()) run.abort(new TaskAbortedError(run.taskId, 'ended'));
    this.runs.clear();
    this.capacity.clear();
    for (const taskId of [...this.settleWaiters.keys()]) this.wake(taskId);
  }

  private wake(taskId: string): void {
    for (const resolve of this.settleWaiters.get(taskId) ?? []) resolve();
    this.settleWaiters.delete(taskId);
  }

  private observed(taskId: string, task: StoredTask | undefined): void {
    const entry = this.runs.get(taskId);
    if (entry === undefined) return;
    if (task) entry.onChange?.(task);
    entry.run.observe(task);
  }

  private async refresh(taskId: string): Promise<void> {
    const entry = this.runs.get(taskId);
    if (entry === undefined) return;
    try {
      const task = await this.store.get(taskId);
      if (task) entry.onChange?.(task);
      entry.run.observe(task);
    } catch {
      // The heartbeat polls again.
    }
  }
}
