// compile(entry, policy): every primitive goes through this one pipeline. The invoker does the call
// (scopes, input, guards, interceptors, method); the kind's policy turns what came back into the
// kind's MCP result and says how failures are answered; the error model (one table) does the rest.
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

/** A compiled primitive: a call in, the kind's result out (or the kind's JSON-RPC error). */
export type Compiled<R> = (call: Call) => Promise<R>;

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
  return async (call) => {
    try {
      const result = policy.normalise(await invoke(call), entry, call);
      // Awaited only when it is a promise: awaiting a plain value still costs a turn of the microtask queue.
      return result instanceof Promise ? await result : result;
    } catch (error) {
      return answerFailure(error, policy.subject(entry, call), policy.answer, deps.errors);
    }
  };
}
