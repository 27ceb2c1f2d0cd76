// Tasks as the router sees them: two method sets with their capabilities, and the one wrapper a
// tools/call goes through. Everything the engine needs to mount tasks, so that the engine's own
// files only add a lookup and a call (see /work/notes/tasks-seam.md).
import type { Cancellation } from '../engine/cancellation.js';
import type { RequestChannel } from '../engine/channel.js';
import { createRequestContext, type RequestContext } from '../engine/context.js';
import type { MaybePromise } from '../engine/maybe-promise.js';
import type { ModernRequest } from '../engine/modern/modern-request.js';
import type { JsonObject, ServerCapabilities } from '../engine/types.js';
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import { callWithTasks, optsIntoTasks, type TaskBridge, type TaskPolicy } from './task-call.js';
import { listenToTasks, type TaskListen } from './task-listen.js';
import { type TaskCaller, TaskManager, type TaskOptions } from './task-manager.js';
import { type ExtensionMethodSet, legacyTaskMethods, modernTaskMethods, type TaskMethodCall } from './task-methods.js';
import type { TaskInputRequest } from './task-types.js';

/** Who a request's tasks belong to: its authenticated principal; anonymous ones are listed per connection. */
export function taskCallerOf(ctx: RequestContext, connectionScope?: string): TaskCaller {
  const principal = ctx.authInfo?.subject ?? ctx.authInfo?.clientId;
  const listScope =
    principal !== undefined ? `principal:${principal}` : connectionScope && `connection:${connectionScope}`;
  return { principal, ...(listScope !== undefined ? { listScope } : {}) };
}

/** What {@link TasksExtension.callTool} needs of one tools/call. */
export interface ToolCallOnTasks {
  request: JsonRpcRequest;
  channel: RequestChannel;
  cancellation: Cancellation;
  info: MessageInfo | undefined;
  /** The modern envelope; undefined for a legacy request. */
  modern?: ModernRequest;
  /** The tool's task policy (from the provider, or its definition's `execution.taskSupport`). */
  policy: TaskPolicy;
  /** The legacy connection's id, if it has one (scopes an anonymous caller's tasks/list). */
  connectionScope?: string;
  /**
   * Runs the tool with the context given (built here from the bridge, so its questions, progress and
   * cancellation follow the task) and returns its shaped result.
   */
  invoke(ctx: RequestContext, bridge: TaskBridge): MaybePromise<JsonObject>;
}

/**
 * The tasks of one server, mounted at its router: the 2026-07-28 extension and the 2025-11-25
 * utility, both off unless the server is given `tasks` options (extensions are opt-in, SEP-2133).
 * @example
 * const tasks = new TasksExtension({ pollIntervalMs: 500 });
 * tasks.capabilities('2026-07-28'); // { extensions: { 'io.modelcontextprotocol/tasks': {} } }
 */
export class TasksExtension {
  readonly manager: TaskManager;
  readonly sets: readonly ExtensionMethodSet[];
  // Anonymous legacy callers list the tasks of their connection: a name per connection object.
  private readonly connections = new WeakMap<object, string>();

  constructor(options: TaskOptions | TaskManager = {}) {
    this.manager = options instanceof TaskManager ? options : new TaskManager(options);
    this.sets = [modernTaskMethods(this.manager), legacyTaskMethods(this.manager)];
  }

  /** What the sets serving `version` add to the server's capabilities. */
  capabilities(version: string, identified = false): ServerCapabilities {
    const caps: ServerCapabilities = {};
    for (const set of this.sets) {
      if (!set.serves(version)) continue;
      const more = set.capabilities(version, identified);
      if (more.extensions) caps.extensions = { ...caps.extensions, ...more.extensions };
      for (const [key, value] of Object.entries(more)) if (key !== 'extensions') caps[key] = value;
    }
    return caps;
  }

  /** The handler of a task method for a request's revision, or undefined (then: method not found). */
  method(
    name: string,
    version: string,
  ): ((params: JsonObject, ctx: RequestContext, connectionScope?: string) => Promise<JsonObject>) | undefined {
    // Own properties only: a method named `constructor` or `__proto__` is not found, not Object's.
    const set = this.sets.find((s) => s.serves(version) && Object.hasOwn(s.methods, name));
    const method = set?.methods[name];
    if (method === undefined) return undefined;
    return (params, ctx, connectionScope) => method(params, methodCall(ctx, connectionScope));
  }

  /** Serves a tools/call that may become a task (a tool without task support runs as always). */
  callTool(call: ToolCallOnTasks): Promise<JsonObject> {
    const { request, channel, cancellation, info, modern, policy } = call;
    const params = request.params ?? {};
    const probe = createRequestContext(channel, request, cancellation, info, modern);
    const legacyTask = params.task;
    const legacyOptIn = legacyTask !== null && typeof legacyTask === 'object' && !Array.isArray(legacyTask);
    const ttl = legacyOptIn ? (legacyTask as JsonObject).ttl : undefined;
    return callWithTasks(this.manager, {
      era: modern ? 'modern' : 'legacy',
      method: request.method,
      support: policy.support,
      optedIn: modern ? optsIntoTasks(modern.clientCapabilities) : legacyOptIn,
      requestedTtlMs: typeof ttl === 'number' ? ttl : undefined,
      caller: taskCallerOf(probe, call.connectionScope),
      cancellation,
      notify: modern ? undefined : (method, notification) => channel.notify(method, notification),
      run: async (bridge) => {
        const ctx = createRequestContext(
          bridge.channel(channel),
          request,
          bridge.cancellation,
          info,
          modern && bridge.modern(modern),
          bridge,
        );
        if ((policy.start ?? 'immediate') === 'immediate') await bridge.continueAsTask();
        return call.invoke(ctx, bridge);
      },
    });
  }

  /**
   * The `taskIds` of a 2026-07-28 `subscriptions/listen`: -32021 unless the request declares the
   * extension; the caller's own tasks are acknowledged and followed as `notifications/tasks`.
   */
  listen(taskIds: unknown, ctx: RequestContext, max: number): Promise<TaskListen> {
    return listenToTasks(this.manager, taskIds, taskCallerOf(ctx), ctx.clientCapabilities, max);
  }

  /**
   * The list scope of an anonymous legacy caller: its HTTP session (the same on every instance), else
   * its connection on this instance (stdio, in-memory).
   */
  connectionScope(connection: object, info?: MessageInfo): string {
    const session = info?.request?.headers.get('mcp-session-id');
    if (session) return `session:${session}`;
    let name = this.connections.get(connection);
    if (name === undefined) {
      name = `connection:${crypto.randomUUID()}`;
      this.connections.set(connection, name);
    }
    return name;
  }

  /** Stops this instance's running tasks (they fail over to `failed` once their lease runs out). */
  close(): void {
    this.manager.close();
  }
}

function methodCall(ctx: RequestContext, connectionScope?: string): TaskMethodCall {
  return {
    caller: taskCallerOf(ctx, connectionScope),
    optedIn: optsIntoTasks(ctx.clientCapabilities),
    ask: (request: TaskInputRequest) => {
      const params = request.params ?? {};
      if (request.method === 'elicitation/create') return ctx.elicit(params);
      if (request.method === 'sampling/createMessage') return ctx.createMessage(params);
      return ctx.listRoots();
    },
    get signal() {
      return ctx.signal;
    },
  };
}
