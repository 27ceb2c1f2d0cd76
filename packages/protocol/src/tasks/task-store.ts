// The TaskStore seam: where tasks live. One change function (applyTaskChange) defines what an
// update means, so the in-memory store and any shared one (Redis) agree by construction: a shared
// store only has to run it atomically (compare-and-set on a version).
import type { JsonObject } from '../engine/types.js';
import {
  expiresAt,
  isTerminal,
  type StoredTask,
  type TaskError,
  type TaskInputRequest,
  type TaskStatus,
} from './task-types.js';

/** A change to a task. Every field is optional; what is absent stays as it was. */
export interface TaskChange {
  status?: TaskStatus;
  /** A new status message; `null` removes it. */
  statusMessage?: string | null;
  result?: JsonObject;
  error?: TaskError;
  pollIntervalMs?: number;
  /** Heartbeat: the owner is alive until then (not an observable change: lastUpdatedAt stays). */
  leaseUntil?: number;
  /** New outstanding input requests (the task becomes input_required). */
  addInputRequests?: Record<string, TaskInputRequest>;
  /** Answers from the client: only keys outstanding now are taken, the rest is ignored. */
  inputResponses?: Record<string, unknown>;
}

/** A precondition of {@link TaskStore.update}. */
export interface TaskCondition {
  /** Apply only if the owner's lease ran out before this time (ms since the epoch). */
  leaseBefore?: number;
}

/** What an update did: the task afterwards (undefined: not found or expired) and whether it changed. */
export interface TaskUpdate {
  task?: StoredTask;
  applied: boolean;
  /** The input keys this update accepted as answers. */
  accepted: string[];
}

/** One page of a principal's tasks, newest first. */
export interface TaskPage {
  tasks: StoredTask[];
  nextCursor?: string;
}

/**
 * Where tasks are kept. The in-memory default serves one process; a shared implementation
 * (`RedisTaskStore` in @decorum/redis) lets any instance poll, update or cancel a task created on
 * another. A store never returns a task past its TTL. `create` resolves only once a `get` for the
 * id would find it (the extension forbids answering a CreateTaskResult before that).
 * @example
 * const store: TaskStore = new InMemoryTaskStore();
 */
export interface TaskStore {
  create(task: StoredTask): Promise<void>;
  get(taskId: string): Promise<StoredTask | undefined>;
  /** Applies {@link applyTaskChange} atomically. */
  update(taskId: string, change: TaskChange, condition?: TaskCondition): Promise<TaskUpdate>;
  /** The tasks of one list scope, newest first; `cursor` is opaque (from a previous page). */
  list(scope: string, cursor: string | undefined, limit: number): Promise<TaskPage>;
  /**
   * Calls `listener` with the id of each task that changed observably, on whichever instance
   * (optional: without it, runners notice answers and cancellation at their next heartbeat).
   * Returns the unsubscribe function.
   */
  subscribe?(listener: (taskId: string) => void): () => void;
  /** Releases connections and timers. */
  close?(): Promise<void>;
}

/**
 * The meaning of an update, as a pure function of the task, the change and the time. Terminal tasks
 * never change; a status a task cannot move to is refused; answers are taken only for outstanding
 * keys, and a task with no outstanding input left goes back to working. Returns undefined when
 * nothing applies (the caller keeps the task as it was), else the new task and the accepted keys.
 */
export function applyTaskChange(
  task: StoredTask,
  change: TaskChange,
  now: number,
  condition: TaskCondition = {},
): { task: StoredTask; accepted: string[]; observable: boolean } | undefined {
  if (isTerminal(task.status)) return undefined;
  if (
    condition.leaseBefore !== undefined &&
    !(task.leaseUntil !== undefined && task.leaseUntil < condition.leaseBefore)
  )
    return undefined;
  const next: StoredTask = {
    ...task,
    inputRequests: { ...task.inputRequests },
    inputResponses: { ...task.inputResponses },
    issuedKeys: [...task.issuedKeys],
  };
  let observable = false;
  const accepted: string[] = [];
  if (change.leaseUntil !== undefined) next.leaseUntil = change.leaseUntil;
  if (change.pollIntervalMs !== undefined && change.pollIntervalMs !== task.pollIntervalMs) {
    next.pollIntervalMs = change.pollIntervalMs;
    observable = true;
  }
  if (change.statusMessage !== undefined) {
    if (change.statusMessage === null) delete next.statusMessage;
    else next.statusMessage = change.statusMessage;
    observable = true;
  }
  for (const [key, request] of Object.entries(change.addInputRequests ?? {})) {
    if (next.issuedKeys.includes(key)) throw new RangeError(`input key "${key}" was already used by this task`);
    next.issuedKeys.push(key);
    next.inputRequests[key] = request;
    observable = true;
  }
  for (const [key, answer] of Object.entries(change.inputResponses ?? {})) {
    if (!(key in next.inputRequests)) continue; // unknown, answered or superseded: ignored, as the extension says
    delete next.inputRequests[key];
    next.inputResponses[key] = answer;
    accepted.push(key);
    observable = true;
  }
  const pending = Object.keys(next.inputRequests).length > 0;
  if (change.status !== undefined && isTerminal(change.status)) {
    next.status = change.status;
    next.inputRequests = {};
    if (change.result !== undefined) next.result = change.result;
    if (change.error !== undefined) next.error = change.error;
    observable = true;
  } else {
    const status: TaskStatus = pending ? 'input_required' : 'working';
    if (status !== next.status) observable = true;
    next.status = status;
  }
  if (observable) next.lastUpdatedAt = Math.max(now, task.lastUpdatedAt);
  return { task: next, accepted, observable };
}

/** True once a task's TTL has run out. */
export function isExpired(task: Pick<StoredTask, 'createdAt' | 'ttlMs'>, now: number): boolean {
  return now >= expiresAt(task);
}
