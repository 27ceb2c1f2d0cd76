// The call step of the pipeline: one decorated method compiled into a closure, once at startup.
// Scopes, the input check, guards, interceptors and the provider instance are decided here, so a
// call only does the work. Order: scopes → input → guards → interceptors → method.
import type { RequestContext } from '@decorum/protocol';
import { readGuards, readInterceptors, readScopes } from '../metadata/store.js';
import type { Class } from '../metadata/types.js';
import type { PrimitiveEntry } from '../scanner/manifest.js';
import type { Container } from './container.js';
import { Context } from './context.js';
import type {
  CanActivate,
  ExecutionContext,
  Guard,
  GuardFunction,
  Interceptor,
  InterceptorFunction,
  Intercepts,
} from './execution.js';
import { GuardRejectedError } from './failures.js';
import { compileInputCheck } from './input.js';
import { demand } from './scopes.js';
import type { SchemaServices } from './services.js';

/** What every compiled handler shares: built once per app. */
export interface InvokeDeps {
  container: Container;
  services: SchemaServices;
  guards: readonly Guard[];
  interceptors: readonly Interceptor[];
  notifyResourceUpdated: (uri: string) => void;
}

/** One call of a primitive, as the providers hand it to the pipeline. */
export interface Call {
  /** Tool or prompt arguments (`{}` for resources). */
  args: Record<string, unknown>;
  request: RequestContext;
  /** The variables a template matched. */
  variables?: Record<string, string | string[]>;
  /** The URI being read (resources and templates). */
  uri?: string;
}

/**
 * A compiled method: what the method returned (its interceptors included), or a promise of it. A method
 * without guards, interceptors or a context parameter is called synchronously, and a throw is thrown.
 */
export type Invoker = (call: Call) => unknown;

/**
 * How to get an instance of `token`: captured now when the container says it is a singleton, so a
 * call does no container lookup; asked for on every call otherwise (transient or request scopes).
 */
export function instanceOf<T>(token: Class<T>, container: Container): () => T {
  if (container.lifetime?.(token) === 'singleton') {
    const instance = container.get(token);
    return () => instance;
  }
  return () => container.get(token);
}

const isClass = (value: unknown, method: string): value is Class =>
  typeof value === 'function' &&
  typeof (value.prototype as Record<string, unknown> | undefined)?.[method] === 'function';

/** A guard as a function: a class guard is built by the container (like a NestJS guard). */
export function guardFunction(guard: Guard, container: Container): GuardFunction {
  if (!isClass(guard, 'canActivate')) return guard as GuardFunction;
  const instance = instanceOf(guard as Class<CanActivate>, container);
  return (execution) => instance().canActivate(execution);
}

/** An interceptor as a function: a class interceptor is built by the container. */
export function interceptorFunction(interceptor: Interceptor, container: Container): InterceptorFunction {
  if (!isClass(interceptor, 'intercept')) return interceptor as InterceptorFunction;
  const instance = instanceOf(interceptor as Class<Intercepts>, container);
  return (execution, next) => instance().intercept(execution, next);
}

/** Runs `call` inside the interceptors, the first one outermost. */
export function intercepted(
  interceptors: readonly InterceptorFunction[],
  execution: ExecutionContext,
  call: () => unknown,
) {
  let next = async () => call();
  for (let i = interceptors.length - 1; i >= 0; i--) {
    const inner = next;
    const interceptor = interceptors[i] as InterceptorFunction;
    next = () => interceptor(execution, inner);
  }
  return next();
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
