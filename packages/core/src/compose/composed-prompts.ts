// The prompts clients see (own and mounted, transformed), and completion/complete routed the same
// way: a prompt's or template's shown name mapped back to whoever serves it.
import {
  type CompletionProvider,
  ErrorCode,
  type GetPromptResult,
  McpError,
  type PromptArgument,
  type PromptDefinition,
  type PromptsProvider,
  type RequestContext,
} from '@decorum/protocol';
import { allows } from '../runtime/scopes.js';
import { echoed, unknownName } from '../runtime/suggest.js';
import { mountOf } from './composed-resources.js';
import type { PipedMount } from './composed-tools.js';
import { ListCache } from './list-cache.js';
import {
  type ArgumentTransform,
  type NameTransforms,
  type PromptTransform,
  shownItem,
  transformArguments,
} from './transforms.js';

const EMPTY: readonly PromptDefinition[] = [];
const own = Object.prototype.hasOwnProperty;

function shownArguments(args: readonly PromptArgument[], transforms: Readonly<Record<string, ArgumentTransform>>) {
  const out: PromptArgument[] = [];
  for (const arg of args) {
    const t = own.call(transforms, arg.name) ? transforms[arg.name] : undefined;
    if (t !== undefined && own.call(t, 'fixed')) continue;
    const shown: PromptArgument = { ...arg, name: t?.name ?? arg.name };
    if (t?.description !== undefined) shown.description = t.description;
    if (t !== undefined && own.call(t, 'default')) {
      shown.required = false;
      shown.description = `${shown.description ?? ''}${shown.description ? ' ' : ''}(default: ${String(t.default)})`;
    }
    out.push(shown);
  }
  return out;
}

function shownPrompt(prompt: PromptDefinition, transform: PromptTransform | undefined): PromptDefinition {
  const out = shownItem(prompt, transform);
  if (transform?.arguments === undefined || prompt.arguments === undefined) return out;
  return { ...out, arguments: shownArguments(prompt.arguments, transform.arguments) };
}

/** Composes the own prompts provider (if any), the mounts' prompts and the transforms into one provider. */
export function composePrompts(
  ownProvider: PromptsProvider | undefined,
  ownNames: ReadonlySet<string>,
  mounts: readonly PipedMount[],
  transforms: NameTransforms<PromptTransform>,
): PromptsProvider {
  const cache = new ListCache<readonly PromptDefinition[], PromptDefinition>((parts) => {
    const seen = new Set<string>();
    const out: PromptDefinition[] = [];
    for (const list of parts) {
      for (const prompt of list) {
        if (seen.has(prompt.name)) continue;
        seen.add(prompt.name);
        if (transforms.shown(prompt.name) !== undefined) out.push(shownPrompt(prompt, transforms.of(prompt.name)));
      }
    }
    return out;
  });
  const list = async (ctx: RequestContext) =>
    cache.get([
      ownProvider === undefined ? EMPTY : await ownProvider.list(ctx),
      ...mounts.map((m) => (allows(ctx.authInfo, m.server.mount.scopes) ? m.server.lists.prompts : EMPTY)),
    ]);

  return {
    list,
    async get({ name, arguments: sent = {}, _meta }, ctx): Promise<GetPromptResult> {
      const original = transforms.original(name);
      const argTransforms = original === undefined ? undefined : transforms.of(original)?.arguments;
      const args = argTransforms === undefined ? sent : transformArguments(sent, argTransforms);
      if (original !== undefined && !ownNames.has(original)) {
        for (const { server, pipeline } of mounts) {
          const upstream = server.naming.unname(original);
          if (upstream === undefined) continue;
          if (server.connected && !server.lists.prompts.some((p) => p.name === original)) continue;
          return pipeline({ kind: 'prompt', name, upstream, args, request: ctx }, 'error', () =>
            server.getPrompt(upstream, args as Record<string, string>, ctx),
          );
        }
      }
      if (original !== undefined && ownNames.has(original) && ownProvider !== undefined) {
        return ownProvider.get(
          { name: original, arguments: args as Record<string, string>, ...(_meta !== undefined && { _meta }) },
          ctx,
        );
      }
      const known = (await list(ctx)).map((p) => p.name);
      throw new McpError(ErrorCode.InvalidParams, unknownName('Unknown prompt', name, known), { name: echoed(name) });
    },
  };
}

/** Routes completion/complete: a mounted prompt or template to its server, the rest to the own provider. */
export function composeCompletion(
  ownProvider: CompletionProvider | undefined,
  ownNames: ReadonlySet<string>,
  mounts: readonly PipedMount[],
  transforms: NameTransforms<PromptTransform>,
): CompletionProvider {
  const none = { completion: { values: [] } };
  return async (params, ctx) => {
    const { ref, argument } = params;
    if (ref.type === 'ref/prompt') {
      const original = transforms.original(ref.name);
      if (original === undefined) return none;
      const argTransforms = transforms.of(original)?.arguments ?? {};
      const argName = Object.entries(argTransforms).find(([, t]) => t.name === argument.name)?.[0] ?? argument.name;
      if (!ownNames.has(original)) {
        for (const { server } of mounts) {
          const upstream = server.naming.unname(original);
          if (upstream !== undefined) {
            const context =
              params.context === undefined
                ? undefined
                : { arguments: transformArguments(params.context.arguments ?? {}, argTransforms) };
            return server.complete(
              { type: 'ref/prompt', name: upstream },
              { name: argName, value: argument.value },
              context,
            );
          }
        }
      }
      return ownProvider
        ? ownProvider({ ...params, ref: { ...ref, name: original }, argument: { ...argument, name: argName } }, ctx)
        : none;
    }
    const target = mountOf(mounts, ref.uri);
    if (target !== undefined) {
      return target.mount.server.complete({ type: 'ref/resource', uri: target.upstream }, argument, params.context);
    }
    return ownProvider ? ownProvider(params, ctx) : none;
  };
}
