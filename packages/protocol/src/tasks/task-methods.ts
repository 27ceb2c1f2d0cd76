// The task methods as method sets the router mounts beside the core ones, each with the capability
// it declares: 2026-07-28 (extension io.modelcontextprotocol/tasks: tasks/get, tasks/update,
// tasks/cancel, gated on the request's own capabilities) and 2025-11-25 (experimental tasks:
// tasks/get, tasks/result, tasks/list, tasks/cancel).
import type { JsonObject, ServerCapabilities } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { tasksCapabilityRequired } from './task-call.js';
import type { TaskCaller, TaskManager } from './task-manager.js';
import {
  isTerminal,
  META_RELATED_TASK,
  type StoredTask,
  TASKS_EXTENSION,
  type TaskInputRequest,
} from './task-types.js';
import { legacyStatus, legacyTask, modernDetailedTask } from './task-wire.js';

/** What a task method knows of the request it serves. */
export interface TaskMethodCall {
  caller: TaskCaller;
  /** 2026-07-28: the request's own capabilities carry the extension. */
  optedIn: boolean;
  /** 2025-11-25 tasks/result: asks the client over this request (elicitation, sampling, roots). */
  ask?(request: TaskInputRequest): Promise<JsonObject>;
  /** Aborts when the request is cancelled. */
  signal?: AbortSignal;
}

/** One method of a set. The result is the method's own; the era codec adds resultType and `_meta`. */
export type TaskMethod = (params: JsonObject, call: TaskMethodCall) => Promise<JsonObject>;

/**
 * Methods an extension (or an experimental utility) adds to the router, with the capabilities it
 * declares for a revision (merged into `initialize` / `server/discover`). The router consults a
 * set only for the revisions it names.
 */
export interface ExtensionMethodSet {
  /** Extension identifier, or the utility's name. */
  readonly id: string;
  /** Whether the set serves a revision. */
  serves(version: string): boolean;
  /** What it adds to the server's capabilities for a revision it serves, for an identified caller or not. */
  capabilities(version: string, identified: boolean): ServerCapabilities;
  readonly methods: Readonly<Record<string, TaskMethod>>;
}

const gate = (call: TaskMethodCall) => {
  if (!call.optedIn) throw tasksCapabilityRequired();
};

function inputResponsesOf(params: JsonObject): Record<string, unknown> {
  const responses = params.inputResponses;
  if (responses === null || typeof responses !== 'object' || Array.isArray(responses)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      'tasks/update: "inputResponses" must be an object keyed by input request',
      {
        field: 'inputResponses',
      },
    );
  }
  return responses as Record<string, unknown>;
}

/** The 2026-07-28 method set of the extension `io.modelcontextprotocol/tasks`. */
export function modernTaskMethods(manager: TaskManager): ExtensionMethodSet {
  return {
    id: TASKS_EXTENSION,
    serves: (version) => version >= '2026-07-28',
    capabilities: () => ({ extensions: { [TASKS_EXTENSION]: {} } }),
    methods: {
      'tasks/get': async (params, call) => {
        gate(call);
        return modernDetailedTask(await manager.get(call.caller, params.taskId));
      },
      'tasks/update': async (params, call) => {
        gate(call);
        const responses = inputResponsesOf(params);
        await manager.answer(call.caller, params.taskId, responses);
        return {};
      },
      'tasks/cancel': async (params, call) => {
        gate(call);
        // Idempotent: a terminal task acknowledges the same way (-32602 is for unknown ids only).
        await manager.cancel(call.caller, params.taskId);
        return {};
      },
    },
  };
}

/** The final answer of a 2025-11-25 task: exactly what the request would have returned. */
function payloadOf(task: StoredTask): JsonObject {
  const related = { [META_RELATED_TASK]: { taskId: task.taskId } };
  if (task.status === 'completed' && task.result !== undefined) {
    return { ...task.result, _meta: { ...(task.result._meta as JsonObject | undefined), ...related } };
  }
  if (task.status === 'failed') {
    const error = task.error ?? { code: ErrorCode.InternalError, message: 'Internal error' };
    throw new McpError(error.code, error.message, error.data);
  }
  throw new McpError(ErrorCode.InvalidRequest, `Task ${task.taskId} was cancelled: it has no result`, related);
}

/** tasks/result: blocks until the task is terminal, carrying its input requests over this request meanwhile. */
async function awaitResult(manager: TaskManager, params: JsonObject, call: TaskMethodCall): Promise<JsonObject> {
  const asked = new Set<string>();
  for (;;) {
    const task = await manager.get(call.caller, params.taskId);
    if (isTerminal(task.status)) return payloadOf(task);
    if (call.signal?.aborted) throw call.signal.reason;
    if (task.status === 'input_required' && call.ask) {
      for (const [key, request] of Object.entries(task.inputRequests)) {
        if (asked.has(key)) continue;
        asked.add(key);
        const meta = {
          ...(request.params?._meta as JsonObject | undefined),
          [META_RELATED_TASK]: { taskId: task.taskId },
        };
        const ask = call.ask({ ...request, params: { ...request.params, _meta: meta } });
        ask.then(
          (answer) => manager.answer(call.caller, task.taskId, { [key]: answer }).catch(() => undefined),
          () => asked.delete(key), // not answered (the request was cancelled): a later call asks again
        );
      }
    }
    await manager.waitForChange(task.taskId, manager.pollIntervalMs, call.signal, task);
  }
}

/** The 2025-11-25 experimental tasks utility, for clients that negotiate that revision. */
export function legacyTaskMethods(manager: TaskManager): ExtensionMethodSet {
  return {
    id: 'tasks',
    serves: (version) => version === '2025-11-25',
    // 2025-11-25: "receivers that cannot identify requestors SHOULD NOT declare the tasks.list capability".
    capabilities: (_version, identified) => ({
      tasks: { ...(identified ? { list: {} } : {}), cancel: {}, requests: { tools: { call: {} } } },
    }),
    methods: {
      'tasks/get': async (params, call) => legacyTask(await manager.get(call.caller, params.taskId)),
      'tasks/result': (params, call) => awaitResult(manager, params, call),
      'tasks/list': async (params, call) => {
        if (call.caller.principal === undefined) {
          throw new McpError(
            ErrorCode.MethodNotFound,
            'tasks/list: this server lists tasks for authenticated callers only (an anonymous caller cannot be told apart)',
          );
        }
        const page = await manager.list(call.caller, params.cursor);
        const result: JsonObject = { tasks: page.tasks.map(legacyTask) };
        if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
        return result;
      },
      'tasks/cancel': async (params, call) => {
        const task = await manager.get(call.caller, params.taskId);
        if (isTerminal(task.status)) {
          throw new McpError(
            ErrorCode.InvalidParams,
            `Cannot cancel task: already in terminal status '${legacyStatus(task)}'`,
          );
        }
        return legacyTask(await manager.cancel(call.caller, task.taskId));
      },
    },
  };
}
