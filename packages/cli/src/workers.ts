/**
 * @decorum/cli/workers: what an app on Cloudflare Workers (`decorum build --target workers`) needs to
 * keep tasks: the {@link TaskStoreObject} Durable Object class the Worker exports, and the
 * {@link DurableObjectTaskStore} the app's `tasks.store` talks to it through. Web APIs only (no Node
 * built-in, no workerd types): it loads in any runtime.
 * @example
 * import { DurableObjectTaskStore } from '@decorum/cli/workers';
 * export { TaskStoreObject } from '@decorum/cli/workers';
 * export const createApp = (env: { TASKS: DurableObjectNamespace }) =>
 *   new McpApp({ name: 'jobs', version: '1.0.0', providers, tasks: { store: new DurableObjectTaskStore(env.TASKS) } });
 */
export { DurableObjectTaskStore, type DurableObjectTaskStoreOptions } from './workers/durable-object-task-store.js';
export type {
  DurableObjectNamespaceLike,
  DurableObjectStateLike,
  DurableObjectStorageLike,
  DurableObjectStubLike,
  StorageListOptions,
} from './workers/durable-object-types.js';
export { DEFAULT_MAX_TASK_BYTES, TaskObjectStorage } from './workers/task-object-storage.js';
export { TaskStoreObject } from './workers/task-store-object.js';
