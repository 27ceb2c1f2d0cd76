import {
  type CallToolResult,
  CapabilityNotSupportedError,
  type EngineLogger,
  ErrorCode,
  InputRequiredSignal,
  McpError,
  RequestTimeoutError,
  type ToolDefinition,
  type ToolsProvider,
} from '@decorum/protocol';
import { readScopes } from '../metadata/store.js';
import type { Class } from '../metadata/types.js';
import type { ToolEntry } from '../scanner/manifest.js';
import { toolDefinition } from './definitions.js';
import { compileInvoker, GuardRejectedError, InputError, type InvokeDeps, type Invoker } from './invoke.js';
import { normalizeToolResult, text } from './results.js';
import { ScopeFilter } from './scopes.js';
import { type Dialect, describeIssues, dialectFor, type SchemaServices } from './services.js';
import { ToolError } from './tool-error.js';

/** How tool failures are reported. */
export interface ToolPolicy {
  exposeErrors: boolean;
  validateOutput: boolean;
  logger: EngineLogger;
}

interface CompiledTool {
  entry: ToolEntry;
  invoke: Invoker;
  output?: Class;
}

const failure = (message: string): CallToolResult => ({ isError: true, content: [text(message)] });

/**
 * The tools of an app as an engine provider: lists built once per schema dialect, calls routed to
 * compiled closures. Every failure a model can act on (bad input, a refused guard, a ToolError)
 * becomes an `isError` result; other errors are masked unless `exposeErrors`.
 */
export function buildToolsProvider(entries: readonly ToolEntry[], deps: InvokeDeps, policy: ToolPolicy): ToolsProvider {
  const services: SchemaServices = deps.services;
  const byName = new Map<string, CompiledTool>();
  for (const entry of entries)
    byName.set(entry.name, { entry, invoke: compileInvoker(entry, deps), output: entry.options.output });
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lists: Record<Dialect, ToolDefinition[]> = {
    'draft-07': sorted.map((e) => toolDefinition(e, 'draft-07', services)),
    '2020-12': sorted.map((e) => toolDefinition(e, '2020-12', services)),
  };

  const visible = new ScopeFilter<ToolDefinition>(sorted.map((e) => readScopes(e.provider, e.method)));

  return {
    list: (ctx) => visible.filter(lists[dialectFor(ctx.protocolVersion)], ctx.authInfo),
    async call({ name, arguments: args = {} }, request) {
      const tool = byName.get(name);
      if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`, { name });
      let value: unknown;
      try {
        value = await tool.invoke(args, request);
      } catch (error) {
        if (error instanceof InputError)
          return failure(`Invalid arguments for tool "${name}":\n${describeIssues(error.issues)}`);
        if (error instanceof GuardRejectedError || error instanceof ToolError) return failure(error.message);
        // Asking the client something it cannot answer is a condition the model can act on, not a crash.
        if (error instanceof CapabilityNotSupportedError) return failure(`The client cannot do this: ${error.message}`);
        if (error instanceof RequestTimeoutError) return failure(`The client did not answer in time: ${error.message}`);
        // Protocol errors, and the modern era's "input required" signal, are the engine's to answer.
        if (error instanceof McpError || error instanceof InputRequiredSignal) throw error;
        policy.logger.error(`[decorum] tool "${name}" failed`, error);
        return failure(policy.exposeErrors && error instanceof Error ? error.message : 'Internal error');
      }
      const result = normalizeToolResult(value, {
        structured: tool.output !== undefined,
        mimeType: tool.entry.options.mimeType,
      });
      if (
        tool.output !== undefined &&
        policy.validateOutput &&
        result.structuredContent !== undefined &&
        !result.isError
      ) {
        const checked = await services.validate(tool.output, result.structuredContent);
        if (!checked.ok) {
          policy.logger.error(
            `[decorum] tool "${name}" returned output that does not match its output schema`,
            checked.issues,
          );
          return failure(`Internal error: the output of "${name}" does not match its schema`);
        }
      }
      return result;
    },
  };
}
