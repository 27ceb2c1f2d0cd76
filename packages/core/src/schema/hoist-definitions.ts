// A DTO's schema keeps the definitions of its recursive classes at its own root, and refers to them
// from the root (`#/$defs/Node`). Embedded in a larger schema — an `@Arg('inner', { type: Inner })`
// becomes `properties.inner` — those references would point at the outer root, where nothing is
// defined. So the embedded definitions move to the outer root, renamed where two differ in content.
import type { JsonObject } from '@decorum/protocol';

const DEFINITION_KEYS = ['$defs', 'definitions'] as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Copies `value`, replacing every `$ref` to `#/<key>/<old>` with its new name. */
function renamed(value: unknown, key: string, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, key, names));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith(`#/${key}/`)) {
      const name = v.slice(key.length + 3);
      out[k] = `#/${key}/${names.get(name) ?? name}`;
    } else {
      out[k] = renamed(v, key, names);
    }
  }
  return out;
}

/**
 * `schema` (an object schema whose properties embed DTO schemas, possibly as array `items`) with every
 * embedded `$defs`/`definitions` moved to its root; references are rewritten where a name had to change.
 * The input is not modified (DTO schemas are shared and frozen).
 * @example
 * hoistDefinitions({ type: 'object', properties: { inner: { $ref: '#/$defs/Inner', $defs: { Inner: {…} } } } });
 * // { type: 'object', properties: { inner: { $ref: '#/$defs/Inner' } }, $defs: { Inner: {…} } }
 */
export function hoistDefinitions(schema: JsonObject): JsonObject {
  const hoisted = new Map<string, JsonObject>();
  let hoistedKey: string | undefined;
  const take = (embedded: JsonObject): JsonObject => {
    const key = DEFINITION_KEYS.find((k) => isObject(embedded[k]));
    if (key === undefined) {
      return isObject(embedded.items) ? { ...embedded, items: take(embedded.items) } : embedded;
    }
    hoistedKey ??= key;
    const { [key]: definitions, ...rest } = embedded;
    const names = new Map<string, string>();
    for (const [name, definition] of Object.entries(definitions as JsonObject)) {
      let target = name;
      for (let n = 2; hoisted.has(target) && !sameJson(hoisted.get(target), definition); n++) target = `${name}_${n}`;
      names.set(name, target);
    }
    for (const [name, definition] of Object.entries(definitions as JsonObject)) {
      hoisted.set(names.get(name) as string, renamed(definition, key, names) as JsonObject);
    }
    return renamed(rest, key, names) as JsonObject;
  };
  const properties = isObject(schema.properties) ? schema.properties : {};
  const out: JsonObject = { ...schema, properties: {} };
  for (const [name, property] of Object.entries(properties)) {
    (out.properties as JsonObject)[name] = isObject(property) ? take(property) : property;
  }
  if (hoistedKey !== undefined) out[hoistedKey] = Object.fromEntries(hoisted);
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
