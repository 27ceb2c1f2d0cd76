import { recordParam } from '../metadata/store.js';

/**
 * Injects the request {@link Context}: progress, logging, elicitation, sampling, roots, cancellation.
 * @example
 * @Tool() async slow(@Ctx() ctx: Context) { await ctx.progress(1, 2); … }
 */
export function Ctx(): ParameterDecorator {
  return (target, key, index) => {
    recordParam(target.constructor, String(key), { kind: 'ctx', index });
  };
}
