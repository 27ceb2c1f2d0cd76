// Tasks as a server extension: two method sets with their capabilities, the wrapper a tools/call
// goes through when it may become a task, and the task part of a listen stream. The engine mounts
// it through its extension seam (engine/extension.ts) and knows nothing of tasks.
import type { Cancellation } from '../engine/cancellation.js';
import type { RequestChannel } from '../engine/channel.js';
import { createRequestContext, type RequestContext } from '../engine/context.js';
import type {
  CallWrapper,
  ExtensionMethod,
  ExtensionScope,
  ListenContribution,
  ServerExtension,
  WrappedCall,
} from '../engine/extension.js';
import { DEFAULT_MAX_SUBSCRIPTIONS } from '../engine/limits.js';
import type { MaybePromise } from '../engine/maybe-promise.js';
import type { ModernRequest } from '../engine/modern/modern-request.js';
import type { JsonObject, ServerCapabilities } from '../engine/types.js';
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import { callWithTasks, optsIntoTasks, type TaskBridge, type TaskPolicy, taskSupportOf } from './task-call.js';
import { listenToTasks } from './task-listen.js';
import { type TaskCaller, TaskManager, type TaskOptions } from './task-manager.js';
import { type ExtensionMethodSet, legacyTaskMethods, modernTaskMethods, type TaskMethodCall } from './task-methods.js';
import { TaskRequestContext } from './task-request-context.js';
import { TASKS_EXTENSION, type TaskInputRequest } from './task-types.js';

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
  /** The context the router made for the request (built here when absent): who asks, its `_meta`. */
  ctx?: RequestContext;
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

/** The 2025-11-25 opt-in: `params.task` is an object. */
function legacyTaskParam(params: JsonObject): JsonObject | undefined {
  const task = params.task;
  return task !== null && typeof task === 'object' && !Array.isArray(task) ? (task as JsonObject) : undefined;
}

/**
 * The tasks of one server, mounted at its router: the 2026-07-28 extension and the 2025-11-25
 * utility, both off unless the server mounts it (extensions are opt-in, SEP-2133).
 * @example
 * const server = new ProtocolServer({ serverInfo, extensions: [new TasksExtension({ pollIntervalMs: 500 })] });
 * new TasksExtension().capabilities('2026-07-28'); // { extensions: { 'io.modelcontextprotocol/tasks': {} } }
 */
export class TasksExtension implements ServerExtension {
  readonly id = TASKS_EXTENSION;
  readonly manager: TaskManager;
  readonly sets: readonly ExtensionMethodSet[];
  /** A tools/call goes through the tasks only when it may become a task or must be refused. */
  readonly wrappers: Readonly<Record<string, CallWrapper>>;
  // Anonymous legacy callers list the tasks of their connection: a name per connection object.
  private readonly connections = new WeakMap<object, string>();

  constructor(options: TaskOptions | TaskManager = {}) {
    this.manager = options instanceof TaskManager ? options : new TaskManager(options);
    this.sets = [modernTaskMethods(this.manager), legacyTaskMethods(this.manager)];
    this.wrappers = {
      'tools/call': {
        applies: (params, ctx, scope) => this.applies(params, ctx, scope),
        around: (call) => this.around(call),
      },
    };
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
  method(name: string, version: string): ExtensionMethod | undefined {
    // Own properties only: a method named `constructor` or `__proto__` is not found, not Object's.
    const set = this.sets.find((s) => s.serves(version) && Object.hasOwn(s.methods, name));
    const method = set?.methods[name];
    if (method === undefined) return undefined;
    return (params, ctx, origin) => {
      const scope = origin.connection && this.connectionScope(origin.connection, origin.info);
      return method(params, methodCall(ctx, scope));
    };
  }

  /**
   * Whether a tools/call needs the tasks at all, decided without building anything: only when the
   * client opted in (2026-07-28: the extension in the request's capabilities; 2025-11-25: `params.task`)
   * or the tool requires a task (then the call is refused). Any other call runs as with tasks off.
   */
  private applies(params: JsonObject, ctx: RequestContext, scope: ExtensionScope): boolean {
    const tools = scope.catalog.tools;
    if (tools === undefined) return false;
    // Without a policy member only the tool's listed definition tells: the slower path reads the list.
    if (tools.taskPolicy === undefined) return true;
    const name = params.name;
    const support = typeof name === 'string' ? (tools.taskPolicy(name)?.support ?? 'forbidden') : 'forbidden';
    const modern = ctx.modern;
    if (modern !== undefined) {
      return support === 'required' || (support === 'optional' && optsIntoTasks(modern.clientCapabilities));
    }
    // 2025-11-25: a task request for a tool without task support is refused here too.
    return support === 'required' || legacyTaskParam(params) !== undefined;
  }

  private async around(call: WrappedCall): Promise<JsonObject> {
    const { ctx, params } = call;
    const policy = await this.policyOf(params.name, ctx, call.scope);
    return this.callTool({
      request: call.request,
      channel: call.channel,
      cancellation: call.cancellation,
      info: call.info,
      modern: ctx.modern,
      ctx,
      policy,
      connectionScope: call.connection && this.connectionScope(call.connection, call.info),
      invoke: (taskCtx) => call.next(taskCtx),
    });
  }

  private async policyOf(name: unknown, ctx: RequestContext, scope: ExtensionScope): Promise<TaskPolicy> {
    const tools = scope.catalog.tools;
    if (tools === undefined || typeof name !== 'string') return { support: 'forbidden' };
    if (tools.taskPolicy) return tools.taskPolicy(name) ?? { support: 'forbidden' };
    const definition = scope.catalog.findTool(await tools.list(ctx), name)?.tool;
    return { support: taskSupportOf(definition), start: 'immediate' };
  }

  /** Serves a tools/call that may become a task (a tool without task support runs as always). */
  callTool(call: ToolCallOnTasks): Promise<JsonObject> {
    const { request, channel, cancellation, info, modern, policy } = call;
    const params = request.params ?? {};
    const probe = call.ctx ?? createRequestContext(channel, request, cancellation, info, modern);
    const legacyTask = legacyTaskParam(params);
    const ttl = legacyTask?.ttl;
    return callWithTasks(this.manager, {
      era: modern ? 'modern' : 'legacy',
      method: request.method,
      support: policy.support,
      optedIn: modern ? optsIntoTasks(modern.clientCapabilities) : legacyTask !== undefined,
      requestedTtlMs: typeof ttl === 'number' ? ttl : undefined,
      caller: taskCallerOf(probe, call.connectionScope),
      cancellation,
      notify: modern ? undefined : (method, notification) => channel.notify(method, notification),
      run: async (bridge) => {
        const ctx = new TaskRequestContext(
          probe,
          bridge.channel(channel),
          bridge.cancellation,
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
  async listen(
    filter: JsonObject,
    ctx: RequestContext,
    scope: ExtensionScope,
  ): Promise<ListenContribution | undefined> {
    if (filter.taskIds === undefined) return undefined;
    const max = scope.options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS;
    const listen = await listenToTasks(this.manager, filter.taskIds, taskCallerOf(ctx), ctx.clientCapabilities, max);
    return { honored: { taskIds: listen.taskIds }, follow: (send, signal) => listen.follow(send, signal) };
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
