// `@Tool({ task })`: how a tool takes part in MCP tasks (the 2026-07-28 extension
// io.modelcontextprotocol/tasks and the 2025-11-25 experimental utility). Plain data, read by the
// definitions (2025-11-25 `execution.taskSupport`) and by the tools provider (the engine's policy).
import type { JsonObject, RequestContext } from '@decorum/protocol';
import { type TaskOptions, type TaskPolicy, TasksExtension, taskControlOf } from '@decorum/protocol/tasks';

/**
 * `'optional'`: the call runs as a task when the client supports tasks, else as a plain call.
 * `'required'`: only as a task (a client without tasks support gets -32021 / -32601).
 * The object form picks who starts the task: `start: 'immediate'` (default) before the handler
 * runs; `start: 'handler'` when the handler calls `ctx.continueAsTask()` — after a quick check or
 * after asking the user something — and a plain answer if it never does.
 * @example
 * @Tool({ description: 'Deploys a build', task: 'optional' })
 * @Tool({ description: 'Greets after asking', task: { support: 'required', start: 'handler' } })
 */
export type TaskOption =
  | 'optional'
  | 'required'
  | { support: 'optional' | 'required'; start?: 'immediate' | 'handler' };

/** The engine's policy for a tool's `task` option (undefined: the tool never runs as a task). */
export function taskPolicyOf(option: TaskOption | undefined): TaskPolicy | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'string') return { support: option, start: 'immediate' };
  return { support: option.support, start: option.start ?? 'immediate' };
}

/** The 2025-11-25 `execution` of a tool: its own `execution` option with `taskSupport` from `task`. */
export function taskExecution(
  execution: JsonObject | undefined,
  option: TaskOption | undefined,
): JsonObject | undefined {
  const policy = taskPolicyOf(option);
  if (policy === undefined) return execution;
  return { ...execution, taskSupport: policy.support };
}

/**
 * Continues the current request as a task (see {@link TaskOption}): resolves true once the client
 * has been answered with a task, false when this call cannot become one (the tool has no `task`
 * option, or the client did not opt in) — the handler then simply goes on as a plain call.
 */
export function continueAsTask(request: RequestContext, options?: { statusMessage?: string }): Promise<boolean> {
  // The tasks extension gives a request that may become a task its control; others have none.
  const control = taskControlOf(request);
  return control === undefined ? Promise.resolve(false) : control.continueAsTask(options);
}

/** The app's `tasks` option: the tasks extension's options, or an extension built already (a shared store). */
export type AppTasksOption = TaskOptions | TasksExtension;

/** The tasks extension the engine mounts for the app's `tasks` option (undefined: tasks are off). */
export function tasksExtensionOf(option: AppTasksOption | undefined): TasksExtension | undefined {
  if (option === undefined) return undefined;
  return option instanceof TasksExtension ? option : new TasksExtension(option);
}
