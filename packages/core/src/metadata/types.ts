import type { Icon, JsonObject } from '@decorum/protocol';
import type { Context } from '../runtime/context.js';

/** A class (constructor) of any shape. */
export type Class<T = unknown> = new (...args: any[]) => T;

/** Tool hints (MCP ToolAnnotations). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Resource hints (MCP Annotations). */
export interface ResourceAnnotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

/** What every primitive may carry. */
export interface PrimitiveOptions {
  /** The name clients call it by. Default: the method name. */
  name?: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  _meta?: JsonObject;
}

/** Options of `@Tool`. */
export interface ToolOptions extends PrimitiveOptions {
  annotations?: ToolAnnotations;
  /** A DTO class describing the structured result: becomes `outputSchema`; results go to `structuredContent`. */
  output?: Class;
  /**
   * The DTO of the arguments: becomes the input schema and validates the arguments. With `@Args()`
   * it is the parameter's type when reflection cannot tell; without, the method gets no arguments object.
   */
  input?: Class;
  /** Mime type of binary results (a returned Uint8Array becomes image/audio/blob content). */
  mimeType?: string;
  /** MCP tool `execution` properties (2025-11-25). */
  execution?: JsonObject;
}

/** How long clients of protocol 2026-07-28 may reuse a read, and whether across users. */
export interface CacheOptions {
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

/** Options of `@Resource`. */
export interface ResourceOptions extends PrimitiveOptions {
  mimeType?: string;
  size?: number;
  annotations?: ResourceAnnotations;
  /** Cache hint of its reads (2026-07-28). Default: the app's (`ttlMs: 0`, private). */
  cache?: CacheOptions;
}

/** Options of `@ResourceTemplate`. */
export interface ResourceTemplateOptions extends PrimitiveOptions {
  mimeType?: string;
  annotations?: ResourceAnnotations;
  /** Name of a method of the same class that lists concrete resources of this template (for resources/list). */
  list?: string;
  /** Cache hint of its reads (2026-07-28). */
  cache?: CacheOptions;
}

/** Options of `@Prompt`. */
export interface PromptOptions extends PrimitiveOptions {
  /** The DTO of the arguments (as for `ToolOptions.input`). */
  input?: Class;
}

/** How one parameter of a decorated method is filled. */
export type ParamSpec =
  | { kind: 'args'; index: number; type?: Class }
  | { kind: 'arg'; index: number; name: string; options: ArgOptions }
  | { kind: 'param'; index: number; name: string }
  | { kind: 'ctx'; index: number };

/** Options of `@Arg`. */
export interface ArgOptions {
  /** The argument's type: a primitive constructor (String, Number, Boolean), `[Item]` for arrays, or a DTO class. */
  type?: Class | [Class];
  description?: string;
  title?: string;
  /** Not required. */
  optional?: boolean;
  /** Extra JSON Schema keywords for this argument. */
  schema?: JsonObject;
}

/** What `@Tool` & co. record for one method. */
export interface MemberRecord {
  kind: 'tool' | 'resource' | 'template' | 'prompt';
  method: string;
  /** The URI (resource) or URI template (template). */
  uri?: string;
  options: ToolOptions | ResourceOptions | ResourceTemplateOptions | PromptOptions;
}

/** What `@Complete` records: the provider of completions for one argument or template variable. */
export interface CompleteRecord {
  /** The method that completes. */
  method: string;
  /** The prompt name, resource template, or the decorated member's method name. */
  target: { prompt?: string; template?: string; member?: string };
  argument: string;
}

/** A guard: return false (or throw) to refuse the call. */
export type Guard = (context: ExecutionContext) => boolean | Promise<boolean>;

/** An interceptor: wraps the call; call `next()` to proceed, and return its (possibly changed) result. */
export type Interceptor = (context: ExecutionContext, next: () => Promise<unknown>) => Promise<unknown>;

/** What guards and interceptors see about a call. */
export interface ExecutionContext {
  kind: 'tool' | 'resource' | 'prompt';
  /** Tool or prompt name, or the URI of the resource being read. */
  name: string;
  /** The provider class and method. */
  target: Class;
  method: string;
  /** The raw arguments (tool/prompt), or the template variables (resource). */
  args: Record<string, unknown>;
  /** The request context (client, auth, signal…). */
  context: Context;
}
