/**
 * @decorum/protocol/tasks: durable tasks for long-running requests, in both eras — the extension
 * `io.modelcontextprotocol/tasks` (2026-07-28) and the experimental tasks utility (2025-11-25) —
 * and the {@link TaskStore} seam a shared store (`RedisTaskStore` in @decorum/redis) implements.
 * Runs in any JavaScript runtime.
 * @example
 * import { InMemoryTaskStore, TasksExtension } from '@decorum/protocol/tasks';
 * const tasks = new TasksExtension({ store: new InMemoryTaskStore(), pollIntervalMs: 1_000 });
 * const server = new ProtocolServer({ serverInfo, extensions: [tasks] });
 */
export { InMemoryTaskStore, type InMemoryTaskStoreOptions } from './tasks/in-memory-task-store.js';
export {
  callWithTasks,
  createTaskResult,
  optsIntoTasks,
  TaskBridge,
  type TaskCall,
  type TaskControl,
  type TaskPolicy,
  type TaskSupport,
  taskSupportOf,
  tasksCapabilityRequired,
} from './tasks/task-call.js';
export { missingCapabilityFor, TaskChannel, TaskModernRequest, type TaskRoute } from './tasks/task-context.js';
export {
  type TaskCaller,
  TaskManager,
  type TaskOptions,
  type TaskStart,
  taskNotFound,
} from './tasks/task-manager.js';
export {
  type ExtensionMethodSet,
  legacyTaskMethods,
  modernTaskMethods,
  type TaskMethod,
  type TaskMethodCall,
} from './tasks/task-methods.js';
export { TaskRequestContext, taskControlOf } from './tasks/task-request-context.js';
export { TaskAbortedError, TaskRun, type TaskRunHost, taskErrorOf } from './tasks/task-run.js';
export {
  applyTaskChange,
  isExpired,
  type TaskChange,
  type TaskCondition,
  type TaskPage,
  type TaskStore,
  type TaskUpdate,
} from './tasks/task-store.js';
export {
  canTransition,
  expiresAt,
  isTerminal,
  META_MODEL_IMMEDIATE_RESPONSE,
  META_RELATED_TASK,
  type StoredTask,
  TASKS_EXTENSION,
  type TaskError,
  type TaskInputRequest,
  type TaskStatus,
  TERMINAL_STATUSES,
} from './tasks/task-types.js';
export { legacyStatus, legacyTask, modernDetailedTask, modernTask } from './tasks/task-wire.js';
export { TasksExtension, type ToolCallOnTasks, taskCallerOf } from './tasks/tasks-extension.js';
