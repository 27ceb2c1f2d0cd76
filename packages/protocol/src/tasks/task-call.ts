// A request that may become a task: the handler runs as for any request, with a context built from
// a TaskBridge; when it (or the framework, before calling it) continues as a task, the request is
// answered at once with a CreateTaskResult and the handler's eventual result lands in the task.
import { Cancellation } from '../engine/cancellation.js';
import type { RequestChannel } from '../engine/channel.js';
import type { ModernRequest } from '../engine/modern/modern-request.js';
import type { ClientCapabilities, JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { TaskChannel, TaskModernRequest, type TaskRoute } from './task-context.js';
import type { TaskCaller, TaskManager } from './task-manager.js';
import type { TaskRun } from './task-run.js';
import { type StoredTask, TASKS_EXTENSION } from './task-types.js';
import { legacyStatus, legacyTask, modernTask } from './task-wire.js';

/** Whether a tool may run as a task (the 2025-11-25 `execution.taskSupport` values). */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/** How a tool takes part in tasks: whether it may be one, and who starts it. */
export interface TaskPolicy {
  support: TaskSupport;
  /**
   * `immediate` (default): the request becomes a task before the handler runs (when the client
   * opted in). `handler`: the handler runs as a plain request until it calls `continueAsTask()`
   * (after a quick check, or multi-round-trip questions), and answers plainly if it never does.
   */
  start?: 'immediate' | 'handler';
}

/** What a handler's context offers to continue its request as a task. */
export interface TaskControl {
  /** Resolves true once the request is a task (the client is answered with a CreateTaskResult); false when it cannot be one. */
  continueAsTask(options?: { statusMessage?: string }): Promise<boolean>;
}

/** The -32021 error of a `required` task tool called without the extension in the request's capabilities. */
export function tasksCapabilityRequired(): McpError {
  return new McpError(
    ErrorCode.MissingRequiredClientCapability,
    `Missing required client capability: extension ${TASKS_EXTENSION}`,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
  );
}

/** True when a (per-request, for 2026-07-28) capability set opts into the tasks extension. */
export function optsIntoTasks(capabilities: ClientCapabilities | undefined): boolean {
  const settings = capabilities?.extensions?.[TASKS_EXTENSION];
  return settings !== null && typeof settings === 'object';
}

/** The task support a tool definition declares (`execution.taskSupport`, default forbidden). */
export function taskSupportOf(definition: { execution?: JsonObject } | undefined): TaskSupport {
  const support = definition?.execution?.taskSupport;
  return support === 'optional' || support === 'required' ? support : 'forbidden';
}

/** What {@link callWithTasks} needs from the engine for one request. */
export interface TaskCall {
  era: 'modern' | 'legacy';
  method: string;
  support: TaskSupport;
  /** 2026-07-28: the extension is in the request's capabilities. 2025-11-25: params carry `task`. */
  optedIn: boolean;
  caller: TaskCaller;
  /** 2025-11-25 `task.ttl`. */
  requestedTtlMs?: number;
  /** The request's own cancellation (it stops applying once the request is a task). */
  cancellation: Cancellation;
  /** Sends a notification to the creating connection (2025-11-25 `notifications/tasks/status`). */
  notify?(method: string, params: JsonObject): Promise<void>;
  /** Runs the request's handler with a context built from the bridge. */
  run(bridge: TaskBridge): Promise<JsonObject>;
}

/**
 * What a handler's context is built from when its request may continue as a task: a channel, a
 * modern envelope and a cancellation that follow the request until then and the task afterwards.
 */
export class TaskBridge implements TaskRoute, TaskControl {
  /** The handler's cancellation: the request's before the task, the task's after. */
  readonly cancellation = new Cancellation();
  private current?: TaskRun;
  private stored?: StoredTask;
  private starting?: Promise<boolean>;
  private resolveStarted!: () => void;
  /** Resolves once the request continued as a task. */
  readonly started = new Promise<void>((resolve) => {
    this.resolveStarted = resolve;
  });
  private readonly unlink: () => void;

  constructor(
    private readonly manager: TaskManager | undefined,
    private readonly call: Omit<TaskCall, 'run'>,
  ) {
    // The request's cancellation reaches the handler in every mode (a plain call included) until the
    // request becomes a task; from then on only the task's cancellation does (begin() unlinks).
    const forward = () => this.cancellation.abort(call.cancellation.signal.reason);
    const signal = call.cancellation.signal;
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    this.unlink = () => signal.removeEventListener('abort', forward);
  }

  get era(): 'modern' | 'legacy' {
    return this.call.era;
  }

  /** The task's run once the request continued as one. */
  get run(): TaskRun | undefined {
    return this.current;
  }

  /** The task as stored when created (for the CreateTaskResult). */
  get task(): StoredTask | undefined {
    return this.stored;
  }

  /** Whether this request may become a task (the tool supports it and the client opted in). */
  get canContinue(): boolean {
    return this.manager !== undefined && this.call.support !== 'forbidden' && this.call.optedIn;
  }

  /**
   * Continues the request as a task: resolves true once the task is durably stored and the client
   * is being answered with a CreateTaskResult; false (and nothing changes) when this request
   * cannot become one. Idempotent.
   */
  continueAsTask(options: { statusMessage?: string } = {}): Promise<boolean> {
    if (!this.canContinue || this.cancellation.aborted) return Promise.resolve(false);
    this.starting ??= this.begin(options.statusMessage);
    return this.starting;
  }

  /** The task creation under way, if the handler asked for one (awaited before a plain answer). */
  get pending(): Promise<boolean> | undefined {
    return this.starting;
  }

  /** Wraps the request's channel (both eras). */
  channel(original: RequestChannel): RequestChannel {
    return this.canContinue ? new TaskChannel(original, this) : original;
  }

  /** Wraps the request's modern envelope (2026-07-28). */
  modern(original: ModernRequest): ModernRequest {
    return this.canContinue ? new TaskModernRequest(original, this) : original;
  }

  private async begin(statusMessage: string | undefined): Promise<boolean> {
    const manager = this.manager as TaskManager;
    const notify = this.call.notify;
    let last = '';
    const { task, run } = await manager.start({
      caller: this.call.caller,
      method: this.call.method,
      era: this.call.era,
      requestedTtlMs: this.call.requestedTtlMs,
      statusMessage,
      onChange: notify
        ? (changed) => {
            const seen = `${legacyStatus(changed)}|${changed.statusMessage ?? ''}`;
            if (seen === last) return;
            last = seen;
            void notify('notifications/tasks/status', legacyTask(changed)).catch(() => undefined);
          }
        : undefined,
    });
    this.unlink();
    this.stored = task;
    this.current = run;
    const signal = run.cancellation.signal;
    signal.addEventListener('abort', () => this.cancellation.abort(signal.reason), { once: true });
    this.resolveStarted();
    return true;
  }
}

/** The CreateTaskResult of an era for a freshly stored task. */
export function createTaskResult(era: 'modern' | 'legacy', task: StoredTask): JsonObject {
  return era === 'modern' ? { resultType: 'task', ...modernTask(task) } : { task: legacyTask(task) };
}

/**
 * Serves one request that may become a task. Refuses a `required` tool the client did not opt in
 * for (-32021 with requiredCapabilities in 2026-07-28; -32601 in 2025-11-25, as that revision
 * says), refuses a 2025-11-25 task request for a tool that does not support tasks (-32601), and
 * otherwise runs the handler: its plain result is the answer unless it continued as a task first.
 * A client that did not opt in never gets a task result.
 */
export async function callWithTasks(manager: TaskManager | undefined, call: TaskCall): Promise<JsonObject> {
  if (call.support === 'required' && !call.optedIn) {
    if (call.era === 'modern') throw tasksCapabilityRequired();
    throw new McpError(ErrorCode.MethodNotFound, `${call.method}: this tool must be called as a task`);
  }
  if (call.era === 'legacy' && call.optedIn && call.support === 'forbidden') {
    throw new McpError(ErrorCode.MethodNotFound, `${call.method}: this tool does not support tasks`);
  }
  const bridge = new TaskBridge(manager, call);
  const handler = call.run(bridge);
  const first = await Promise.race([
    handler.then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    ),
    bridge.started.then(() => ({})),
  ]);
  // A handler that did not await continueAsTask still became a task: its result goes there.
  await bridge.pending?.catch(() => false);
  const run = bridge.run;
  if (run === undefined || bridge.task === undefined) {
    if ('error' in first) throw first.error;
    return (first as { result: JsonObject }).result;
  }
  // A store failure while settling leaves the task to its lease (it becomes failed), never a crash.
  handler
    .then(
      (result) => run.complete(result),
      (error: unknown) => run.fail(error),
    )
    .catch(() => undefined);
  return createTaskResult(call.era, bridge.task);
}
