import type { RequestContext } from './context.js';
import type { MaybePromise } from './maybe-promise.js';
import type {
  CallToolResult,
  CompleteResult,
  GetPromptResult,
  JsonObject,
  PromptDefinition,
  ReadResourceResult,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from './types.js';

/**
 * How a tool takes part in tasks, as the tasks extension reads it (structurally its `TaskPolicy`):
 * whether it may be one, and who starts it. The engine only hands it on.
 */
export interface ToolTaskPolicy {
  support: 'forbidden' | 'optional' | 'required';
  start?: 'immediate' | 'handler';
}

/**
 * Serves tools. `list` should return the same array instance while the tools do not change: the
 * engine caches the version-shaped copy per array, so a list costs nothing per request.
 */
export interface ToolsProvider {
  list(ctx: RequestContext): MaybePromise<readonly ToolDefinition[]>;
  call(
    params: { name: string; arguments?: JsonObject; _meta?: JsonObject },
    ctx: RequestContext,
  ): MaybePromise<CallToolResult>;
  /**
   * How a tool takes part in tasks, when the server mounts the tasks extension (`TaskPolicy` of
   * `@decorum/protocol/tasks`); undefined: never a task. Synchronous, so that a call of a tool that
   * is not task-capable runs as with tasks off. Without this member, the tasks extension reads the
   * tool's `execution.taskSupport` from the list, at the cost of a list per call.
   */
  taskPolicy?(name: string): ToolTaskPolicy | undefined;
}

/** Serves resources and resource templates. */
export interface ResourcesProvider {
  list(ctx: RequestContext): MaybePromise<readonly ResourceDefinition[]>;
  templates?(ctx: RequestContext): MaybePromise<readonly ResourceTemplateDefinition[]>;
  read(params: { uri: string; _meta?: JsonObject }, ctx: RequestContext): MaybePromise<ReadResourceResult>;
  /** Whether clients may subscribe to resource updates. */
  subscribe?: boolean;
  /**
   * Called before `resources/subscribe` records a subscription: throw (an `McpError`, or an
   * `InsufficientScopeError` for a 403 step-up over HTTP) to refuse a caller who may not read `uri`.
   */
  authorizeSubscribe?(uri: string, ctx: RequestContext): MaybePromise<void>;
}

/** Serves prompts. */
export interface PromptsProvider {
  list(ctx: RequestContext): MaybePromise<readonly PromptDefinition[]>;
  get(
    params: { name: string; arguments?: Record<string, string>; _meta?: JsonObject },
    ctx: RequestContext,
  ): MaybePromise<GetPromptResult>;
}

/** Answers completion/complete. */
export type CompletionProvider = (
  params: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
    context?: { arguments?: Record<string, string> };
  },
  ctx: RequestContext,
) => MaybePromise<CompleteResult>;
