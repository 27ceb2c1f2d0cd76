import type { CompleteResult, CompletionProvider } from '@decorum/protocol';
import { ResourceDeclarationError } from '../errors.js';
import { readScopes } from '../metadata/store.js';
import type { CompletionEntry, PromptEntry, TemplateEntry } from '../scanner/manifest.js';
import type { CompileDeps } from './compile.js';
import { Context } from './context.js';
import { answerFailure } from './error-model.js';
import { instanceOf } from './invoke.js';
import { allows, type Requirement } from './scopes.js';

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
  deps: CompileDeps,
): CompletionProvider {
  const key = (kind: string, name: string, argument: string) => `${kind}\u0000${name}\u0000${argument}`;
  const index = new Map<string, { entry: CompletionEntry; instance: () => unknown }>();
  // Completing a prompt's or template's arguments needs what using it needs.
  const required = new Map<string, Requirement>();
  const claim = (k: string, c: CompletionEntry, target: PromptEntry | TemplateEntry) => {
    required.set(k, readScopes(target.provider, target.method));
    const other = index.get(k)?.entry;
    if (other !== undefined) {
      throw new ResourceDeclarationError(
        `${c.where} and ${other.where} both complete the same argument "${c.argument}"; keep one`,
      );
    }
    index.set(k, { entry: c, instance: instanceOf(c.provider, deps.container) });
  };
  for (const c of completions) {
    const prompt = c.target.prompt !== undefined ? prompts.find((p) => p.name === c.target.prompt) : undefined;
    const template =
      c.target.template !== undefined ? templates.find((t) => t.uriTemplate === c.target.template) : undefined;
    const member = c.target.member;
    const memberPrompt =
      member !== undefined ? prompts.find((p) => p.provider === c.provider && p.method === member) : undefined;
    const memberTemplate =
      member !== undefined ? templates.find((t) => t.provider === c.provider && t.method === member) : undefined;
    const targets = [prompt ?? memberPrompt, template ?? memberTemplate].filter((t) => t !== undefined);
    if (targets.length === 0) {
      const what = JSON.stringify(c.target);
      throw new ResourceDeclarationError(
        `${c.where}: @Complete(${what}) names no prompt or resource template of this app`,
      );
    }
    for (const target of targets) {
      if (target.kind === 'prompt') claim(key('prompt', target.name, c.argument), c, target);
      else claim(key('resource', target.uriTemplate, c.argument), c, target);
    }
  }
  return async ({ ref, argument, context }, request) => {
    const name = ref.type === 'ref/prompt' ? ref.name : ref.uri;
    const k = key(ref.type === 'ref/prompt' ? 'prompt' : 'resource', name, argument.name);
    const found = index.get(k);
    if (found === undefined || !allows(request.authInfo, required.get(k)))
      return { completion: { values: [], hasMore: false } };
    const instance = found.instance() as Record<string, Completer>;
    const ctx = new Context(request, deps.services, deps.notifyResourceUpdated);
    let raw: unknown;
    try {
      raw = await (instance[found.entry.method] as Completer).call(
        instance,
        argument.value,
        { arguments: context?.arguments ?? {} },
        ctx,
      );
    } catch (error) {
      // The same error model as the primitives, answered as JSON-RPC errors.
      return answerFailure(error, `completion of "${argument.name}" for ${name}`, 'error', deps.errors);
    }
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
