// The task model shared by both eras and every store: plain JSON data, so a task written by one
// instance reads the same on any other. The wire shapes of each era are derived from it (task-wire.ts).
import type { JsonObject } from '../engine/types.js';

/** The extension identifier (SEP-2663) under `capabilities.extensions` and per-request capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The `_meta` key tying a message to its task (2025-11-25 experimental tasks). */
export const META_RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** The `_meta` key of a CreateTaskResult carrying a text for the model while the task runs (2025-11-25). */
export const META_MODEL_IMMEDIATE_RESPONSE = 'io.modelcontextprotocol/model-immediate-response';

/** Where a task is in its life. `completed`, `failed` and `cancelled` are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Statuses a task never leaves. */
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

/** True for `completed`, `failed` and `cancelled`. */
export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/**
 * Whether a task may move from `from` to `to`: working ⇄ input_required, either of them to a
 * terminal status, never out of a terminal one (both eras define the same machine).
 */
export function canTransition(from: TaskStatus, to: TaskStatus): boolean {
  if (isTerminal(from)) return false;
  return from !== to || from === 'working';
}

/** A server→client request a task waits on (elicitation, sampling, roots), surfaced through the task. */
export interface TaskInputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params?: JsonObject;
}

/** A JSON-RPC error object, as a failed task carries it. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * One task as every {@link TaskStore} keeps it. Times are ms since the epoch; the wire shapes
 * turn them into ISO 8601 strings.
 */
export interface StoredTask {
  readonly taskId: string;
  /** Who may see it: the authenticated principal (subject or client id); undefined when unauthenticated. */
  readonly principal?: string;
  /**
   * Which `tasks/list` (2025-11-25) lists it: the principal, or for an anonymous caller the
   * connection it came on. Undefined: listed nowhere.
   */
  readonly listScope?: string;
  /** The request the task runs (`tools/call`). */
  readonly method: string;
  /** The era whose client created it (its wire shapes and notifications follow). */
  readonly era: 'modern' | 'legacy';
  status: TaskStatus;
  statusMessage?: string;
  readonly createdAt: number;
  lastUpdatedAt: number;
  /** Lifetime from creation in ms; the task is gone afterwards. */
  readonly ttlMs: number;
  pollIntervalMs?: number;
  /** The final result (completed; for a tool, isError results included). */
  result?: JsonObject;
  /** The JSON-RPC error the request ended with (failed). */
  error?: TaskError;
  /** Outstanding input requests by key (keys are unique over the task's life). */
  inputRequests: Record<string, TaskInputRequest>;
  /** Answers received, by key; the running handler consumes them. */
  inputResponses: Record<string, unknown>;
  /** Keys ever issued, so a key is never reused nor answered twice. */
  issuedKeys: string[];
  /** The instance running the handler, and until when it is presumed alive (heartbeat lease). */
  owner?: string;
  leaseUntil?: number;
}

/** When a stored task is gone: its creation plus its TTL. */
export function expiresAt(task: Pick<StoredTask, 'createdAt' | 'ttlMs'>): number {
  return task.createdAt + task.ttlMs;
}
