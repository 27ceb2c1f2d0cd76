// compile(entry, policy): every primitive goes through this one pipeline, compiled once at startup into the
// closure a call runs. The invoker does the call (scopes → input → guards → interceptors → method, decided
// here so a call only does the work); the kind's policy turns what came back into the kind's MCP result and
// says how failures are answered; the error model (one table) does the rest. Both are here, one file on a
// call's path: what they are built from (the call's shape, guards and interceptors as functions) is invoke.ts.
import { isThenable, type MaybePromise, type RequestContext } from '@decorum/protocol';
import { readGuards, readInterceptors, readScopes } from '../metadata/store.js';
import type { PrimitiveEntry, PromptEntry, ResourceEntry, TemplateEntry, ToolEntry } from '../scanner/manifest.js';
import { Context } from './context.js';
import { answerFailure, type ErrorOptions, type FailureAnswer } from './error-model.js';
import type { ExecutionContext, Guard, Interceptor } from './execution.js';
import { GuardRejectedError } from './failures.js';
import { compileInputCheck } from './input.js';
import {
  type Call,
  guardFunction,
  type InvokeDeps,
  type Invoker,
  instanceOf,
  intercepted,
  interceptorFunction,
} from './invoke.js';
import { demand } from './scopes.js';

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

/**
 * A kind's compiled primitives as the provider's call by name: the named one's pipeline runs directly (no
 * forwarding closure of the provider's own in between), an unknown name is answered by `unknown`.
 */
export function callByName<R>(
  compiled: ReadonlyMap<string, Compiled<R>>,
  unknown: (name: string, request: RequestContext) => Promise<never>,
): (params: { name: string; arguments?: Record<string, unknown> }, request: RequestContext) => MaybePromise<R> {
  return ({ name, arguments: args = {} }, request) => {
    const run = compiled.get(name);
    return run === undefined ? unknown(name, request) : run({ args, request });
  };
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

/** Compiles one decorated method into its {@link Invoker}. */
export function compileInvoker(entry: PrimitiveEntry, deps: InvokeDeps): Invoker {
  const required = readScopes(entry.provider, entry.method);
  const guards = [...deps.guards, ...(readGuards(entry.provider, entry.method) as Guard[])].map((g) =>
    guardFunction(g, deps.container),
  );
  const interceptors = [...deps.interceptors, ...(readInterceptors(entry.provider, entry.method) as Interceptor[])].map(
    (i) => interceptorFunction(i, deps.container),
  );
  const check = compileInputCheck(entry, deps.services);
  const ctxIndexes = entry.params.filter((p) => p.kind === 'ctx').map((p) => p.index);
  const count = entry.params.reduce((n, p) => Math.max(n, p.index + 1), 0);
  const method = (entry.provider.prototype as Record<string, (...args: unknown[]) => unknown>)[entry.method] as (
    ...args: unknown[]
  ) => unknown;
  const instance = instanceOf(entry.provider, deps.container);
  const kind = entry.kind === 'template' ? 'resource' : entry.kind;
  const what = (uri: string | undefined) => `${kind} "${uri ?? entry.name}"`;
  // Built per call only when something reads them: a Context costs a dozen closures (its loggers).
  const needsContext = guards.length > 0 || interceptors.length > 0 || ctxIndexes.length > 0;

  if (!needsContext) {
    // Not async: a synchronous method with a synchronous input check answers in the same turn.
    return (call) => {
      // Scopes before anything else: over HTTP this becomes the 403 that lets the client step up.
      // (A public primitive skips the check, and the message it would need.)
      if (required !== undefined) demand(call.request.authInfo, required, what(call.uri));
      const values: unknown[] = new Array(count);
      const checking = check(call, values);
      if (checking !== undefined) return checking.then(() => method.apply(instance(), values));
      return method.apply(instance(), values);
    };
  }
  return async (call) => {
    if (required !== undefined) demand(call.request.authInfo, required, what(call.uri));
    // Input before guards: the schema is public (tools/list), so a refused caller learns nothing
    // from its check, and a model that sent a malformed field is told what to correct.
    const values: unknown[] = new Array(count);
    const checking = check(call, values);
    if (checking !== undefined) await checking;
    const context = new Context(call.request, deps.services, deps.notifyResourceUpdated);
    for (const index of ctxIndexes) values[index] = context;
    const execution: ExecutionContext = {
      kind,
      name: entry.name,
      ...(call.uri !== undefined && { uri: call.uri }),
      target: entry.provider,
      method: entry.method,
      args: entry.kind === 'template' ? (call.variables ?? {}) : call.args,
      context,
    };
    for (const guard of guards) if (!(await guard(execution))) throw new GuardRejectedError();
    const target = instance();
    if (interceptors.length === 0) return method.apply(target, values);
    return intercepted(interceptors, execution, () => method.apply(target, values));
  };
}
