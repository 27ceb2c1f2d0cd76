// @Arg parameters: their JSON Schema, and the checks of their values (primitives checked here,
// DTO-typed arguments through the schema services).
import type { JsonObject } from '@decorum/protocol';
import type { Class } from '../metadata/types.js';
import type { ResolvedParam } from '../scanner/manifest.js';
import type { Dialect, Issue, SchemaServices } from './services.js';

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
export function typeSchema(type: ArgType, dialect: Dialect, services: SchemaServices): JsonObject {
  if (Array.isArray(type)) return { type: 'array', items: typeSchema(type[0], dialect, services) };
  const primitive = PRIMITIVES.get(type);
  if (primitive !== undefined) return { type: primitive };
  if (type === Date) return { type: 'string', format: 'date-time' };
  return strip(services.schema(type, dialect));
}

/** The object schema of a list of @Arg parameters. */
export function argsSchema(params: readonly ResolvedParam[], dialect: Dialect, services: SchemaServices): JsonObject {
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
  return schema;
}

async function checkValue(
  path: string,
  type: ArgType,
  value: unknown,
  services: SchemaServices,
): Promise<[unknown, Issue[]]> {
  if (Array.isArray(type)) {
    if (!Array.isArray(value)) return [value, [{ path, message: 'must be an array' }]];
    const out: unknown[] = [];
    const issues: Issue[] = [];
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
    return [value, ok ? [] : [{ path, message: `must be a ${primitive}` }]];
  }
  if (type === Date) {
    const date = typeof value === 'string' ? new Date(value) : undefined;
    return date && !Number.isNaN(date.getTime())
      ? [date, []]
      : [value, [{ path, message: 'must be an ISO 8601 date-time string' }]];
  }
  const checked = await services.validate(type, value);
  if (checked.ok) return [checked.value, []];
  return [value, checked.issues.map((i) => ({ path: i.path === '' ? path : `${path}.${i.path}`, message: i.message }))];
}

/** Checks raw arguments against @Arg parameters; resolves with each parameter's value, or issues. */
export async function checkArgs(
  params: readonly ResolvedParam[],
  raw: Record<string, unknown>,
  services: SchemaServices,
): Promise<{ values: Map<string, unknown>; issues: Issue[] }> {
  const values = new Map<string, unknown>();
  const issues: Issue[] = [];
  const known = new Set<string>();
  for (const p of params) {
    if (p.kind !== 'arg') continue;
    known.add(p.name);
    const value = raw[p.name];
    if (value === undefined) {
      if (!p.options.optional) issues.push({ path: p.name, message: 'is required' });
      continue;
    }
    const [checked, problems] = await checkValue(p.name, p.resolvedType as ArgType, value, services);
    values.set(p.name, checked);
    issues.push(...problems);
  }
  for (const key of Object.keys(raw))
    if (!known.has(key)) issues.push({ path: key, message: 'is not a known argument' });
  return { values, issues };
}
