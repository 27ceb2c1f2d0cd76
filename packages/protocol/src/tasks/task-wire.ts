// The wire shapes of a stored task, per era: 2026-07-28 (extension `io.modelcontextprotocol/tasks`:
// ttlMs/pollIntervalMs, DetailedTask with inlined result, error or inputRequests) and 2025-11-25
// (experimental tasks: ttl/pollInterval, the result fetched apart with tasks/result).
import type { JsonObject } from '../engine/types.js';
import type { StoredTask } from './task-types.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The extension's `Task` (2026-07-28). */
export function modernTask(task: StoredTask): JsonObject {
  const out: JsonObject = {
    taskId: task.taskId,
    status: task.status,
    createdAt: iso(task.createdAt),
    lastUpdatedAt: iso(task.lastUpdatedAt),
    ttlMs: task.ttlMs,
  };
  if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage;
  if (task.pollIntervalMs !== undefined) out.pollIntervalMs = task.pollIntervalMs;
  return out;
}

/** The extension's `DetailedTask`: the task plus what its status carries (tasks/get, notifications/tasks). */
export function modernDetailedTask(task: StoredTask): JsonObject {
  const out = modernTask(task);
  if (task.status === 'input_required') out.inputRequests = structuredClone(task.inputRequests);
  if (task.status === 'completed' && task.result !== undefined) out.result = stripRelatedTask(task.result);
  if (task.status === 'failed') out.error = { ...(task.error ?? { code: -32603, message: 'Internal error' }) };
  return out;
}

/**
 * The status a 2025-11-25 client sees: that revision reports a tool result with `isError: true`
 * as `failed` (the extension reports it as `completed`).
 */
export function legacyStatus(task: StoredTask): string {
  return task.status === 'completed' && task.result?.isError === true ? 'failed' : task.status;
}

/** The 2025-11-25 `Task`. */
export function legacyTask(task: StoredTask): JsonObject {
  const out: JsonObject = {
    taskId: task.taskId,
    status: legacyStatus(task),
    createdAt: iso(task.createdAt),
    lastUpdatedAt: iso(task.lastUpdatedAt),
    ttl: task.ttlMs,
  };
  const message = task.statusMessage ?? (task.status === 'failed' ? task.error?.message : undefined);
  if (message !== undefined) out.statusMessage = message;
  if (task.pollIntervalMs !== undefined) out.pollInterval = task.pollIntervalMs;
  return out;
}

// The extension keeps the task id at the root of tasks/get: the 2025-11-25 key is redundant there.
function stripRelatedTask(result: JsonObject): JsonObject {
  const meta = result._meta as JsonObject | undefined;
  if (meta === undefined || !('io.modelcontextprotocol/related-task' in meta)) return structuredClone(result);
  const { 'io.modelcontextprotocol/related-task': _related, ...rest } = meta;
  const out = structuredClone(result);
  if (Object.keys(rest).length === 0) delete out._meta;
  else out._meta = rest;
  return out;
}
