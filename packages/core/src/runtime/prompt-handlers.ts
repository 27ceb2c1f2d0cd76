import { ErrorCode, McpError, type PromptDefinition, type PromptsProvider } from '@decorum/protocol';
import { readScopes } from '../metadata/store.js';
import type { PromptEntry } from '../scanner/manifest.js';
import { promptDefinition } from './definitions.js';
import { compileInvoker, GuardRejectedError, InputError, type InvokeDeps, type Invoker } from './invoke.js';
import { normalizePromptResult } from './results.js';
import { ScopeFilter } from './scopes.js';
import { describeIssues } from './services.js';
import { ToolError } from './tool-error.js';

/** The prompts of an app as an engine provider; bad arguments answer -32602 with the issues. */
export function buildPromptsProvider(entries: readonly PromptEntry[], deps: InvokeDeps): PromptsProvider {
  const byName = new Map<string, { entry: PromptEntry; invoke: Invoker }>();
  for (const entry of entries) byName.set(entry.name, { entry, invoke: compileInvoker(entry, deps) });
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const list: PromptDefinition[] = sorted.map((e) => promptDefinition(e, deps.services));
  const visible = new ScopeFilter<PromptDefinition>(sorted.map((e) => readScopes(e.provider, e.method)));
  return {
    list: (ctx) => visible.filter(list, ctx.authInfo),
    async get({ name, arguments: args = {} }, request) {
      const prompt = byName.get(name);
      if (prompt === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`, { name });
      try {
        const value = await prompt.invoke(args, request);
        return normalizePromptResult(value, prompt.entry.options.description);
      } catch (error) {
        if (error instanceof InputError) {
          throw new McpError(
            ErrorCode.InvalidParams,
            `Invalid arguments for prompt "${name}":\n${describeIssues(error.issues)}`,
            {
              issues: error.issues,
            },
          );
        }
        if (error instanceof GuardRejectedError) throw new McpError(ErrorCode.InvalidRequest, error.message);
        // A ToolError is meant to be read: its message is sent as it is, not masked.
        if (error instanceof ToolError) throw new McpError(ErrorCode.InternalError, error.message);
        throw error;
      }
    },
  };
}
