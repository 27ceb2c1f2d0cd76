// What guards and interceptors are, and what they see about a call. Declared here, beside the
// Context they carry, so the metadata layer below stays plain data (it stores guards without
// knowing their shape).
import type { Class } from '../metadata/types.js';
import type { Context } from './context.js';

/** What guards and interceptors see about a call. */
export interface ExecutionContext {
  kind: 'tool' | 'resource' | 'prompt';
  /** The tool, prompt, resource or template name (a template's `name`, not the URI read). */
  name: string;
  /** The URI being read (resources and templates). */
  uri?: string;
  /** The provider class and method. */
  target: Class;
  method: string;
  /** The arguments as sent (tools, prompts; already validated), or the template variables (resources). */
  args: Record<string, unknown>;
  /** The request context (client, auth, signal…). */
  context: Context;
}

/** A guard as a function: return false (or throw) to refuse the call. */
export type GuardFunction = (context: ExecutionContext) => boolean | Promise<boolean>;

/** A guard as a class, built by the app's container (so it can have constructor dependencies). */
export interface CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean>;
}

/**
 * A guard: a function, or a class implementing {@link CanActivate} that the app's container builds.
 * @example
 * const onlyAda: Guard = ({ context }) => context.authInfo?.subject === 'ada';
 */
export type Guard = GuardFunction | Class<CanActivate>;

/** An interceptor as a function: wraps the call; call `next()` to proceed and return its (possibly changed) result. */
export type InterceptorFunction = (context: ExecutionContext, next: () => Promise<unknown>) => Promise<unknown>;

/** An interceptor as a class, built by the app's container. */
export interface Intercepts {
  intercept(context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown>;
}

/**
 * An interceptor: a function, or a class implementing {@link Intercepts} that the app's container builds.
 * @example
 * const timed: Interceptor = async (call, next) => { const t = Date.now(); try { return await next(); } finally { console.error(call.name, Date.now() - t); } };
 */
export type Interceptor = InterceptorFunction | Class<Intercepts>;
