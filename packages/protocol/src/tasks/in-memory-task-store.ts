import {
  applyTaskChange,
  isExpired,
  type TaskChange,
  type TaskCondition,
  type TaskPage,
  type TaskStore,
  type TaskUpdate,
} from './task-store.js';
import type { StoredTask } from './task-types.js';

/** Options of {@link InMemoryTaskStore}. */
export interface InMemoryTaskStoreOptions {
  /** The clock, in ms since the epoch (tests pass a fake one). Default `Date.now`. */
  now?: () => number;
}

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
  private readonly listeners = new Set<(taskId: string) => void>();
  private readonly now: () => number;

  constructor(options: InMemoryTaskStoreOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  async create(task: StoredTask): Promise<void> {
    const now = this.now();
    for (const [id, stored] of this.tasks) if (isExpired(stored, now)) this.tasks.delete(id);
    if (this.tasks.has(task.taskId)) throw new RangeError(`task "${task.taskId}" exists already`);
    this.tasks.set(task.taskId, copy(task));
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
    this.tasks.set(taskId, outcome.task);
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
      this.tasks.delete(taskId);
      return undefined;
    }
    return task;
  }
}
