import type { CompleteResult, CompletionProvider } from '@decorum/protocol';
import type { CompletionEntry, PromptEntry, TemplateEntry } from '../scanner/manifest.js';
import { Context } from './context.js';
import type { InvokeDeps } from './invoke.js';

const MAX_VALUES = 100;

type Completer = (value: string, context: { arguments: Record<string, string> }, ctx: Context) => unknown;

/**
 * completion/complete from the `@Complete` methods: finds the provider for the prompt argument or
 * template variable, passes the already-resolved arguments, and caps the answer at 100 values.
 */
export function buildCompletionProvider(
  completions: readonly CompletionEntry[],
  prompts: readonly PromptEntry[],
  templates: readonly TemplateEntry[],
  deps: InvokeDeps,
): CompletionProvider {
  const key = (kind: string, name: string, argument: string) => `${kind}\u0000${name}\u0000${argument}`;
  const index = new Map<string, CompletionEntry>();
  for (const c of completions) {
    if (c.target.prompt !== undefined) index.set(key('prompt', c.target.prompt, c.argument), c);
    if (c.target.template !== undefined) index.set(key('resource', c.target.template, c.argument), c);
    if (c.target.member !== undefined) {
      const prompt = prompts.find((p) => p.provider === c.provider && p.method === c.target.member);
      const template = templates.find((t) => t.provider === c.provider && t.method === c.target.member);
      if (prompt) index.set(key('prompt', prompt.name, c.argument), c);
      if (template) index.set(key('resource', template.uriTemplate, c.argument), c);
    }
  }
  return async ({ ref, argument, context }, request) => {
    const name = ref.type === 'ref/prompt' ? ref.name : ref.uri;
    const entry = index.get(key(ref.type === 'ref/prompt' ? 'prompt' : 'resource', name, argument.name));
    if (entry === undefined) return { completion: { values: [], hasMore: false } };
    const instance = deps.container.get(entry.provider) as Record<string, Completer>;
    const ctx = new Context(request, deps.services, deps.notifyResourceUpdated);
    const raw = await (instance[entry.method] as Completer).call(
      instance,
      argument.value,
      { arguments: context?.arguments ?? {} },
      ctx,
    );
    const given = Array.isArray(raw) ? { values: raw as string[] } : (raw as CompleteResult['completion']);
    const values = given.values.map(String);
    const total = given.total ?? values.length;
    return {
      completion: {
        values: values.slice(0, MAX_VALUES),
        total,
        hasMore: given.hasMore ?? values.length > MAX_VALUES,
      },
    };
  };
}
