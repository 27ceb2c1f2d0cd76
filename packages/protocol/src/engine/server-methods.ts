// The method table shared by both eras: one entry per MCP method, each checking its params and
// calling the provider. The era codecs (the legacy session, the modern envelope) sit above it.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { Catalog } from './catalog.js';
import type { ConnectionAbilities, LegacyState } from './channel.js';
import type { RequestContext } from './context.js';
import { checkSubscriptionCount } from './limits.js';
import { andThen, type MaybePromise } from './maybe-promise.js';
import { paginate } from './pagination.js';
import type { ResolvedServerOptions } from './server-options.js';
import { carriesExtensionFields, shapeResult } from './shaping.js';
import { type JsonObject, LOGGING_LEVELS, type LoggingLevel } from './types.js';

/** What the methods read of the server: its providers and options. */
export interface MethodScope {
  readonly catalog: Catalog;
  readonly options: ResolvedServerOptions;
}

/** One method. `state` is the connection's legacy state; undefined for a modern (stateless) request. */
export interface MethodHandler {
  /** Whether the method exists here: what is registered decides, and what the connection can honour. */
  available(scope: MethodScope, abilities: ConnectionAbilities): boolean;
  handle(
    params: JsonObject,
    ctx: RequestContext,
    scope: MethodScope,
    state: LegacyState | undefined,
  ): MaybePromise<JsonObject>;
}

function requireString(params: JsonObject, key: string, method: string): string {
  const value = params[key];
  if (typeof value !== 'string') {
    throw new McpError(ErrorCode.InvalidParams, `${method}: "${key}" must be a string`, { field: key });
  }
  return value;
}

function optionalStringMap(params: JsonObject, key: string, method: string): Record<string, string> | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  const ok =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string');
  if (!ok)
    throw new McpError(ErrorCode.InvalidParams, `${method}: "${key}" must be an object of strings`, { field: key });
  return value as Record<string, string>;
}

/** The provider call of a method, through the instrumentation's handler hook when there is one. */
function provide<T>(
  scope: MethodScope,
  ctx: RequestContext,
  target: string | undefined,
  run: () => MaybePromise<T>,
): MaybePromise<T> {
  const instrumentation = scope.options.instrumentation;
  if (instrumentation?.handler === undefined) return run();
  return instrumentation.handler({ method: ctx.method, target, requestId: ctx.requestId }, async () => run());
}

/** Whether this request's client reads extension fields in a revision that predates them (shaping.ts). */
function extended(scope: MethodScope, ctx: RequestContext): boolean {
  return carriesExtensionFields(ctx.protocolVersion, scope.catalog.extensions, ctx.clientCapabilities.extensions);
}

/** A list method: full list from the provider, shaped for the version (cached), then one page. */
function listMethod(
  key: 'tools' | 'resources' | 'resourceTemplates' | 'prompts',
  load: (catalog: Catalog, ctx: RequestContext) => unknown,
  available: (scope: MethodScope) => boolean,
): MethodHandler {
  return {
    available,
    // Not async: a provider that lists synchronously (the usual case) is answered without a microtask turn.
    handle(params, ctx, scope) {
      return andThen(load(scope.catalog, ctx), (loaded) => {
        const items = (loaded ?? []) as readonly JsonObject[];
        const shaped = scope.catalog.shapedList(key, items, ctx.protocolVersion, extended(scope, ctx));
        const page = paginate(shaped, params.cursor, scope.options.pageSize);
        const result: JsonObject = { [key]: page.items };
        if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
        return result;
      });
    },
  };
}

const has = (kind: 'tools' | 'resources' | 'prompts') => (scope: MethodScope) => scope.catalog.has(kind);

const subscribable = (scope: MethodScope, abilities: ConnectionAbilities) =>
  scope.catalog.resources?.subscribe === true && abilities.subscriptions;

/** The server methods, by name (the modern era leaves out subscribe and setLevel). */
export const methodHandlers: Readonly<Record<string, MethodHandler>> = {
  'tools/list': listMethod('tools', (s, ctx) => s.tools?.list(ctx), has('tools')),
  'tools/call': {
    available: has('tools'),
    // Not async: a tool answered synchronously reaches the peer in the same turn (a throw here is the peer's to answer).
    handle(params, ctx, scope) {
      const name = requireString(params, 'name', 'tools/call');
      const args = params.arguments;
      if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
        throw new McpError(ErrorCode.InvalidParams, 'tools/call: "arguments" must be an object', {
          field: 'arguments',
        });
      }
      const tools = scope.catalog.tools as NonNullable<Catalog['tools']>;
      // The params as they came, their name and arguments checked above: no copy per call.
      const call = params as Parameters<typeof tools.call>[0];
      const result = provide(scope, ctx, name, () => tools.call(call, ctx));
      const carry = extended(scope, ctx);
      return andThen(result, (r) => shapeResult('tools/call', r as unknown as JsonObject, ctx.protocolVersion, carry));
    },
  },
  'resources/list': listMethod('resources', (s, ctx) => s.resources?.list(ctx), has('resources')),
  'resources/templates/list': listMethod(
    'resourceTemplates',
    (s, ctx) => s.resources?.templates?.(ctx),
    has('resources'),
  ),
  'resources/read': {
    available: has('resources'),
    async handle(params, ctx, scope) {
      const uri = requireString(params, 'uri', 'resources/read');
      const resources = scope.catalog.resources as NonNullable<Catalog['resources']>;
      const result = await provide(scope, ctx, uri, () => resources.read({ ...params, uri }, ctx));
      return shapeResult('resources/read', result as unknown as JsonObject, ctx.protocolVersion, extended(scope, ctx));
    },
  },
  'resources/subscribe': {
    available: subscribable,
    async handle(params, ctx, scope, state) {
      const uri = requireString(params, 'uri', 'resources/subscribe');
      // Updates of a resource tell a subscriber that it changed: nobody hears of one they may not read.
      await scope.catalog.resources?.authorizeSubscribe?.(uri, ctx);
      if (state && !state.subscriptions.has(uri)) checkSubscriptionCount(scope.options, state.subscriptions.size + 1);
      state?.subscriptions.add(uri);
      state?.stateChanged();
      return {};
    },
  },
  'resources/unsubscribe': {
    available: subscribable,
    async handle(params, _ctx, _scope, state) {
      state?.subscriptions.delete(requireString(params, 'uri', 'resources/unsubscribe'));
      state?.stateChanged();
      return {};
    },
  },
  'prompts/list': listMethod('prompts', (s, ctx) => s.prompts?.list(ctx), has('prompts')),
  'prompts/get': {
    available: has('prompts'),
    async handle(params, ctx, scope) {
      const name = requireString(params, 'name', 'prompts/get');
      const args = optionalStringMap(params, 'arguments', 'prompts/get');
      const prompts = scope.catalog.prompts as NonNullable<Catalog['prompts']>;
      const result = await provide(scope, ctx, name, () => prompts.get({ ...params, name, arguments: args }, ctx));
      return shapeResult('prompts/get', result as unknown as JsonObject, ctx.protocolVersion);
    },
  },
  'completion/complete': {
    available: (scope) => scope.catalog.completion !== undefined,
    async handle(params, ctx, scope) {
      const ref = params.ref as JsonObject | undefined;
      const argument = params.argument as JsonObject | undefined;
      const refOk =
        (ref?.type === 'ref/prompt' && typeof ref.name === 'string') ||
        (ref?.type === 'ref/resource' && typeof ref.uri === 'string');
      if (!refOk) {
        throw new McpError(
          ErrorCode.InvalidParams,
          'completion/complete: "ref" must be a ref/prompt with a name or a ref/resource with a uri',
        );
      }
      if (typeof argument?.name !== 'string' || typeof argument.value !== 'string') {
        throw new McpError(ErrorCode.InvalidParams, 'completion/complete: "argument" needs string "name" and "value"');
      }
      const complete = scope.catalog.completion as NonNullable<Catalog['completion']>;
      const target = (ref?.name ?? ref?.uri) as string;
      const result = await provide(scope, ctx, target, () => complete(params as never, ctx));
      return shapeResult('completion/complete', result as unknown as JsonObject, ctx.protocolVersion);
    },
  },
  'logging/setLevel': {
    available: (scope, abilities) => scope.options.logging && abilities.logging,
    async handle(params, _ctx, _scope, state) {
      const level = params.level;
      if (!LOGGING_LEVELS.includes(level as LoggingLevel)) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `logging/setLevel: "level" must be one of ${LOGGING_LEVELS.join(', ')}`,
          {
            field: 'level',
          },
        );
      }
      if (state) {
        state.logLevel = level as LoggingLevel;
        state.stateChanged();
      }
      return {};
    },
  },
};
