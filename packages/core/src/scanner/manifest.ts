import type {
  Class,
  CompleteRecord,
  ParamSpec,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
  SchemaSource,
  ToolOptions,
} from '../metadata/types.js';

/**
 * A parameter spec with its type resolved (explicit first, reflected second): an `@Arg` type, or for `@Args()` (and
 * the parameter a schema `input` fills) the schema source that validates it.
 */
export type ResolvedParam = ParamSpec & { resolvedType?: Class | [Class] | SchemaSource };

interface EntryBase {
  provider: Class;
  method: string;
  params: ResolvedParam[];
  /** `Class.method`, for messages. */
  where: string;
  /**
   * The `@Authorized` scopes it needs (class and method, ancestors included; `[]`: any authenticated caller),
   * absent when public. Plain data, for tools that describe the app (`decorum build`'s manifest).
   */
  scopes?: readonly string[];
}

export interface ToolEntry extends EntryBase {
  kind: 'tool';
  name: string;
  options: ToolOptions;
}

export interface PromptEntry extends EntryBase {
  kind: 'prompt';
  name: string;
  options: PromptOptions;
}

export interface ResourceEntry extends EntryBase {
  kind: 'resource';
  uri: string;
  name: string;
  options: ResourceOptions;
}

export interface TemplateEntry extends EntryBase {
  kind: 'template';
  uriTemplate: string;
  name: string;
  options: ResourceTemplateOptions;
}

export interface CompletionEntry extends CompleteRecord {
  provider: Class;
  where: string;
}

/** Everything the providers declare, as plain data: what the compiler turns into handlers. */
export interface Manifest {
  tools: ToolEntry[];
  prompts: PromptEntry[];
  resources: ResourceEntry[];
  templates: TemplateEntry[];
  completions: CompletionEntry[];
}

/** An entry of any primitive kind: what the call pipeline compiles. */
export type PrimitiveEntry = ToolEntry | PromptEntry | ResourceEntry | TemplateEntry;
