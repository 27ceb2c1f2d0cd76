// A task as a test drives it, in either era: 2026-07-28 (extension io.modelcontextprotocol/tasks:
// tasks/get, tasks/update, tasks/cancel, each request opting in) and 2025-11-25 (experimental
// tasks: `task` on tools/call, tasks/get, tasks/result — which carries the server's questions —
// tasks/cancel). The client's onElicit/onSample/roots answer the task's questions in both.
import { type JsonObject, McpError } from '@decorum/protocol';
import { type ClientSession, META_CAPABILITIES } from './client-session.js';
import { type ToolCallResult, toToolCallResult } from './results.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const RELATED = 'io.modelcontextprotocol/related-task';

/** A task's state in era-neutral terms (2025-11-25's ttl/pollInterval read as ttlMs/pollIntervalMs). */
export interface TaskSnapshot {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
  /** 2026-07-28: the questions the task waits on, by key. */
  inputRequests?: Record<string, { method: string; params?: JsonObject }>;
  /** 2026-07-28: the inlined result of a completed task. */
  result?: JsonObject;
  /** 2026-07-28: the JSON-RPC error of a failed task. */
  error?: { code: number; message: string; data?: unknown };
}

/** Options of {@link TestTask.waitFor} and {@link TestTask.result}. */
export interface TaskWaitOptions {
  /** Longest wait between two polls, in ms (the server's pollIntervalMs when smaller). Default 50. */
  pollMs?: number;
}

function snapshot(raw: JsonObject, era: 'legacy' | 'modern'): TaskSnapshot {
  const { resultType: _r, _meta: _m, ttl, pollInterval, ...rest } = raw;
  const out = rest as unknown as TaskSnapshot;
  if (era === 'legacy') {
    out.ttlMs = (ttl as number | null | undefined) ?? null;
    if (typeof pollInterval === 'number') out.pollIntervalMs = pollInterval;
  }
  return out;
}

const terminal = (status: string) => status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * One task started by `client.callToolAsTask()`. Poll it, answer its questions, cancel it, or drive
 * it to its result.
 * @example
 * const task = await client.callToolAsTask('deploy', { env: 'prod' });
 * await task.waitFor('input_required');
 * expect((await task.result()).text).toMatch(/deployed/);
 */
export class TestTask {
  /** @internal made by TestClient.callToolAsTask. */
  constructor(
    private readonly session: ClientSession,
    /** The CreateTaskResult as the server sent it. */
    readonly created: JsonObject,
    readonly taskId: string,
  ) {}

  private meta(): JsonObject | undefined {
    if (this.session.era === 'legacy') return undefined;
    return optInMeta(this.session);
  }

  private send(method: string, params: JsonObject): Promise<JsonObject> {
    return this.session.request(method, params, { meta: this.meta() });
  }

  /** The task now (`tasks/get`). */
  async get(): Promise<TaskSnapshot> {
    return snapshot(await this.send('tasks/get', { taskId: this.taskId }), this.session.era);
  }

  /** Answers the task's questions (`tasks/update`, 2026-07-28; in 2025-11-25 tasks/result carries them). */
  async update(inputResponses: Record<string, unknown>): Promise<void> {
    if (this.session.era === 'legacy') {
      throw new Error('2025-11-25 tasks take their answers on tasks/result: use task.result()');
    }
    await this.send('tasks/update', { taskId: this.taskId, inputResponses });
  }

  /** Asks the server to cancel the task (`tasks/cancel`); resolves with what the server answered. */
  cancel(): Promise<JsonObject> {
    return this.send('tasks/cancel', { taskId: this.taskId });
  }

  /** Polls until the task has `status` (or any terminal one), or satisfies the predicate. */
  async waitFor(
    until: TaskSnapshot['status'] | ((task: TaskSnapshot) => boolean),
    options: TaskWaitOptions = {},
  ): Promise<TaskSnapshot> {
    const ok = typeof until === 'function' ? until : (t: TaskSnapshot) => t.status === until || terminal(t.status);
    for (;;) {
      const task = await this.get();
      if (ok(task) || terminal(task.status)) return task;
      await pause(Math.min(options.pollMs ?? 50, task.pollIntervalMs ?? Number.POSITIVE_INFINITY));
    }
  }

  /**
   * Drives the task to its end and returns the tool's result: 2026-07-28 polls and answers each
   * question once with the client's handlers; 2025-11-25 waits on tasks/result (the handlers answer
   * the questions it carries). A failed task rejects with its McpError, a cancelled one too.
   */
  async result(options: TaskWaitOptions = {}): Promise<ToolCallResult> {
    if (this.session.era === 'legacy') {
      const raw = await this.session.request('tasks/result', { taskId: this.taskId }, { timeoutMs: 2_147_483_647 });
      const { [RELATED]: _related, ...meta } = (raw._meta as JsonObject | undefined) ?? {};
      const result = { ...raw };
      if (Object.keys(meta).length > 0) result._meta = meta;
      else delete result._meta;
      return toToolCallResult(result);
    }
    const answered = new Set<string>();
    for (;;) {
      const task = await this.waitFor(
        (t) => t.status === 'input_required' && Object.keys(t.inputRequests ?? {}).some((k) => !answered.has(k)),
        options,
      );
      if (task.status === 'completed') return toToolCallResult(task.result ?? {});
      if (task.status === 'failed') {
        const error = task.error ?? { code: -32603, message: 'Internal error' };
        throw new McpError(error.code, error.message, error.data);
      }
      if (task.status === 'cancelled') throw new McpError(-32600, `Task ${this.taskId} was cancelled`);
      const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
      const responses: Record<string, unknown> = {};
      for (const [key, request] of fresh) {
        answered.add(key);
        responses[key] = await this.session.answerer.answer(request.method, request.params);
      }
      await this.update(responses);
    }
  }
}

/** The `_meta` of a 2026-07-28 request that opts into tasks (the client's capabilities plus the extension). */
export function optInMeta(session: ClientSession): JsonObject {
  const caps = session.options.capabilities as JsonObject;
  const extensions = { ...(caps.extensions as JsonObject | undefined), [TASKS]: {} };
  return { [META_CAPABILITIES]: { ...caps, extensions } };
}

/** Starts a tool as a task: the request opts in (2026-07-28) or carries `task` (2025-11-25). */
export async function startToolTask(
  session: ClientSession,
  name: string,
  args: JsonObject,
  options: { ttlMs?: number } = {},
): Promise<TestTask> {
  const legacy = session.era === 'legacy';
  const params: JsonObject = { name, arguments: args };
  if (legacy) params.task = options.ttlMs === undefined ? {} : { ttl: options.ttlMs };
  const created = await session.request('tools/call', params, { meta: legacy ? undefined : optInMeta(session) });
  const taskId = legacy ? (created.task as JsonObject | undefined)?.taskId : created.taskId;
  if (typeof taskId !== 'string' || (!legacy && created.resultType !== 'task')) {
    throw new Error(`${name} answered without a task: ${JSON.stringify(created)}`);
  }
  return new TestTask(session, created, taskId);
}

// Polling is the protocol here (the client is told to come back after pollIntervalMs).
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
