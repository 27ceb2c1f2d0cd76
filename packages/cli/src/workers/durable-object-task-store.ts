// The TaskStore of an app on Cloudflare Workers: each operation is one request to the app's
// TaskStoreObject (a Durable Object), which runs it on its transactional storage. Any isolate, on any
// machine, reaches the same object by name, so tasks are shared as with the Redis store.
import type { StoredTask, TaskChange, TaskCondition, TaskPage, TaskStore, TaskUpdate } from '@decorum/protocol/tasks';
import type { DurableObjectNamespaceLike } from './durable-object-types.js';
import { errorFromWire, type TaskStoreOperation, type WireAnswer } from './task-store-wire.js';

/** Options of {@link DurableObjectTaskStore}. */
export interface DurableObjectTaskStoreOptions {
  /**
   * The name of the object that holds the tasks (`idFromName`). Apps that share one binding keep
   * their tasks apart by name. Default `decorum-tasks`.
   */
  name?: string;
}

/**
 * A {@link TaskStore} in a Durable Object, for apps on Cloudflare Workers: pass the namespace binding
 * of the exported {@link TaskStoreObject}. It has no change events: a running task sees answers and
 * cancellation from other isolates at its next heartbeat (`tasks.leaseMs` / 3).
 * @example
 * export { TaskStoreObject } from '@decorum/cli/workers';
 * export const createApp = (env: { TASKS: DurableObjectNamespace }) =>
 *   new McpApp({ name: 'jobs', version: '1.0.0', providers, tasks: { store: new DurableObjectTaskStore(env.TASKS) } });
 */
export class DurableObjectTaskStore implements TaskStore {
  private readonly name: string;

  constructor(
    private readonly namespace: DurableObjectNamespaceLike,
    options: DurableObjectTaskStoreOptions = {},
  ) {
    if (typeof namespace?.idFromName !== 'function') {
      throw new TypeError(
        'DurableObjectTaskStore needs a Durable Object namespace binding (e.g. env.TASKS, declared in wrangler.toml for the exported TaskStoreObject)',
      );
    }
    this.name = options.name ?? 'decorum-tasks';
  }

  async create(task: StoredTask): Promise<void> {
    await this.call('create', [task]);
  }

  async get(taskId: string): Promise<StoredTask | undefined> {
    return ((await this.call('get', [taskId])) as StoredTask | null) ?? undefined;
  }

  async update(taskId: string, change: TaskChange, condition?: TaskCondition): Promise<TaskUpdate> {
    return (await this.call('update', [taskId, change, condition ?? null])) as TaskUpdate;
  }

  async list(scope: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    return (await this.call('list', [scope, cursor ?? null, limit])) as TaskPage;
  }

  private async call(operation: TaskStoreOperation, args: unknown[]): Promise<unknown> {
    // A stub per call: a stub belongs to the request that made it, and a task outlives its request.
    const stub = this.namespace.get(this.namespace.idFromName(this.name));
    const response = await stub.fetch(`https://task-store.invalid/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = (await response.json().catch(() => undefined)) as WireAnswer | undefined;
    if (body === undefined || typeof body !== 'object' || body === null) {
      throw new Error(`The Durable Object task store answered ${operation} with HTTP ${response.status}, not its JSON`);
    }
    if ('error' in body) throw errorFromWire(body.error);
    return body.value ?? null;
  }
}
