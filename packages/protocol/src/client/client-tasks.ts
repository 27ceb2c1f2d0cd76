// Tasks on the client side, in both eras: a tools/call made as a task is created upstream, followed to its end and
// answered with its final result. 2025-11-25 (experimental tasks): `task` in the params, tasks/get honouring
// `pollInterval` or woken by `notifications/tasks/status`, and tasks/result — which blocks until the end and carries
// the questions the server queued for the task. 2026-07-28 (extension io.modelcontextprotocol/tasks): the extension
// in the request's own capabilities, tasks/get (`pollIntervalMs`) whose DetailedTask inlines the result, the error or
// the input requests, answered with tasks/update.
import type { ClientCapabilities, JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { TASKS_EXTENSION } from '../tasks/task-types.js';
import type { ClientHandlers, ClientRequestOptions, HandlerContext } from './client-types.js';

/** A task as the server reports it, in one shape for both eras (2025-11-25 `ttl`/`pollInterval` are renamed). */
export interface ClientTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** Lifetime from creation in ms (null: unlimited). */
  ttlMs?: number | null;
  /** How often the server wants to be polled, in ms. */
  pollIntervalMs?: number;
  /** 2026-07-28 `tasks/get` of a completed task: its result. */
  result?: JsonObject;
  /** 2026-07-28 `tasks/get` of a failed task: the JSON-RPC error. */
  error?: { code: number; message: string; data?: unknown };
  /** 2026-07-28 `tasks/get` of a task waiting for input: the server's questions by key. */
  inputRequests?: Record<string, { method: string; params?: JsonObject }>;
}

/** How a call made as a task runs. */
export interface TaskCallOptions {
  /** The lifetime to ask for (2025-11-25 `task.ttl`; the modern server decides alone). */
  ttlMs?: number;
  /** Hears every status the client sees while it follows the task. */
  onStatus?: (task: ClientTask) => void;
}

/** Options of `callTool`: a request's options, and `task` to make the call a task. */
export interface CallToolOptions extends ClientRequestOptions {
  /**
   * Calls the tool as a task (`true` or options): created upstream, followed until it ends, answered with the final
   * result; aborting `signal` cancels the task (tasks/cancel). The server may still answer plainly.
   */
  task?: TaskCallOptions | boolean;
}

/** A page of `tasks/list` (2025-11-25). */
export interface TaskListPage {
  tasks: ClientTask[];
  nextCursor?: string;
}

/** What the task calls need of the client. */
export interface TaskWire {
  readonly era: 'legacy' | 'modern';
  readonly handlers: ClientHandlers;
  request(method: string, params: JsonObject, options?: ClientRequestOptions): Promise<JsonObject>;
  /** Routes the questions tied to a task (related-task `_meta`) to these handlers until the returned function runs. */
  relateTask(taskId: string, handlers: ClientHandlers | undefined): () => void;
  /** Answers one of the server's questions with the given handlers. */
  ask(handlers: ClientHandlers, method: string, params: JsonObject, context: HandlerContext): Promise<JsonObject>;
}

const DEFAULT_POLL_MS = 1000;
const CREATION_GRACE_MS = 1000;
const TASKS_CAPABILITIES: ClientCapabilities = { extensions: { [TASKS_EXTENSION]: {} } };
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** The era-neutral task of a 2025-11-25 Task or a 2026-07-28 (Detailed)Task. */
export function clientTask(raw: JsonObject): ClientTask {
  const { ttl, pollInterval, resultType: _type, _meta: _m, ...rest } = raw;
  const task = { ...rest } as unknown as ClientTask;
  if (ttl !== undefined) task.ttlMs = ttl as number | null;
  if (typeof pollInterval === 'number') task.pollIntervalMs = pollInterval;
  return task;
}

/** The task calls and low-level task methods of one client. */
export class ClientTasks {
  // Followers waiting for news of a task (notifications/tasks/status wakes them before their poll is due).
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(private readonly wire: TaskWire) {}

  /** A status notification (2025-11-25 `notifications/tasks/status`, 2026-07-28 `notifications/tasks`). */
  notified(params: JsonObject): void {
    const wakers = this.waiting.get(String(params.taskId));
    for (const wake of wakers ?? []) wake();
  }

  /** `tools/call` as a task: the final result (or the plain one, when the server chose not to make a task). */
  async callTool(params: JsonObject, options: ClientRequestOptions, task: TaskCallOptions): Promise<JsonObject> {
    const legacy = this.wire.era === 'legacy';
    const sent = legacy ? { ...params, task: task.ttlMs === undefined ? {} : { ttl: task.ttlMs } } : params;
    const creating = { ...options, signal: graced(options.signal) };
    const created = await this.wire.request('tools/call', sent, legacy ? creating : this.modern(creating));
    const handle = legacy ? created.task : created.resultType === 'task' ? created : undefined;
    if (handle === null || typeof handle !== 'object') {
      options.signal?.throwIfAborted();
      return created;
    }
    return this.follow(clientTask(handle as JsonObject), options, task);
  }

  /** `tasks/get`. */
  async get(taskId: string, options: ClientRequestOptions = {}): Promise<ClientTask> {
    return clientTask(await this.wire.request('tasks/get', { taskId }, this.modern(options)));
  }

  /**
   * The task's final result: 2025-11-25 `tasks/result` (blocks until the end, its questions answered meanwhile);
   * 2026-07-28, which has no such method, follows the task with tasks/get until it ends.
   */
  async result(taskId: string, options: ClientRequestOptions = {}): Promise<JsonObject> {
    if (this.wire.era === 'legacy') return this.wire.request('tasks/result', { taskId }, options);
    return this.follow(await this.get(taskId, options), options, {});
  }

  /** `tasks/list` (2025-11-25 only: the extension has none). */
  async list(cursor?: string, options: ClientRequestOptions = {}): Promise<TaskListPage> {
    if (this.wire.era === 'modern') {
      throw new McpError(ErrorCode.MethodNotFound, 'tasks/list: the 2026-07-28 tasks extension has no task list');
    }
    const found = await this.wire.request('tasks/list', cursor === undefined ? {} : { cursor }, options);
    const page: TaskListPage = { tasks: ((found.tasks ?? []) as JsonObject[]).map(clientTask) };
    if (typeof found.nextCursor === 'string') page.nextCursor = found.nextCursor;
    return page;
  }

  /** `tasks/cancel`. */
  async cancel(taskId: string, options: ClientRequestOptions = {}): Promise<void> {
    await this.wire.request('tasks/cancel', { taskId }, this.modern(options));
  }

  /** `tasks/update` (2026-07-28): answers to the task's input requests, by key. */
  async update(taskId: string, inputResponses: JsonObject, options: ClientRequestOptions = {}): Promise<void> {
    if (this.wire.era === 'legacy') {
      throw new McpError(ErrorCode.MethodNotFound, 'tasks/update is a 2026-07-28 method (2025-11-25: tasks/result)');
    }
    await this.wire.request('tasks/update', { taskId, inputResponses }, this.modern(options));
  }

  /** Follows a task to its end; aborting the signal cancels it upstream. */
  private async follow(first: ClientTask, options: ClientRequestOptions, task: TaskCallOptions): Promise<JsonObject> {
    const { taskId } = first;
    const { signal } = options;
    const unrelate = this.wire.relateTask(taskId, options.handlers);
    // Cancelled without the signal: the request that carries it is the one being aborted.
    const cancel = () => void this.cancel(taskId, { timeoutMs: options.timeoutMs }).catch(() => undefined);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      if (signal?.aborted) {
        cancel();
        throw signal.reason;
      }
      return this.wire.era === 'legacy'
        ? await this.followLegacy(first, options, task)
        : await this.followModern(first, options, task);
    } finally {
      signal?.removeEventListener('abort', cancel);
      unrelate();
    }
  }

  private async followLegacy(first: ClientTask, options: ClientRequestOptions, task: TaskCallOptions) {
    const step = { signal: options.signal, timeoutMs: options.timeoutMs };
    for (let current = first; ; current = await this.get(first.taskId, step)) {
      task.onStatus?.(current);
      if (current.status === 'cancelled') throw cancelled(current);
      // tasks/result blocks until the end and delivers what the server queued for the task (input_required): it may
      // last as long as the task lives, so unless told otherwise it waits up to the task's TTL.
      if (TERMINAL.has(current.status) || current.status === 'input_required') {
        const ttl = typeof current.ttlMs === 'number' ? current.ttlMs : undefined;
        const timeoutMs = options.timeoutMs ?? ttl;
        return this.wire.request('tasks/result', { taskId: first.taskId }, { ...options, timeoutMs });
      }
      await this.pause(current, options.signal);
    }
  }

  private async followModern(first: ClientTask, options: ClientRequestOptions, task: TaskCallOptions) {
    const step = { signal: options.signal, timeoutMs: options.timeoutMs };
    const answered = new Set<string>();
    for (let current = first; ; ) {
      task.onStatus?.(current);
      if (current.status === 'cancelled') throw cancelled(current);
      if (current.status === 'failed') {
        const error = current.error ?? { code: ErrorCode.InternalError, message: `Task ${current.taskId} failed` };
        throw new McpError(error.code, error.message, error.data);
      }
      // A CreateTaskResult carries no result: the detailed task does.
      if (current.status === 'completed' && current.result !== undefined) return current.result;
      if (current.status === 'input_required') await this.answer(current, answered, options);
      if (current.status !== 'completed') await this.pause(current, options.signal);
      current = await this.get(first.taskId, step);
    }
  }

  /** Answers the input requests not answered yet (keys are unique over a task's life), in one tasks/update. */
  private async answer(task: ClientTask, answered: Set<string>, options: ClientRequestOptions): Promise<void> {
    const signal = options.signal ?? new AbortController().signal;
    const handlers = options.handlers ?? this.wire.handlers;
    const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
    if (fresh.length === 0) return;
    const answers = await Promise.all(
      fresh.map(async ([key, { method, params }]) => {
        answered.add(key);
        return [key, await this.wire.ask(handlers, method, params ?? {}, { method, signal })] as const;
      }),
    );
    await this.update(task.taskId, Object.fromEntries(answers), { signal: options.signal });
  }

  /** Waits the task's poll interval, or less when a status notification for it arrives; rejects on abort. */
  private pause(task: ClientTask, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const wakers = this.waiting.get(task.taskId) ?? new Set();
      this.waiting.set(task.taskId, wakers);
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        if (wakers.size === 0) this.waiting.delete(task.taskId);
        signal?.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        done();
        reject(signal?.reason);
      };
      const timer = setTimeout(done, task.pollIntervalMs ?? DEFAULT_POLL_MS);
      wakers.add(done);
      if (signal?.aborted) aborted();
      else signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  /** Modern requests of the task flow declare the extension in their own capabilities. */
  private modern(options: ClientRequestOptions): ClientRequestOptions {
    if (this.wire.era === 'legacy') return options;
    return { ...options, capabilities: TASKS_CAPABILITIES };
  }
}

/**
 * The signal of the creating request: aborted a grace period after `signal`. A task created meanwhile can only be
 * cancelled once its id is known (a request cancelled at once would leave it running upstream); a call that is not
 * answered within the grace is a long plain one, cancelled as any request.
 */
function graced(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  const controller = new AbortController();
  const later = () => {
    const timer = setTimeout(() => controller.abort(signal.reason), CREATION_GRACE_MS);
    (timer as { unref?: () => void }).unref?.();
  };
  if (signal.aborted) later();
  else signal.addEventListener('abort', later, { once: true });
  return controller.signal;
}

function cancelled(task: ClientTask): McpError {
  return new McpError(ErrorCode.InvalidRequest, `Task ${task.taskId} was cancelled: it has no result`, {
    taskId: task.taskId,
  });
}
