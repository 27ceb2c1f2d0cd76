// @Arg parameters: their JSON Schema, and the checks of their values (primitives checked here,
// DTO-typed arguments through the schema services).
import type { JsonObject } from '@decorum/protocol';
import type { Class } from '../metadata/types.js';
import type { ResolvedParam } from '../scanner/manifest.js';
import { hoistDefinitions } from '../schema/hoist-definitions.js';
import { issueUnder, type ValidationIssue } from '../schema/issues.js';
import type { SchemaDialect } from '../schema/schema-builder.js';
import type { SchemaServices } from './services.js';

type ArgType = Class | [Class];
const PRIMITIVES = new Map<Function, string>([
  [String, 'string'],
  [Number, 'number'],
  [Boolean, 'boolean'],
]);

function strip(schema: JsonObject): JsonObject {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

/** The JSON Schema of one argument type. */
export function typeSchema(type: ArgType, dialect: SchemaDialect, services: SchemaServices): JsonObject {
  if (Array.isArray(type)) return { type: 'array', items: typeSchema(type[0], dialect, services) };
  const primitive = PRIMITIVES.get(type);
  if (primitive !== undefined) return { type: primitive };
  if (type === Date) return { type: 'string', format: 'date-time' };
  return strip(services.schema(type, dialect));
}

/** The object schema of a list of @Arg parameters. */
export function argsSchema(
  params: readonly ResolvedParam[],
  dialect: SchemaDialect,
  services: SchemaServices,
): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const p of params) {
    if (p.kind !== 'arg') continue;
    const schema: JsonObject = { ...typeSchema(p.resolvedType as ArgType, dialect, services), ...p.options.schema };
    if (p.options.title !== undefined) schema.title = p.options.title;
    if (p.options.description !== undefined) schema.description = p.options.description;
    properties[p.name] = schema;
    if (!p.options.optional) required.push(p.name);
  }
  const schema: JsonObject = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  // A DTO argument's recursive definitions sit at its own root; references need them at this one.
  return hoistDefinitions(schema);
}

async function checkValue(
  path: string,
  type: ArgType,
  value: unknown,
  services: SchemaServices,
): Promise<[unknown, ValidationIssue[]]> {
  if (Array.isArray(type)) {
    if (!Array.isArray(value)) return [value, [{ path, message: `${path} must be an array` }]];
    const out: unknown[] = [];
    const issues: ValidationIssue[] = [];
    for (let i = 0; i < value.length; i++) {
      const [item, problems] = await checkValue(`${path}.${i}`, type[0], value[i], services);
      out.push(item);
      issues.push(...problems);
    }
    return [out, issues];
  }
  const primitive = PRIMITIVES.get(type);
  if (primitive !== undefined) {
    const ok =
      primitive === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === primitive;
    return [value, ok ? [] : [{ path, message: `${path} must be a ${primitive}` }]];
  }
  if (type === Date) {
    const date = typeof value === 'string' ? new Date(value) : undefined;
    return date && !Number.isNaN(date.getTime())
      ? [date, []]
      : [value, [{ path, message: `${path} must be an ISO 8601 date-time string` }]];
  }
  const checked = await services.validate(type, value);
  if (checked.ok) return [checked.value, []];
  return [value, checked.issues.map((i) => issueUnder(path, i))];
}

/** Checks raw arguments against @Arg parameters; resolves with each parameter's value, or issues. */
export async function checkArgs(
  params: readonly ResolvedParam[],
  raw: Record<string, unknown>,
  services: SchemaServices,
): Promise<{ values: Map<string, unknown>; issues: ValidationIssue[] }> {
  const values = new Map<string, unknown>();
  const issues: ValidationIssue[] = [];
  const known = new Set<string>();
  for (const p of params) {
    if (p.kind !== 'arg') continue;
    known.add(p.name);
    const value = raw[p.name];
    if (value === undefined) {
      if (!p.options.optional) issues.push({ path: p.name, message: `${p.name} is required` });
      continue;
    }
    const [checked, problems] = await checkValue(p.name, p.resolvedType as ArgType, value, services);
    values.set(p.name, checked);
    issues.push(...problems);
  }
  for (const key of Object.keys(raw)) if (!known.has(key)) issues.push(unknownArgument(key, [...known]));
  return { values, issues };
}

/** An argument no parameter takes, with the ones that exist (what a model needs to correct the call). */
export function unknownArgument(key: string, known: readonly string[]): ValidationIssue {
  const hint = known.length > 0 ? ` (expected one of: ${known.join(', ')})` : ' (this takes no arguments)';
  return { path: key, message: `unknown argument "${key}"${hint}` };
}
