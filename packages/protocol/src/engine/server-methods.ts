import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { RequestContext } from './context.js';
import { paginate } from './pagination.js';
import type { ProtocolServer } from './server.js';
import { shapeResult } from './shaping.js';
import { type JsonObject, LOGGING_LEVELS, type LoggingLevel } from './types.js';

interface MethodHandler {
  /** Whether the method exists on this server (what is registered decides, as do the capabilities). */
  available(server: ProtocolServer): boolean;
  handle(params: JsonObject, ctx: RequestContext): Promise<JsonObject>;
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

/** A list method: full list from the provider, shaped for the version (cached), then one page. */
function listMethod(
  key: 'tools' | 'resources' | 'resourceTemplates' | 'prompts',
  load: (server: ProtocolServer, ctx: RequestContext) => unknown,
  available: (server: ProtocolServer) => boolean,
): MethodHandler {
  return {
    available,
    async handle(params, ctx) {
      const server = ctx.session.server;
      const items = ((await load(server, ctx)) ?? []) as readonly JsonObject[];
      const shaped = server.shapedList(key, items, ctx.protocolVersion);
      const page = paginate(shaped, params.cursor, server.options.pageSize);
      const result: JsonObject = { [key]: page.items };
      if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
      return result;
    },
  };
}

const has = (kind: 'tools' | 'resources' | 'prompts') => (server: ProtocolServer) => server.hasProvider(kind);

/** The legacy-era server methods, by name. */
export const methodHandlers: Readonly<Record<string, MethodHandler>> = {
  'tools/list': listMethod('tools', (s, ctx) => s.tools?.list(ctx), has('tools')),
  'tools/call': {
    available: has('tools'),
    async handle(params, ctx) {
      const name = requireString(params, 'name', 'tools/call');
      const args = params.arguments;
      if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
        throw new McpError(ErrorCode.InvalidParams, 'tools/call: "arguments" must be an object', {
          field: 'arguments',
        });
      }
      const result = await ctx.session.server.tools!.call(
        { ...params, name, arguments: args as JsonObject | undefined },
        ctx,
      );
      return shapeResult('tools/call', result as unknown as JsonObject, ctx.protocolVersion);
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
    async handle(params, ctx) {
      const uri = requireString(params, 'uri', 'resources/read');
      const result = await ctx.session.server.resources!.read({ ...params, uri }, ctx);
      return shapeResult('resources/read', result as unknown as JsonObject, ctx.protocolVersion);
    },
  },
  'resources/subscribe': {
    available: (server) => server.resources?.subscribe === true,
    async handle(params, ctx) {
      const uri = requireString(params, 'uri', 'resources/subscribe');
      // Updates of a resource tell a subscriber that it changed: nobody hears of one they may not read.
      await ctx.session.server.resources?.authorizeSubscribe?.(uri, ctx);
      ctx.session.subscriptions.add(uri);
      ctx.session.onstatechange?.();
      return {};
    },
  },
  'resources/unsubscribe': {
    available: (server) => server.resources?.subscribe === true,
    async handle(params, ctx) {
      ctx.session.subscriptions.delete(requireString(params, 'uri', 'resources/unsubscribe'));
      ctx.session.onstatechange?.();
      return {};
    },
  },
  'prompts/list': listMethod('prompts', (s, ctx) => s.prompts?.list(ctx), has('prompts')),
  'prompts/get': {
    available: has('prompts'),
    async handle(params, ctx) {
      const name = requireString(params, 'name', 'prompts/get');
      const args = optionalStringMap(params, 'arguments', 'prompts/get');
      const result = await ctx.session.server.prompts!.get({ ...params, name, arguments: args }, ctx);
      return shapeResult('prompts/get', result as unknown as JsonObject, ctx.protocolVersion);
    },
  },
  'completion/complete': {
    available: (server) => server.completion !== undefined,
    async handle(params, ctx) {
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
      const result = await ctx.session.server.completion!(params as never, ctx);
      return shapeResult('completion/complete', result as unknown as JsonObject, ctx.protocolVersion);
    },
  },
  'logging/setLevel': {
    available: (server) => server.options.logging,
    async handle(params, ctx) {
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
      ctx.session.logLevel = level as LoggingLevel;
      ctx.session.onstatechange?.();
      return {};
    },
  },
};
