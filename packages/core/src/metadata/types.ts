import type { Icon, JsonObject } from '@decorum/protocol';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { UiResourceDeclaration, UiVisibility } from '../apps/ui-types.js';
import type { TaskOption } from '../tasks/task-option.js';

/** A class (constructor) of any shape. */
export type Class<T = unknown> = new (...args: any[]) => T;

/** A plain JSON Schema object (draft-07 or 2020-12, by its `$schema`; draft-07 without one). */
export interface JsonSchemaObject {
  readonly $schema?: string;
  readonly type?: string | readonly string[];
  readonly [keyword: string]: unknown;
}

/**
 * What may describe an input or an output: a DTO class (Decorum's own way), any Standard Schema v1 value (zod,
 * valibot, arktype …) or a plain JSON Schema object.
 */
export type SchemaSource = Class | StandardSchemaV1 | JsonSchemaObject;

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
  /**
   * What describes the structured result (a DTO class, a Standard Schema or a JSON Schema): becomes `outputSchema`;
   * results go to `structuredContent`.
   */
  output?: SchemaSource;
  /**
   * What describes the arguments: becomes the input schema and validates the arguments. A DTO class: with `@Args()`
   * it is the parameter's type when reflection cannot tell; without, the method gets no arguments object. A Standard
   * Schema or a JSON Schema: the validated value is the method's first parameter (or its `@Args()` one).
   */
  input?: SchemaSource;
  /** Mime type of binary results (a returned Uint8Array becomes image/audio/blob content). */
  mimeType?: string;
  /** MCP tool `execution` properties (2025-11-25). */
  execution?: JsonObject;
  /** Runs the tool as an MCP task (long work the client polls): `'optional'`, `'required'`, or who starts it. */
  task?: TaskOption;
  /** MCP Apps: the `ui://` URI of the `@UiResource` that renders this tool's results (`_meta.ui.resourceUri`). */
  ui?: string;
  /** MCP Apps: who may use the tool. Default both; `['app']` hides it from the model (a view's own action). */
  visibility?: UiVisibility[];
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
  /** MCP Apps: set by `@UiResource` — the view's CSP, permissions, domain and border preference. */
  ui?: UiResourceDeclaration;
}

/** Options of `@ResourceTemplate`. */
export interface ResourceTemplateOptions extends PrimitiveOptions {
  mimeType?: string;
  annotations?: ResourceAnnotations;
  /** Name of a method of the same class that lists concrete resources of this template (for resources/list). */
  list?: string;
  /**
   * A Standard Schema or JSON Schema of the URI's variables (numbers and booleans converted from the URI by its
   * types): the validated value is the method's first parameter (or its `@Args()` one). A DTO goes on `@Args()`.
   */
  variables?: SchemaSource;
  /** Cache hint of its reads (2026-07-28). */
  cache?: CacheOptions;
}

/** Options of `@Prompt`. */
export interface PromptOptions extends PrimitiveOptions {
  /** What describes the arguments (as for `ToolOptions.input`). */
  input?: SchemaSource;
}

/** How one parameter of a decorated method is filled. */
export type ParamSpec =
  | { kind: 'args'; index: number; type?: Class | SchemaSource }
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

/** A JSON Schema type name, for `@Field({ type })`. */
export type FieldTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/**
 * The explicit type of a DTO property, for when reflection cannot tell (arrays, unions, branded types,
 * `import type`): a JSON type name, `['string']` for an array of them, or a thunk returning a class
 * (`() => Address`, `() => [Address]`, `() => [String]`). A thunk allows classes declared further down.
 */
export type FieldType = FieldTypeName | readonly [FieldTypeName] | (() => Class | readonly [Class]);

/**
 * What `@Field` records. Everything here documents the property in the generated JSON Schema; the
 * constraints themselves come from class-validator decorators, which are also what is enforced.
 */
export interface FieldOptions {
  /** What the value means: models read it to fill the argument. */
  description?: string;
  title?: string;
  /** JSON values that show what a good value looks like. */
  examples?: unknown[];
  /** A JSON value used when the argument is missing; the validator fills it in before validating. */
  default?: unknown;
  /** JSON Schema `format` (overrides the one implied by a validator such as `@IsEmail()`). */
  format?: string;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** The property's type when the reflected one says nothing (see {@link FieldType}). Beats reflection. */
  type?: FieldType;
  /**
   * Extra JSON Schema keywords merged last, e.g. `{ minimum: 0 }` or `{ 'x-mcp-header': 'Region' }`.
   * Keywords given here are advertised but not enforced: add the class-validator decorator as well.
   */
  schema?: JsonObject;
}
