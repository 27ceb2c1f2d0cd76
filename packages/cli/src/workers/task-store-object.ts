// The Durable Object that holds an app's tasks on Cloudflare Workers. The user's Worker exports it
// (`export { TaskStoreObject } from '@decorum/cli/workers'`) and binds it (wrangler.toml); every
// isolate's DurableObjectTaskStore talks to the one object, so a task created by one request is seen,
// updated and cancelled by any other. Its storage is transactional and survives the object's eviction.
import type { DurableObjectStateLike } from './durable-object-types.js';
import { TaskObjectStorage } from './task-object-storage.js';
import { errorToWire, TASK_STORE_OPERATIONS, type TaskStoreOperation, type WireAnswer } from './task-store-wire.js';

/** The largest request the object reads: a task with its result, and room for the envelope. */
const MAX_REQUEST_BYTES = 4_000_000;

const answer = (body: WireAnswer, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The Durable Object class behind {@link DurableObjectTaskStore}. Export it from the Worker's main
 * module under the class name the binding's migration declares.
 * @example
 * // src/worker.ts
 * export { TaskStoreObject } from '@decorum/cli/workers';
 * // wrangler.toml
 * // [[durable_objects.bindings]]  name = "TASKS"  class_name = "TaskStoreObject"
 * // [[migrations]]  tag = "v1"  new_sqlite_classes = ["TaskStoreObject"]
 */
export class TaskStoreObject {
  private readonly tasks: TaskObjectStorage;
  // One operation at a time: each reads and then writes a task, which must not interleave with another.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(state: DurableObjectStateLike, _env?: unknown) {
    this.tasks = new TaskObjectStorage(state.storage);
  }

  /** Serves one operation of the store: `POST /<operation>` with its arguments as a JSON array. */
  async fetch(request: Request): Promise<Response> {
    const operation = new URL(request.url).pathname.slice(1) as TaskStoreOperation;
    if (request.method !== 'POST' || !TASK_STORE_OPERATIONS.includes(operation)) {
      return answer({ error: { kind: 'other', message: 'not a task store operation' } }, 404);
    }
    const text = await request.text();
    let args: unknown;
    try {
      if (text.length > MAX_REQUEST_BYTES) throw new Error('too large');
      args = JSON.parse(text);
    } catch {
      return answer({ error: { kind: 'other', message: 'the operation is not a bounded JSON array' } }, 400);
    }
    if (!Array.isArray(args))
      return answer({ error: { kind: 'other', message: 'the arguments must be an array' } }, 400);
    const result = this.queue.then(() => this.run(operation, args as unknown[]));
    this.queue = result.catch(() => undefined);
    try {
      return answer({ value: await result });
    } catch (error) {
      return answer({ error: errorToWire(error) });
    }
  }

  /** Removes the tasks whose TTL ran out, then waits for the next one to. */
  alarm(): Promise<void> {
    const result = this.queue.then(() => this.tasks.purge());
    this.queue = result.catch(() => undefined);
    return result;
  }

  private run(operation: TaskStoreOperation, [first, second, third]: unknown[]): Promise<unknown> {
    const id = () => {
      if (typeof first !== 'string' || first.length === 0 || first.length > 200) throw new RangeError('bad task id');
      return first;
    };
    switch (operation) {
      case 'create':
        if (!isObject(first) || typeof first.taskId !== 'string') throw new RangeError('bad task');
        return this.tasks.create(first as never);
      case 'get':
        return this.tasks.get(id());
      case 'update':
        if (!isObject(second) || (third !== undefined && third !== null && !isObject(third))) {
          throw new RangeError('bad change');
        }
        return this.tasks.update(id(), second, (third ?? undefined) as never);
      case 'list':
        if (typeof first !== 'string' || (second !== null && typeof second !== 'string') || typeof third !== 'number') {
          throw new RangeError('bad list');
        }
        return this.tasks.list(first, second ?? undefined, Math.max(1, Math.min(1_000, Math.floor(third))));
    }
  }
}
