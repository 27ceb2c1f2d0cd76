// compile(entry, policy): every primitive goes through this one pipeline. The invoker does the call
// (scopes, input, guards, interceptors, method); the kind's policy turns what came back into the
// kind's MCP result and says how failures are answered; the error model (one table) does the rest.
import { isThenable, type MaybePromise } from '@decorum/protocol';
import type { PrimitiveEntry, PromptEntry, ResourceEntry, TemplateEntry, ToolEntry } from '../scanner/manifest.js';
import { answerFailure, type ErrorOptions, type FailureAnswer } from './error-model.js';
import { type Call, compileInvoker, type InvokeDeps } from './invoke.js';

/** What makes one primitive kind different from the others: its result shape and its failure answer. */
export interface KindPolicy<E extends PrimitiveEntry, R> {
  /** How the client is told of a failure: a result (tools) or a JSON-RPC error. */
  answer: FailureAnswer<R>;
  /** What messages call it: `tool "search"`, `prompt "greet"`, `resource "notes://1"`. */
  subject(entry: E, call: Call): string;
  /** The method's return value as the kind's result (may throw: then it is a failure too). */
  normalise(value: unknown, entry: E, call: Call): R | Promise<R>;
}

/** The policies of the four kinds, as a table (see policies.ts). */
export interface KindPolicies<Tool, Resource, Prompt> {
  tool: KindPolicy<ToolEntry, Tool>;
  resource: KindPolicy<ResourceEntry, Resource>;
  template: KindPolicy<TemplateEntry, Resource>;
  prompt: KindPolicy<PromptEntry, Prompt>;
}

/**
 * A compiled primitive: a call in, the kind's result out (or the kind's JSON-RPC error, thrown or as a
 * rejection). Synchronous when the method and its input check are: no promise is made for a plain answer.
 */
export type Compiled<R> = (call: Call) => MaybePromise<R>;

/** What compiling needs from the app. */
export interface CompileDeps extends InvokeDeps {
  errors: ErrorOptions;
}

/** Compiles one primitive through its kind's policy, once at startup. */
export function compile<E extends PrimitiveEntry, R>(
  entry: E,
  policy: KindPolicy<E, R>,
  deps: CompileDeps,
): Compiled<R> {
  const invoke = compileInvoker(entry, deps);
  const fail = (error: unknown, call: Call) =>
    answerFailure(error, policy.subject(entry, call), policy.answer, deps.errors);
  // A failure of the normalising (an output that does not match its schema, a prompt's bad return) is the
  // primitive's failure too, whether the method answered at once or through a promise.
  const settle = (value: unknown, call: Call): MaybePromise<R> => {
    try {
      const result = policy.normalise(value, entry, call);
      return isThenable(result) ? Promise.resolve(result).catch((error: unknown) => fail(error, call)) : result;
    } catch (error) {
      return fail(error, call);
    }
  };
  return (call) => {
    try {
      const value = invoke(call);
      // Only a promise is waited on: each turn of the microtask queue is a share of a small call.
      if (!isThenable(value)) return settle(value, call);
      return Promise.resolve(value).then(
        (resolved) => settle(resolved, call),
        (error: unknown) => fail(error, call),
      );
    } catch (error) {
      return fail(error, call);
    }
  };
}
