// The list entries clients see (tools/list, prompts/list, resources/list, templates/list), built
// from the manifest once per schema dialect at startup.
import type {
  JsonObject,
  PromptArgument,
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from '@decorum/protocol';
import { resourceMetaWithUi, toolMetaWithUi } from '../apps/ui-meta.js';
import type { PrimitiveOptions, SchemaSource } from '../metadata/types.js';
import type { PromptEntry, ResolvedParam, ResourceEntry, TemplateEntry, ToolEntry } from '../scanner/manifest.js';
import type { SchemaDialect } from '../schema/schema-builder.js';
import { taskExecution } from '../tasks/task-option.js';
import { argsSchema } from './args.js';
import { validatorFor } from './input-validators.js';
import type { SchemaServices } from './services.js';

function common(options: PrimitiveOptions, target: JsonObject): void {
  if (options.title !== undefined) target.title = options.title;
  if (options.description !== undefined) target.description = options.description;
  if (options.icons !== undefined) target.icons = options.icons;
  if (options._meta !== undefined) target._meta = options._meta;
}

/** The input schema of a tool or prompt: its @Args schema, its `input` schema, its @Arg list, or an empty object. */
export function inputSchema(
  params: readonly ResolvedParam[],
  dialect: SchemaDialect,
  services: SchemaServices,
  where: string,
  input?: SchemaSource,
): JsonObject {
  const args = params.find((p) => p.kind === 'args');
  const source = args?.kind === 'args' ? (args.resolvedType as SchemaSource) : input;
  if (source !== undefined) return validatorFor(services, source, 'input', `${where} input`).schema(dialect);
  if (params.some((p) => p.kind === 'arg')) return argsSchema(params, dialect, services);
  return { type: 'object', properties: {}, additionalProperties: false };
}

export function toolDefinition(entry: ToolEntry, dialect: SchemaDialect, services: SchemaServices): ToolDefinition {
  const tool: ToolDefinition = {
    name: entry.name,
    inputSchema: inputSchema(entry.params, dialect, services, entry.where, entry.options.input),
  };
  common(entry.options, tool as unknown as JsonObject);
  if (entry.options.annotations !== undefined) tool.annotations = { ...entry.options.annotations };
  if (entry.options.output !== undefined)
    tool.outputSchema = validatorFor(services, entry.options.output, 'output', `${entry.where} output`).schema(dialect);
  const execution = taskExecution(entry.options.execution, entry.options.task);
  if (execution !== undefined) tool.execution = execution;
  const meta = toolMetaWithUi(entry.options);
  if (meta !== undefined) tool._meta = meta;
  return tool;
}

export function promptDefinition(entry: PromptEntry, services: SchemaServices): PromptDefinition {
  const schema = inputSchema(entry.params, 'draft-07', services, entry.where, entry.options.input);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const args: PromptArgument[] = Object.entries(properties).map(([name, property]) => {
    const arg: PromptArgument = { name, required: required.has(name) };
    if (typeof property.title === 'string') arg.title = property.title;
    if (typeof property.description === 'string') arg.description = property.description;
    return arg;
  });
  const prompt: PromptDefinition = { name: entry.name };
  common(entry.options, prompt as unknown as JsonObject);
  if (args.length > 0) prompt.arguments = args;
  return prompt;
}

export function resourceDefinition(entry: ResourceEntry): ResourceDefinition {
  const resource: ResourceDefinition = { uri: entry.uri, name: entry.name };
  common(entry.options, resource as unknown as JsonObject);
  if (entry.options.mimeType !== undefined) resource.mimeType = entry.options.mimeType;
  if (entry.options.size !== undefined) resource.size = entry.options.size;
  if (entry.options.annotations !== undefined) resource.annotations = { ...entry.options.annotations };
  const meta = resourceMetaWithUi(entry.options);
  if (meta !== undefined) resource._meta = meta;
  return resource;
}

export function templateDefinition(entry: TemplateEntry): ResourceTemplateDefinition {
  const template: ResourceTemplateDefinition = { uriTemplate: entry.uriTemplate, name: entry.name };
  common(entry.options, template as unknown as JsonObject);
  if (entry.options.mimeType !== undefined) template.mimeType = entry.options.mimeType;
  if (entry.options.annotations !== undefined) template.annotations = { ...entry.options.annotations };
  return template;
}
