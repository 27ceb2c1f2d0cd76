// The tasks of one Durable Object, in its transactional storage: the same operations and the same
// meaning of an update (applyTaskChange) as the in-memory and Redis stores. Keys:
//   task:<id>                          the StoredTask
//   scope:<scope>:<newest first>:<id>  the id, for listing a scope newest first
//   expiry:<expires at>:<id>           the task's scope, for removing expired tasks in order
import { ErrorCode, McpError } from '@decorum/protocol';
import {
  applyTaskChange,
  expiresAt,
  isExpired,
  type StoredTask,
  type TaskChange,
  type TaskCondition,
  type TaskPage,
  type TaskUpdate,
} from '@decorum/protocol/tasks';
import type { DurableObjectStorageLike } from './durable-object-types.js';

/** Storage reads and deletes take at most 128 keys at once. */
const BATCH = 128;
const WIDTH = 16;
const LATEST = 10 ** WIDTH - 1;

const pad = (n: number) => String(Math.max(0, Math.min(LATEST, Math.floor(n)))).padStart(WIDTH, '0');
const taskKey = (id: string) => `task:${id}`;
const scopePrefix = (scope: string) => `scope:${encodeURIComponent(scope)}:`;
// Newest first with ties by id, as the in-memory store lists them.
const scopeKey = (task: StoredTask) =>
  `${scopePrefix(task.listScope ?? '')}${pad(LATEST - task.createdAt)}:${task.taskId}`;
const expiryKey = (task: StoredTask) => `expiry:${pad(expiresAt(task))}:${task.taskId}`;
const sizeOf = (task: StoredTask) => new TextEncoder().encode(JSON.stringify(task)).length;

/**
 * The default largest task (its JSON, result included): SQLite-backed Durable Objects store at most
 * 2 MB per key and value, and the store keeps a task under one key.
 */
export const DEFAULT_MAX_TASK_BYTES = 2_000_000 - 4_096;

/** The task operations run inside the object. One at a time: the object serialises them. */
export class TaskObjectStorage {
  constructor(
    private readonly storage: DurableObjectStorageLike,
    private readonly now: () => number = Date.now,
    private readonly maxTaskBytes = DEFAULT_MAX_TASK_BYTES,
  ) {}

  async create(task: StoredTask): Promise<void> {
    await this.purge();
    if ((await this.storage.get(taskKey(task.taskId))) !== undefined) {
      throw new RangeError(`task "${task.taskId}" exists already`);
    }
    this.fits(task);
    const entries: Record<string, unknown> = {
      [taskKey(task.taskId)]: task,
      [expiryKey(task)]: task.listScope ?? null,
    };
    if (task.listScope !== undefined) entries[scopeKey(task)] = task.taskId;
    await this.storage.put(entries);
    const alarm = await this.storage.getAlarm();
    if (alarm === null || alarm > expiresAt(task)) await this.storage.setAlarm(expiresAt(task));
  }

  async get(taskId: string): Promise<StoredTask | undefined> {
    const task = await this.storage.get<StoredTask>(taskKey(taskId));
    return task === undefined || isExpired(task, this.now()) ? undefined : task;
  }

  async update(taskId: string, change: TaskChange, condition?: TaskCondition): Promise<TaskUpdate> {
    const task = await this.get(taskId);
    if (task === undefined) return { applied: false, accepted: [] };
    const outcome = applyTaskChange(task, change, this.now(), condition);
    if (outcome === undefined) return { task, applied: false, accepted: [] };
    let next = outcome.task;
    if (sizeOf(next) > this.maxTaskBytes) {
      // A result too large to keep fails the task, saying why, instead of leaving it running until its lease.
      if (change.result === undefined) this.fits(next);
      const failed = applyTaskChange(task, this.tooLarge(sizeOf(next)), this.now(), condition);
      if (failed === undefined) return { task, applied: false, accepted: [] };
      next = failed.task;
    }
    await this.storage.put({ [taskKey(taskId)]: next });
    return { task: next, applied: true, accepted: outcome.accepted };
  }

  async list(scope: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const prefix = scopePrefix(scope);
    let after: string | undefined;
    if (cursor !== undefined) {
      const from = await this.get(cursor);
      if (from === undefined || from.listScope !== scope) throw new RangeError('unknown cursor');
      after = scopeKey(from);
    }
    const tasks: StoredTask[] = [];
    let more = false;
    while (!more) {
      const keys = await this.storage.list<string>({ prefix, limit: BATCH, ...(after && { startAfter: after }) });
      const found = await this.storage.get<StoredTask>([...keys.values()].map(taskKey));
      for (const [key, id] of keys) {
        const task = found.get(taskKey(id));
        if (task === undefined || isExpired(task, this.now())) continue;
        if (tasks.length === limit) {
          more = true;
          break;
        }
        tasks.push(task);
        after = key;
      }
      if (keys.size < BATCH) break;
      if (!more) after = [...keys.keys()][keys.size - 1];
    }
    const last = tasks[tasks.length - 1];
    return { tasks, ...(more && last ? { nextCursor: last.taskId } : {}) };
  }

  /** Removes the tasks whose TTL ran out (the object's alarm, and before each create); sets the next alarm. */
  async purge(): Promise<void> {
    const now = this.now();
    for (;;) {
      const expired = await this.storage.list<string | null>({
        prefix: 'expiry:',
        end: `expiry:${pad(now)};`,
        limit: BATCH,
      });
      if (expired.size === 0) break;
      const ids = [...expired.keys()].map((key) => key.slice(`expiry:${pad(0)}:`.length));
      const tasks = await this.storage.get<StoredTask>(ids.map(taskKey));
      const keys: string[] = [];
      for (const [key, scope] of expired) {
        const id = key.slice(`expiry:${pad(0)}:`.length);
        const task = tasks.get(taskKey(id));
        keys.push(key, taskKey(id));
        if (task !== undefined && scope !== null) keys.push(scopeKey(task));
      }
      await this.storage.delete(keys);
      if (expired.size < BATCH) break;
    }
    const [next] = (await this.storage.list<string | null>({ prefix: 'expiry:', limit: 1 })).keys();
    if (next !== undefined) await this.storage.setAlarm(Number(next.slice('expiry:'.length, 'expiry:'.length + WIDTH)));
  }

  private fits(task: StoredTask): void {
    const size = sizeOf(task);
    if (size > this.maxTaskBytes) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `The task is too large for its Durable Object (${size} bytes of JSON; at most ${this.maxTaskBytes})`,
        { maxBytes: this.maxTaskBytes },
      );
    }
  }

  private tooLarge(size: number): TaskChange {
    const message = `The task's result is too large to keep (${size} bytes of JSON; the Durable Object task store keeps at most ${this.maxTaskBytes})`;
    return { status: 'failed', error: { code: ErrorCode.InternalError, message }, statusMessage: message };
  }
}
