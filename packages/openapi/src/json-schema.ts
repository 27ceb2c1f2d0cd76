// OpenAPI schemas as the JSON Schema MCP clients read. 3.1 schemas are JSON Schema 2020-12 already;
// 3.0 ones are a dialect of draft-04 (`nullable`, boolean `exclusiveMinimum`, `example`). Both lose
// what strict client validators (Ajv in the official SDKs) refuse: OpenAPI-only keywords, `x-*`
// extensions and formats JSON Schema does not define (`int32`, `binary` …), which Ajv would reject.
import type { JsonObject } from '@decorum/protocol';

/** Which OpenAPI revision a document is (decides the 3.0 conversions). */
export type OpenApiVersion = '3.0' | '3.1';

/** Request schemas drop `readOnly` properties (the server sets them); response schemas drop `writeOnly` ones. */
export type SchemaUse = 'input' | 'output';

const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);
const DROPPED = new Set(['nullable', 'discriminator', 'xml', 'externalDocs', 'example', '$schema', '$id']);
/** Keywords whose value is one schema. */
const ONE = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);
/** Keywords whose value is a list of schemas. */
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
const MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
// Deeper than this, a schema is "any value": a guard for pathological (not cyclic) documents.
const MAX_DEPTH = 48;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `schema` (from a dereferenced document) as a plain, acyclic JSON Schema. A schema that contains
 * itself (a recursive `$ref`, which dereferencing turns into an object cycle) becomes `{}` where it
 * recurs: clients get a looser schema, never an unserialisable one.
 */
export function toJsonSchema(schema: unknown, version: OpenApiVersion, use: SchemaUse): JsonObject {
  return convert(schema, version, use, new Set(), 0, { cuts: 0, done: new Map() }) as JsonObject;
}

/**
 * Shared by one conversion: how many times a recursion or the depth guard cut a schema short, and the converted
 * subschemas that were not cut (a dereferenced document repeats the same component object many times: converting it
 * once keeps the work proportional to the document, not to its expansion).
 */
interface Walk {
  cuts: number;
  done: Map<object, unknown>;
}

function convert(
  schema: unknown,
  version: OpenApiVersion,
  use: SchemaUse,
  ancestors: Set<object>,
  depth: number,
  walk: Walk,
): unknown {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) return {};
  const known = walk.done.get(schema);
  if (known !== undefined) return known;
  if (ancestors.has(schema) || depth > MAX_DEPTH) {
    walk.cuts++;
    return {};
  }
  const cutsBefore = walk.cuts;
  ancestors.add(schema);
  const sub = (value: unknown) => convert(value, version, use, ancestors, depth + 1, walk);
  const out: JsonObject = {};
  const hidden = use === 'input' ? 'readOnly' : 'writeOnly';
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    if (key === 'format' && (typeof value !== 'string' || !STANDARD_FORMATS.has(value))) continue;
    if (ONE.has(key)) out[key] = sub(value);
    else if (LIST.has(key) && Array.isArray(value)) out[key] = value.map(sub);
    else if (MAP.has(key) && isObject(value)) {
      const entries = Object.entries(value).filter(([, s]) => !(key === 'properties' && isObject(s) && s[hidden]));
      out[key] = Object.fromEntries(entries.map(([name, s]) => [name, sub(s)]));
    } else out[key] = typeof value === 'object' && value !== null ? (structuredClone(value) as unknown) : value;
  }
  ancestors.delete(schema);
  dropHiddenRequired(schema, out, hidden);
  const converted = version === '3.0' ? fromOpenApi30(schema, out) : out;
  // Only a subschema converted without a cut is the same wherever it appears.
  if (walk.cuts === cutsBefore) walk.done.set(schema, converted);
  return converted;
}

/** A property left out of `properties` (readOnly in a request, writeOnly in a response) is not required either. */
function dropHiddenRequired(source: Record<string, unknown>, out: JsonObject, hidden: string): void {
  if (!Array.isArray(out.required) || !isObject(source.properties)) return;
  const properties = source.properties;
  const hiddenProperty = (name: unknown) => {
    const property = properties[String(name)];
    return isObject(property) && property[hidden] === true;
  };
  const required = (out.required as unknown[]).filter((name) => !hiddenProperty(name));
  if (required.length === 0) delete out.required;
  else out.required = required;
}

/** The 3.0 keywords JSON Schema says otherwise. */
function fromOpenApi30(source: Record<string, unknown>, out: JsonObject): JsonObject {
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const flag = source[`exclusive${bound}`];
    const limit = source[bound.toLowerCase()];
    if (typeof flag !== 'boolean') continue;
    if (flag && typeof limit === 'number') {
      out[`exclusive${bound}`] = limit;
      delete out[bound.toLowerCase()];
    } else delete out[`exclusive${bound}`];
  }
  if (source.example !== undefined && out.examples === undefined)
    out.examples = [structuredClone(source.example) as unknown];
  if (source.nullable !== true) return out;
  // `anyOf` rather than `type: [t, 'null']`: strict Ajv (allowUnionTypes off, as in many clients) refuses union types.
  const { title, description, default: fallback, examples, deprecated, readOnly, writeOnly, ...rest } = out;
  const annotations = { title, description, default: fallback, examples, deprecated, readOnly, writeOnly };
  const nullable: JsonObject = Object.fromEntries(Object.entries(annotations).filter(([, v]) => v !== undefined));
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  nullable.anyOf = [rest, { type: 'null' }];
  return nullable;
}
