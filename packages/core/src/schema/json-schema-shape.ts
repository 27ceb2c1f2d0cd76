// A plain JSON Schema as each protocol revision reads it: draft-07 before 2025-11-25, 2020-12 from it. The two
// dialects differ in where definitions live (`definitions` / `$defs`) and in a few keywords only one of them has;
// definitions and anchors move, references follow, and a keyword the other dialect cannot read is a startup error.
import type { JsonObject } from '@decorum/protocol';
import { DIALECT_URI, type SchemaDialect } from './schema-builder.js';
import { type JsonSchemaObject, SchemaSourceError } from './schema-source.js';

/** Keywords of 2020-12 (and 2019-09) that draft-07 validators ignore or misread. */
const ONLY_2020 = [
  'prefixItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
  'dependentSchemas',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
];

/** The dialect a schema is written in: its `$schema`, draft-07 without one (what MCP assumed first). */
export function dialectOf(schema: JsonSchemaObject): SchemaDialect {
  return typeof schema.$schema === 'string' && /2020-12|2019-09/.test(schema.$schema) ? '2020-12' : 'draft-07';
}

function rewrite(value: unknown, to: SchemaDialect, where: string, from: SchemaDialect): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, to, where, from));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (to === 'draft-07' && ONLY_2020.includes(key)) {
      throw new SchemaSourceError(
        where,
        `the JSON Schema uses "${key}", which clients of protocol revisions before 2025-11-25 (draft-07) cannot read`,
        'Write it with draft-07 keywords (items, dependencies, definitions), which 2020-12 clients read as well.',
      );
    }
    if (from === 'draft-07' && to === '2020-12' && key === 'items' && Array.isArray(item)) {
      out.prefixItems = rewrite(item, to, where, from);
      continue;
    }
    // A plain-name anchor is `$anchor: "x"` in 2020-12 and `$id: "#x"` in draft-07: the same reference target.
    if (to === 'draft-07' && key === '$anchor' && typeof item === 'string') {
      out.$id = `#${item}`;
      continue;
    }
    if (to === '2020-12' && from === 'draft-07' && key === '$id' && typeof item === 'string' && item.startsWith('#')) {
      out.$anchor = item.slice(1);
      continue;
    }
    if (key === '$ref' && typeof item === 'string') {
      out.$ref =
        to === 'draft-07' ? item.replace('#/$defs/', '#/definitions/') : item.replace('#/definitions/', '#/$defs/');
      continue;
    }
    const target = key === 'definitions' || key === '$defs' ? (to === 'draft-07' ? 'definitions' : '$defs') : key;
    out[target] = rewrite(item, to, where, from);
  }
  return out;
}

/**
 * `schema` as clients of `dialect` read it, with that dialect's `$schema`. The root must be an object schema (MCP
 * arguments and structured results are objects).
 * @example
 * shapeJsonSchema({ type: 'object', properties: { city: { type: 'string' } } }, '2020-12', 'Weather.current input');
 */
export function shapeJsonSchema(schema: JsonSchemaObject, dialect: SchemaDialect, where: string): JsonObject {
  if (schema.type !== 'object') {
    throw new SchemaSourceError(
      where,
      `the JSON Schema's root has type ${JSON.stringify(schema.type ?? 'unset')}, not "object"`,
      'MCP arguments and structured results are objects: give the root `type: "object"` and its `properties`.',
    );
  }
  const { $schema: _theirs, ...rest } = schema;
  return { $schema: DIALECT_URI[dialect], ...(rewrite(rest, dialect, where, dialectOf(schema)) as JsonObject) };
}
