import { type CallToolResult, ErrorCode, McpError, type ToolDefinition, type ToolsProvider } from '@decorum/protocol';
import { readScopes } from '../metadata/store.js';
import type { ToolEntry } from '../scanner/manifest.js';
import type { SchemaDialect } from '../schema/schema-builder.js';
import { taskPolicyOf } from '../tasks/task-option.js';
import { type CompileDeps, type Compiled, callByName, compile, type KindPolicy } from './compile.js';
import { toolDefinition } from './definitions.js';
import { ScopeFilter } from './scopes.js';
import { dialectFor } from './services.js';
import { echoed, unknownName } from './suggest.js';

/**
 * The tools of an app as an engine provider: lists built once per schema dialect, calls routed to
 * their compiled pipelines (which answer every failure a model can act on as an `isError` result).
 */
export function buildToolsProvider(
  entries: readonly ToolEntry[],
  policy: KindPolicy<ToolEntry, CallToolResult>,
  deps: CompileDeps,
): ToolsProvider {
  const byName = new Map<string, Compiled<CallToolResult>>();
  for (const entry of entries) byName.set(entry.name, compile(entry, policy, deps));
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lists: Record<SchemaDialect, ToolDefinition[]> = {
    'draft-07': sorted.map((e) => toolDefinition(e, 'draft-07', deps.services)),
    '2020-12': sorted.map((e) => toolDefinition(e, '2020-12', deps.services)),
  };
  const visible = new ScopeFilter<ToolDefinition>(sorted.map((e) => readScopes(e.provider, e.method)));

  const policies = new Map(entries.map((e) => [e.name, taskPolicyOf(e.options.task)]));
  return {
    list: (ctx) => visible.filter(lists[dialectFor(ctx.protocolVersion)], ctx.authInfo),
    taskPolicy: (name) => policies.get(name),
    // Not async: the compiled tool's promise is handed on as it is (an async wrapper costs two more turns per call).
    call: callByName(byName, (name, request) => {
      const known = visible.filter(lists['2020-12'], request.authInfo).map((t) => t.name);
      const message = unknownName('Unknown tool', name, known);
      return Promise.reject(new McpError(ErrorCode.InvalidParams, message, { name: echoed(name) }));
    }),
  };
}
