// The router: the method table plus what both era codecs read of the server (capabilities, cache
// hints, the request-state signer, listen streams). One per ProtocolServer, shared by its sessions;
// it calls down into the providers and never up into a session or a transport.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import { skillMethods, skillsExtensionSettings } from '../skills/skill-methods.js';
import { SKILLS_EXTENSION_ID } from '../skills/skill-types.js';
import { type TaskPolicy, taskSupportOf } from '../tasks/task-call.js';
import { TasksExtension } from '../tasks/tasks-extension.js';
import type { MessageInfo } from '../transports/transport.js';
import { SUPPORTED_PROTOCOL_VERSIONS, versionAtLeast } from '../versions.js';
import type { Cancellation } from './cancellation.js';
import type { Catalog } from './catalog.js';
import { type ConnectionAbilities, FULL_ABILITIES, type LegacyState, type RequestChannel } from './channel.js';
import { createRequestContext, type RequestContext } from './context.js';
import type { MaybePromise } from './maybe-promise.js';
import { type CacheableMethod, type CacheHint, DEFAULT_CACHE_HINTS } from './modern/cache-hints.js';
import type { ModernRequest } from './modern/modern-request.js';
import { type RequestStateKeySource, RequestStateSigner } from './modern/request-state.js';
import { ListenerRegistry } from './modern/subscriptions.js';
import { type MethodHandler, type MethodScope, methodHandlers } from './server-methods.js';
import type { ResolvedServerOptions } from './server-options.js';
import type { JsonObject, ServerCapabilities, ToolDefinition } from './types.js';

/** The connection a legacy request came on: its channel and the state methods may change. */
export type LegacyConnection = RequestChannel & LegacyState;

/** Methods and what they share, for one server. */
export class Router implements MethodScope {
  /** Open `subscriptions/listen` streams (modern era). */
  readonly listeners = new ListenerRegistry();
  /** MCP tasks (both eras), mounted when the server was given `tasks` options. */
  readonly tasks?: TasksExtension;
  private signer?: RequestStateSigner;

  constructor(
    readonly options: ResolvedServerOptions,
    readonly catalog: Catalog,
  ) {
    const tasks = options.tasks;
    if (tasks !== undefined) this.tasks = tasks instanceof TasksExtension ? tasks : new TasksExtension(tasks);
  }

  /**
   * The capabilities for a revision: exactly what is registered, in the terms that revision knows,
   * less what the connection cannot honour. `identified`: the caller is an authenticated principal
   * (an anonymous one is not offered a list of tasks, which it could not be told apart in).
   */
  capabilities(
    version: string,
    abilities: ConnectionAbilities = FULL_ABILITIES,
    identified = false,
  ): ServerCapabilities {
    const { catalog, options } = this;
    const caps: ServerCapabilities = {};
    if (catalog.tools) caps.tools = { listChanged: true };
    if (catalog.resources) {
      caps.resources = {
        subscribe: catalog.resources.subscribe === true && abilities.subscriptions,
        listChanged: true,
      };
    }
    if (catalog.prompts) caps.prompts = { listChanged: true };
    if (catalog.completion && versionAtLeast(version, '2025-03-26')) caps.completions = {};
    if (options.logging && abilities.logging) caps.logging = {};
    if (options.experimental) caps.experimental = options.experimental;
    // Extensions are negotiated the same way in every revision (SEP-2133): legacy initialize and server/discover.
    if (catalog.extensions) caps.extensions = catalog.extensions;
    // Skills (SEP-2640): the extension, and `resources` with it (skill files are read as resources).
    if (catalog.skills) {
      caps.resources ??= { listChanged: true };
      caps.extensions = { ...caps.extensions, [SKILLS_EXTENSION_ID]: skillsExtensionSettings(catalog.skills) };
    }
    // Tasks declare their own capability per revision: the extension (2026-07-28), `tasks` (2025-11-25).
    const tasks = this.tasks?.capabilities(version, identified);
    if (tasks?.extensions) caps.extensions = { ...caps.extensions, ...tasks.extensions };
    if (tasks?.tasks) caps.tasks = tasks.tasks;
    return caps;
  }

  /** A method of the table, when it exists on this server for this connection. */
  method(name: string, abilities: ConnectionAbilities): MethodHandler | undefined {
    // Own properties only: a client's method name is data, and `constructor` is on every object's prototype.
    const handler = Object.hasOwn(methodHandlers, name)
      ? methodHandlers[name]
      : Object.hasOwn(skillMethods, name)
        ? skillMethods[name]
        : undefined;
    return handler?.available(this, abilities) ? handler : undefined;
  }

  /** Serves an initialized legacy connection's request (initialize and ping are the session's). */
  legacy(
    request: JsonRpcRequest,
    cancellation: Cancellation,
    info: MessageInfo | undefined,
    connection: LegacyConnection,
  ): MaybePromise<JsonObject> {
    const handler = this.method(request.method, connection.abilities);
    const ctx = createRequestContext(connection, request, cancellation, info);
    if (handler === undefined) {
      const task = this.tasks?.method(request.method, connection.protocolVersion);
      if (task === undefined) throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
      return task(request.params ?? {}, ctx, this.tasks?.connectionScope(connection, info));
    }
    if (request.method === 'tools/call' && this.tasks) {
      return this.toolCall(handler, request, cancellation, info, connection, undefined, connection);
    }
    return handler.handle(request.params ?? {}, ctx, this, connection);
  }

  /**
   * A tools/call while tasks are served: through the tasks extension, which runs the handler as a
   * plain call unless the tool has a task policy and the request opted in.
   */
  async toolCall(
    handler: MethodHandler,
    request: JsonRpcRequest,
    cancellation: Cancellation,
    info: MessageInfo | undefined,
    channel: RequestChannel,
    modern: ModernRequest | undefined,
    state: LegacyState | undefined,
  ): Promise<JsonObject> {
    const tasks = this.tasks as TasksExtension;
    const params = request.params ?? {};
    const policy = await this.taskPolicy(
      params.name,
      createRequestContext(channel, request, cancellation, info, modern),
    );
    return tasks.callTool({
      request,
      channel,
      cancellation,
      info,
      modern,
      policy,
      connectionScope: modern ? undefined : tasks.connectionScope(channel, info),
      invoke: (ctx) => handler.handle(params, ctx, this, state),
    });
  }

  private async taskPolicy(name: unknown, ctx: RequestContext): Promise<TaskPolicy> {
    const tools = this.catalog.tools;
    if (tools === undefined || typeof name !== 'string') return { support: 'forbidden' };
    if (tools.taskPolicy) return tools.taskPolicy(name) ?? { support: 'forbidden' };
    const definition: ToolDefinition | undefined = this.catalog.findTool(await tools.list(ctx), name)?.tool;
    return { support: taskSupportOf(definition), start: 'immediate' };
  }

  /** The revisions this server speaks, newest first (server/discover, and -32022 errors). */
  supportedVersions(): string[] {
    return [...SUPPORTED_PROTOCOL_VERSIONS].reverse();
  }

  /** The cache hint of a cacheable modern result; lists for an authenticated caller are private. */
  cacheHint(method: CacheableMethod, authenticated: boolean): CacheHint {
    const hint = this.options.modern?.cacheHints?.[method] ?? DEFAULT_CACHE_HINTS[method];
    return authenticated && method !== 'server/discover' ? { ...hint, cacheScope: 'private' } : hint;
  }

  /** The signer of multi-round-trip request states (keys imported once). */
  requestStateSigner(): RequestStateSigner {
    this.signer ??= new RequestStateSigner(this.options.modern?.requestState);
    return this.signer;
  }

  /** Signs `requestState` with keys from a shared source from now on. */
  useRequestStateKeys(keys: RequestStateKeySource): void {
    this.signer = new RequestStateSigner({ ...this.options.modern?.requestState, keys });
  }
}
