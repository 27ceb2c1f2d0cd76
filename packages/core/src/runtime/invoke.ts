// What the call step of the pipeline is built from (compile.ts compiles it, once at startup): the shape of a
// call, and guards, interceptors and provider instances as functions. The mount pipeline and skills build
// their own calls from the same pieces.
import type { RequestContext } from '@decorum/protocol';
import type { Class } from '../metadata/types.js';
import type { Container } from './container.js';
import type {
  CanActivate,
  ExecutionContext,
  Guard,
  GuardFunction,
  Interceptor,
  InterceptorFunction,
  Intercepts,
} from './execution.js';
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
