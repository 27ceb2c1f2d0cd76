import 'reflect-metadata';
import type { JsonObject, RequestContext } from '@decorum/protocol';
import { readGuards, readInterceptors, readScopes } from '../metadata/store.js';
import type { ExecutionContext, Guard, Interceptor } from '../metadata/types.js';
import type { PromptEntry, ResourceEntry, TemplateEntry, ToolEntry } from '../scanner/manifest.js';
import { checkArgs } from './args.js';
import type { Container } from './container.js';
import { Context } from './context.js';
import { demand } from './scopes.js';
import type { Issue, SchemaServices } from './services.js';

/** What every compiled handler shares: built once per app. */
export interface InvokeDeps {
  container: Container;
  services: SchemaServices;
  guards: Guard[];
  interceptors: Interceptor[];
  notifyResourceUpdated: (uri: string) => void;
}

/** The input did not validate; `issues` say where and why. */
export class InputError extends Error {
  constructor(readonly issues: Issue[]) {
    super('Invalid input');
    this.name = 'InputError';
  }
}

/** A guard refused the call. */
export class GuardRejectedError extends Error {
  constructor(what: string) {
    super(`Not allowed: a guard refused ${what}`);
    this.name = 'GuardRejectedError';
  }
}

type Entry = ToolEntry | PromptEntry | ResourceEntry | TemplateEntry;
export type Invoker = (
  raw: Record<string, unknown>,
  request: RequestContext,
  variables?: Record<string, string | string[]>,
  /** The URI being read (templates). */
  uri?: string,
) => Promise<unknown>;

function templateValue(value: string | string[] | undefined, type: unknown, name: string): unknown {
  if (value === undefined || type === undefined || type === String || type === Object || Array.isArray(value))
    return value;
  if (type === Number) {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new InputError([{ path: name, message: 'must be a number' }]);
    return n;
  }
  if (type === Boolean) {
    if (value !== 'true' && value !== 'false') throw new InputError([{ path: name, message: 'must be true or false' }]);
    return value === 'true';
  }
  return value;
}

/** Converts template variables to the JSON types their DTO's schema declares (numbers, booleans). */
function coerceVariables(variables: Record<string, string | string[]>, schema: JsonObject): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(variables)) {
    const type = properties[name]?.type;
    if (
      typeof value === 'string' &&
      (type === 'number' || type === 'integer') &&
      value.trim() !== '' &&
      Number.isFinite(Number(value))
    ) {
      out[name] = Number(value);
    } else if (typeof value === 'string' && type === 'boolean' && (value === 'true' || value === 'false')) {
      out[name] = value === 'true';
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** Runs `call` inside the interceptors, the first one outermost. */
function intercepted(interceptors: readonly Interceptor[], execution: ExecutionContext, call: () => unknown) {
  let next = async () => call();
  for (let i = interceptors.length - 1; i >= 0; i--) {
    const inner = next;
    const interceptor = interceptors[i] as Interceptor;
    next = () => interceptor(execution, inner);
  }
  return next();
}

/**
 * Compiles one decorated method into a closure, once at startup: parameter resolution, input
 * validation, guards and interceptors are all decided here, so a call only does the work.
 */
export function compileInvoker(entry: Entry, deps: InvokeDeps): Invoker {
  const required = readScopes(entry.provider, entry.method);
  const guards = [...deps.guards, ...readGuards(entry.provider, entry.method)];
  const interceptors = [...deps.interceptors, ...readInterceptors(entry.provider, entry.method)];
  const argsParam = entry.params.find((p) => p.kind === 'args');
  const argParams = entry.params.filter((p) => p.kind === 'arg');
  const count = entry.params.reduce((n, p) => Math.max(n, p.index + 1), 0);
  const method = (entry.provider.prototype as Record<string, (...args: unknown[]) => unknown>)[entry.method] as (
    ...args: unknown[]
  ) => unknown;
  const reflected = (Reflect.getMetadata?.('design:paramtypes', entry.provider.prototype, entry.method) ??
    []) as unknown[];
  const kind = entry.kind === 'template' ? 'resource' : entry.kind;
  const label = entry.kind === 'resource' ? entry.uri : entry.name;
  // `{ input: Dto }` on a tool or prompt without @Args: the arguments are validated, not injected.
  const inputDto = entry.kind === 'tool' || entry.kind === 'prompt' ? entry.options.input : undefined;

  // Built per call only when something reads them: a Context costs a dozen closures (its loggers).
  const needsContext = guards.length > 0 || interceptors.length > 0 || entry.params.some((p) => p.kind === 'ctx');

  return async (raw, request, variables = {}, uri) => {
    // Scopes before anything else: over HTTP this becomes the 403 that lets the client step up.
    demand(request.authInfo, required, `${kind} "${uri ?? label}"`);
    const context = needsContext ? new Context(request, deps.services, deps.notifyResourceUpdated) : undefined;
    const execution: ExecutionContext | undefined =
      context === undefined
        ? undefined
        : {
            kind,
            name: uri ?? label,
            target: entry.provider,
            method: entry.method,
            args: entry.kind === 'template' ? variables : raw,
            context,
          };
    // Guards first: a caller who may not call this learns nothing about its inputs.
    for (const guard of guards) {
      if (!(await guard(execution as ExecutionContext))) throw new GuardRejectedError(`${kind} "${uri ?? label}"`);
    }
    const values: unknown[] = new Array(count);
    if (argsParam?.kind === 'args') {
      // A template's variables arrive as strings: numbers and booleans are converted by the DTO's schema.
      const input =
        entry.kind === 'template'
          ? coerceVariables(variables, deps.services.schema(argsParam.resolvedType as never, 'draft-07'))
          : raw;
      const checked = await deps.services.validate(argsParam.resolvedType as never, input);
      if (!checked.ok) throw new InputError(checked.issues);
      values[argsParam.index] = checked.value;
    } else if (inputDto !== undefined) {
      const checked = await deps.services.validate(inputDto, raw);
      if (!checked.ok) throw new InputError(checked.issues);
    } else if (argParams.length > 0) {
      const checked = await checkArgs(argParams, raw, deps.services);
      if (checked.issues.length > 0) throw new InputError(checked.issues);
      for (const p of argParams) if (p.kind === 'arg') values[p.index] = checked.values.get(p.name);
    } else if (entry.kind === 'tool' && Object.keys(raw).length > 0) {
      throw new InputError(Object.keys(raw).map((key) => ({ path: key, message: 'is not a known argument' })));
    }
    for (const p of entry.params) {
      if (p.kind === 'ctx') values[p.index] = context;
      else if (p.kind === 'param') values[p.index] = templateValue(variables[p.name], reflected[p.index], p.name);
    }
    const instance = deps.container.get(entry.provider);
    if (interceptors.length === 0) return method.apply(instance, values);
    return intercepted(interceptors, execution as ExecutionContext, () => method.apply(instance, values));
  };
}
