import {
  ErrorCode,
  type GetPromptResult,
  McpError,
  type PromptDefinition,
  type PromptsProvider,
} from '@decorum/protocol';
import { readScopes } from '../metadata/store.js';
import type { PromptEntry } from '../scanner/manifest.js';
import { type CompileDeps, type Compiled, compile, type KindPolicy } from './compile.js';
import { promptDefinition } from './definitions.js';
import { ScopeFilter } from './scopes.js';
import { echoed, unknownName } from './suggest.js';

/** The prompts of an app as an engine provider: gets routed to their compiled pipelines. */
export function buildPromptsProvider(
  entries: readonly PromptEntry[],
  policy: KindPolicy<PromptEntry, GetPromptResult>,
  deps: CompileDeps,
): PromptsProvider {
  const byName = new Map<string, Compiled<GetPromptResult>>();
  for (const entry of entries) byName.set(entry.name, compile(entry, policy, deps));
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const list: PromptDefinition[] = sorted.map((e) => promptDefinition(e, deps.services));
  const visible = new ScopeFilter<PromptDefinition>(sorted.map((e) => readScopes(e.provider, e.method)));
  return {
    list: (ctx) => visible.filter(list, ctx.authInfo),
    async get({ name, arguments: args = {} }, request) {
      const prompt = byName.get(name);
      if (prompt === undefined) {
        const known = visible.filter(list, request.authInfo).map((p) => p.name);
        throw new McpError(ErrorCode.InvalidParams, unknownName('Unknown prompt', name, known), {
          name: echoed(name),
        });
      }
      return prompt({ args, request });
    },
  };
}
