// `subscriptions/listen` with `taskIds` (2026-07-28, extension io.modelcontextprotocol/tasks): the
// caller's own tasks, acknowledged and then followed as `notifications/tasks` until each is terminal.
import type { ClientCapabilities, JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { optsIntoTasks, tasksCapabilityRequired } from './task-call.js';
import type { TaskCaller, TaskManager } from './task-manager.js';
import { isTerminal, type StoredTask } from './task-types.js';
import { modernDetailedTask } from './task-wire.js';

/** The task part of one listen stream: what was acknowledged, and how to follow it. */
export interface TaskListen {
  /** The task ids the caller will hear of: its own tasks that exist, in the order asked. */
  readonly taskIds: string[];
  /**
   * Sends each task's current `DetailedTask` as `notifications/tasks`, then one per observable change
   * until the task is terminal or `signal` aborts (store change events, else polled at the task's pace).
   */
  follow(send: (method: string, params: JsonObject) => void, signal: AbortSignal): void;
}

/**
 * Reads a listen request's `taskIds`: -32021 when the request's capabilities do not carry the
 * extension (the spec's MUST), -32602 when it is not a list of strings or longer than `max`; ids
 * that are unknown or another principal's are left out of the acknowledgement.
 */
export async function listenToTasks(
  manager: TaskManager,
  taskIds: unknown,
  caller: TaskCaller,
  capabilities: ClientCapabilities | undefined,
  max: number,
): Promise<TaskListen> {
  if (!optsIntoTasks(capabilities)) throw tasksCapabilityRequired();
  if (!Array.isArray(taskIds) || taskIds.some((id) => typeof id !== 'string')) {
    throw new McpError(ErrorCode.InvalidParams, 'Invalid params: "notifications.taskIds" must be a list of task ids');
  }
  if (taskIds.length > max) {
    throw new McpError(
      ErrorCode.InvalidRequest,
      `Too many task ids: at most ${max} per listen request (the server's maxSubscriptions)`,
      { max },
    );
  }
  const found = await Promise.all(
    [...new Set(taskIds as string[])].map((id) => manager.get(caller, id).catch(() => undefined)),
  );
  const tasks = found.filter((task): task is StoredTask => task !== undefined);
  return {
    taskIds: tasks.map((task) => task.taskId),
    follow: (send, signal) => {
      for (const task of tasks) void followTask(manager, caller, task, send, signal).catch(() => undefined);
    },
  };
}

async function followTask(
  manager: TaskManager,
  caller: TaskCaller,
  first: StoredTask,
  send: (method: string, params: JsonObject) => void,
  signal: AbortSignal,
): Promise<void> {
  let seen = first;
  let sent = '';
  for (;;) {
    if (signal.aborted) return;
    const shown = modernDetailedTask(seen);
    const text = JSON.stringify(shown);
    if (text !== sent) {
      sent = text;
      send('notifications/tasks', shown);
    }
    if (isTerminal(seen.status)) return;
    await manager.waitForChange(seen.taskId, seen.pollIntervalMs ?? manager.pollIntervalMs, signal, seen);
    // A task gone (its TTL) or no longer the caller's ends the follow quietly.
    seen = await manager.get(caller, seen.taskId);
  }
}
