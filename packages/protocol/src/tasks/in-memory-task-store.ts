import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import {
  applyTaskChange,
  isExpired,
  type TaskChange,
  type TaskCondition,
  type TaskPage,
  type TaskStore,
  type TaskUpdate,
} from './task-store.js';
import { isTerminal, type StoredTask } from './task-types.js';

/** Options of {@link InMemoryTaskStore}. */
export interface InMemoryTaskStoreOptions {
  /** The clock, in ms since the epoch (tests pass a fake one). Default `Date.now`. */
  now?: () => number;
  /**
   * How much the stored tasks may take, in bytes of their JSON (results and questions included).
   * A new task first makes room by dropping the oldest finished tasks; when running ones fill it,
   * creating a task fails with a clear error. Default 64 MiB.
   */
  maxBytes?: number;
}

/** The default {@link InMemoryTaskStoreOptions.maxBytes}: 64 MiB. */
export const DEFAULT_TASK_STORE_BYTES = 64 * 1024 * 1024;

const sizeOf = (task: StoredTask) => JSON.stringify(task).length;

const copy = (task: StoredTask): StoredTask => structuredClone(task);

/**
 * The default {@link TaskStore}: tasks of one process, in a Map. Expired tasks are dropped when
 * next touched and on every create, so no timer runs. Hands out copies: a caller changing a task
 * it read changes nothing here.
 * @example
 * const tasks = new InMemoryTaskStore();
 */
export class InMemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, StoredTask>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private readonly listeners = new Set<(taskId: string) => void>();
  private readonly now: () => number;
  private readonly maxBytes: number;

  constructor(options: InMemoryTaskStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxBytes = options.maxBytes ?? DEFAULT_TASK_STORE_BYTES;
  }

  /** The bytes the stored tasks take now (JSON), at most `maxBytes` but for the results of running tasks. */
  get size(): number {
    return this.bytes;
  }

  async create(task: StoredTask): Promise<void> {
    const now = this.now();
    for (const [id, stored] of this.tasks) if (isExpired(stored, now)) this.drop(id);
    if (this.tasks.has(task.taskId)) throw new RangeError(`task "${task.taskId}" exists already`);
    const size = sizeOf(task);
    this.makeRoom(size);
    if (this.bytes + size > this.maxBytes) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Too many tasks: the server's task store is full (${this.maxBytes} bytes of running tasks, tasks.store maxBytes); try again once some have finished`,
        { maxBytes: this.maxBytes },
      );
    }
    this.keep(copy(task), size);
  }

  async get(taskId: string): Promise<StoredTask | undefined> {
    const task = this.live(taskId);
    return task === undefined ? undefined : copy(task);
  }

  async update(taskId: string, change: TaskChange, condition?: TaskCondition): Promise<TaskUpdate> {
    const task = this.live(taskId);
    if (task === undefined) return { applied: false, accepted: [] };
    const outcome = applyTaskChange(task, change, this.now(), condition);
    if (outcome === undefined) return { task: copy(task), applied: false, accepted: [] };
    this.keep(outcome.task, outcome.observable ? sizeOf(outcome.task) : (this.sizes.get(taskId) ?? 0));
    // A result may not fit: finished tasks make room for it (a running task always reaches its end).
    if (this.bytes > this.maxBytes) this.makeRoom(0, taskId);
    if (outcome.observable) for (const listener of this.listeners) listener(taskId);
    return { task: copy(outcome.task), applied: true, accepted: outcome.accepted };
  }

  async list(scope: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const now = this.now();
    const mine = [...this.tasks.values()]
      .filter((task) => task.listScope === scope && !isExpired(task, now))
      .sort((a, b) => b.createdAt - a.createdAt || (a.taskId < b.taskId ? -1 : 1));
    const start = cursor === undefined ? 0 : mine.findIndex((task) => task.taskId === cursor) + 1;
    if (cursor !== undefined && start === 0) throw new RangeError('unknown cursor');
    const page = mine.slice(start, start + limit);
    const last = page[page.length - 1];
    return {
      tasks: page.map(copy),
      ...(start + limit < mine.length && last ? { nextCursor: last.taskId } : {}),
    };
  }

  subscribe(listener: (taskId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private live(taskId: string): StoredTask | undefined {
    const task = this.tasks.get(taskId);
    if (task !== undefined && isExpired(task, this.now())) {
      this.drop(taskId);
      return undefined;
    }
    return task;
  }

  private keep(task: StoredTask, size: number): void {
    this.bytes += size - (this.sizes.get(task.taskId) ?? 0);
    this.sizes.set(task.taskId, size);
    this.tasks.set(task.taskId, task);
  }

  private drop(taskId: string): void {
    this.bytes -= this.sizes.get(taskId) ?? 0;
    this.sizes.delete(taskId);
    this.tasks.delete(taskId);
  }

  /** Drops the oldest finished tasks (the spec lets a server purge them) until `size` more bytes fit. */
  private makeRoom(size: number, keep?: string): void {
    if (this.bytes + size <= this.maxBytes) return;
    // A Map iterates in insertion order: oldest first.
    for (const [id, stored] of this.tasks) {
      if (this.bytes + size <= this.maxBytes) return;
      if (id !== keep && isTerminal(stored.status)) this.drop(id);
    }
  }
}
