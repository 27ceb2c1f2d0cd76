import {
  applyTaskChange,
  expiresAt,
  isExpired,
  type StoredTask,
  type TaskChange,
  type TaskCondition,
  type TaskPage,
  type TaskStore,
  type TaskUpdate,
} from '@decorum/protocol/tasks';
import type { RedisConnection } from './redis-connection.js';

/** Options of {@link RedisTaskStore}. */
export interface RedisTaskStoreOptions {
  /** Prefix of every key and of the change channel. Default `decorum:`. */
  keyPrefix?: string;
  /** The clock, in ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /** Attempts of one update against concurrent writers before it gives up. Default 20. */
  maxAttempts?: number;
}

// Creates a task once: the document, its version and its expiry, and its place in its list scope.
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'doc', ARGV[1], 'v', '1')
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
if KEYS[2] then
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4])
  local ttl = redis.call('PTTL', KEYS[2])
  local left = tonumber(ARGV[2]) - tonumber(ARGV[5])
  if ttl < left then redis.call('PEXPIRE', KEYS[2], left) end
end
return 1`;

// Compare-and-set on the version: the change itself is computed by applyTaskChange, the same
// function the in-memory store runs, so both stores mean the same by an update.
const SWAP = `
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'v', tostring(tonumber(ARGV[1]) + 1))
return 1`;

/**
 * The {@link TaskStore} of several instances: a task created on one can be polled, updated and
 * cancelled on any other. Each task is a hash at `<prefix>task:<id>` (the JSON document and a
 * version for compare-and-set) that Redis expires at the end of the task's TTL; a list scope's
 * tasks are a sorted set at `<prefix>tasks-of:<scope>`; observable changes are published on
 * `<prefix>tasks` so a running task hears of answers and cancellation at once.
 * @example
 * const redis = new RedisConnection({ url: 'redis://127.0.0.1:6379' });
 * const tasks = new TaskManager({ store: new RedisTaskStore(redis) });
 */
export class RedisTaskStore implements TaskStore {
  private readonly prefix: string;
  private readonly channel: string;
  private readonly now: () => number;
  private readonly maxAttempts: number;
  private readonly listeners = new Set<(taskId: string) => void>();
  private subscribed?: Promise<void>;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisTaskStoreOptions = {},
  ) {
    this.prefix = options.keyPrefix ?? 'decorum:';
    this.channel = `${this.prefix}tasks`;
    this.now = options.now ?? Date.now;
    this.maxAttempts = options.maxAttempts ?? 20;
  }

  private key(taskId: string): string {
    return `${this.prefix}task:${taskId}`;
  }

  private scopeKey(scope: string): string {
    return `${this.prefix}tasks-of:${scope}`;
  }

  async create(task: StoredTask): Promise<void> {
    const keys = [this.key(task.taskId)];
    if (task.listScope !== undefined) keys.push(this.scopeKey(task.listScope));
    const args = [
      JSON.stringify(task),
      String(expiresAt(task)),
      String(task.createdAt),
      task.taskId,
      String(this.now()),
    ];
    // The reply comes after Redis applied it: a get from any instance finds the task from now on.
    const created = await this.redis.run('create task', (client) => client.eval(CREATE, { keys, arguments: args }));
    if (created !== 1) throw new RangeError(`task "${task.taskId}" exists already`);
  }

  async get(taskId: string): Promise<StoredTask | undefined> {
    return (await this.read(taskId))?.task;
  }

  async update(taskId: string, change: TaskChange, condition?: TaskCondition): Promise<TaskUpdate> {
    for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
      const current = await this.read(taskId);
      if (current === undefined) return { applied: false, accepted: [] };
      const outcome = applyTaskChange(current.task, change, this.now(), condition);
      if (outcome === undefined) return { task: current.task, applied: false, accepted: [] };
      const swapped = await this.redis.run('update task', (client) =>
        client.eval(SWAP, { keys: [this.key(taskId)], arguments: [current.version, JSON.stringify(outcome.task)] }),
      );
      if (swapped !== 1) continue; // another instance changed it in between: apply the change to the new state
      if (outcome.observable) {
        await this.redis.run('publish task change', (client) => client.publish(this.channel, taskId));
      }
      return { task: outcome.task, applied: true, accepted: outcome.accepted };
    }
    throw new Error(`task ${taskId}: too many concurrent updates`);
  }

  async list(scope: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const key = this.scopeKey(scope);
    const ids = await this.redis.run('list tasks', (client) =>
      client.zRange(key, '+inf', '-inf', { BY: 'SCORE', REV: true }),
    );
    const tasks: StoredTask[] = [];
    const gone: string[] = [];
    for (const id of ids) {
      const task = await this.get(id);
      if (task === undefined) gone.push(id);
      else tasks.push(task);
    }
    if (gone.length > 0) await this.redis.run('prune task list', (client) => client.zRem(key, gone));
    tasks.sort((a, b) => b.createdAt - a.createdAt || (a.taskId < b.taskId ? -1 : 1));
    const start = cursor === undefined ? 0 : tasks.findIndex((task) => task.taskId === cursor) + 1;
    if (cursor !== undefined && start === 0) throw new RangeError('unknown cursor');
    const page = tasks.slice(start, start + limit);
    const last = page[page.length - 1];
    return { tasks: page, ...(start + limit < tasks.length && last ? { nextCursor: last.taskId } : {}) };
  }

  subscribe(listener: (taskId: string) => void): () => void {
    this.listeners.add(listener);
    // One subscription per store, made when Redis is first reachable (the client resubscribes after reconnections).
    this.subscribed ??= this.redis.subscribe(this.channel, (taskId) => {
      for (const each of this.listeners) each(taskId);
    });
    return () => this.listeners.delete(listener);
  }

  private async read(taskId: string): Promise<{ task: StoredTask; version: string } | undefined> {
    const [doc, version] = await this.redis.run('load task', (client) => client.hmGet(this.key(taskId), ['doc', 'v']));
    if (doc === null || doc === undefined || version === null || version === undefined) return undefined;
    const task = JSON.parse(doc) as StoredTask;
    // Redis expires the key at the same instant; a clock a little ahead must not see it either.
    return isExpired(task, this.now()) ? undefined : { task, version };
  }
}
