// DTO class → JSON Schema object, once per class and dialect. Nested DTOs are inlined (clients and
// models read them best); a DTO that can reach itself cannot be inlined, so it goes to the root's
// `definitions` (draft-07) or `$defs` (2020-12) and is referenced with `$ref`.
import type { JsonObject } from '@decorum/protocol';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import type { Class } from '../metadata/types.js';
import { type DtoShape, type PropertyShape, readDtoShape, type TypeMetadataSource } from './dto-shape.js';

/** A JSON Schema dialect: draft-07 for clients up to 2025-06-18, 2020-12 from 2025-11-25. */
export type SchemaDialect = 'draft-07' | '2020-12';

/** Options of a {@link SchemaBuilder}. */
export interface SchemaBuilderOptions {
  /**
   * Leave out `additionalProperties: false`, so unknown fields are allowed. Pair it with the
   * `DtoValidator` option of the same name, or the server rejects what the schema allows.
   */
  allowUnknown?: boolean;
}

// Both dialects are declared. 2020-12 is the default dialect from 2025-11-25, so an undeclared draft-07
// schema would be read as 2020-12 by a newer client; older clients (the official SDKs' Ajv included)
// accept the draft-07 URI, which is also what the SDKs' own zod-to-json-schema output carries.
/** The `$schema` URI of each dialect (every listed schema names its own). */
export const DIALECT_URI: Record<SchemaDialect, string> = {
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

/** Keyword order of the output: stable, and the way people write schemas by hand. */
// biome-ignore format: a table reads better packed
const KEY_ORDER = [
  '$schema', '$ref', 'type', 'title', 'description', 'enum', 'const', 'format', 'pattern', 'minLength',
  'maxLength', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf', 'items',
  'minItems', 'maxItems', 'uniqueItems', 'properties', 'required', 'additionalProperties', 'minProperties',
  'allOf', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly',
];
const LAST = ['$defs', 'definitions'];

function ordered(schema: JsonObject): JsonObject {
  const keys = Object.keys(schema);
  const rank = (k: string) => (LAST.includes(k) ? 2 : KEY_ORDER.includes(k) ? 0 : 1);
  keys.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? KEY_ORDER.indexOf(a) - KEY_ORDER.indexOf(b) : 0));
  const out: JsonObject = {};
  for (const key of keys) {
    const value = schema[key];
    out[key] = key === 'items' && typeof value === 'object' && value !== null ? ordered(value as JsonObject) : value;
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Turns class-validator DTO classes into JSON Schema objects for `inputSchema`, `outputSchema` and prompt
 * arguments. Each schema is built once per class and dialect and cached on this instance (not globally:
 * a hot reload or a test gets a fresh builder). The returned objects are shared and deeply frozen:
 * treat them as immutable and copy before changing anything.
 * @example
 * const builder = new SchemaBuilder();
 * const inputSchema = builder.build(CurrentWeather, '2020-12');
 * builder.build(CurrentWeather, '2020-12') === inputSchema; // true
 */
export class SchemaBuilder {
  readonly #allowUnknown: boolean;
  readonly #types: TypeMetadataSource;
  readonly #shapes = new WeakMap<Class, DtoShape>();
  readonly #schemas = new WeakMap<Class, Map<SchemaDialect, JsonObject>>();

  constructor(options: SchemaBuilderOptions = {}) {
    this.#allowUnknown = options.allowUnknown === true;
    this.#types = defaultMetadataStorage;
  }

  /**
   * The object schema of `dto` in `dialect`: properties in declaration order (base class first),
   * `required` for every property without `@IsOptional()` or a default, `additionalProperties: false`.
   * @throws DtoMetadataError when class-validator knows nothing about the class or a `@Field` property.
   * @throws DtoPropertyTypeError when a property's type cannot be told or a nested class built.
   */
  build(dto: Class, dialect: SchemaDialect): JsonObject {
    let byDialect = this.#schemas.get(dto);
    const cached = byDialect?.get(dialect);
    if (cached !== undefined) return cached;
    const built = deepFreeze(JSON.parse(JSON.stringify(this.#assemble(dto, dialect))) as JsonObject);
    if (byDialect === undefined) {
      byDialect = new Map();
      this.#schemas.set(dto, byDialect);
    }
    byDialect.set(dialect, built);
    return built;
  }

  #shape(dto: Class): DtoShape {
    let shape = this.#shapes.get(dto);
    if (shape === undefined) {
      shape = readDtoShape(dto, this.#types);
      this.#shapes.set(dto, shape);
    }
    return shape;
  }

  #assemble(root: Class, dialect: SchemaDialect): JsonObject {
    const cyclic = this.#cyclic(root);
    const defsKey = dialect === 'draft-07' ? 'definitions' : '$defs';
    const defs = new Map<Class, { name: string; schema?: JsonObject }>();
    const names = new Set<string>();

    const refTo = (dto: Class): string => {
      let def = defs.get(dto);
      if (def === undefined) {
        const base = (dto.name || 'Anonymous').replace(/[^\w$]/g, '_');
        let name = base;
        for (let n = 2; names.has(name); n++) name = `${base}_${n}`;
        names.add(name);
        def = { name };
        defs.set(dto, def);
        def.schema = objectSchema(dto); // after registering, so the class's own references find it
      }
      return `#/${defsKey}/${def.name}`;
    };
    const nestedSchema = (dto: Class, keywords: JsonObject): JsonObject => {
      if (!cyclic.has(dto)) return ordered({ ...objectSchema(dto), ...keywords });
      const { type: _object, ...annotations } = keywords;
      const $ref = refTo(dto);
      if (Object.keys(annotations).length === 0) return { $ref };
      // draft-07 ignores every keyword beside $ref; 2020-12 applies them.
      return ordered(dialect === '2020-12' ? { $ref, ...annotations } : { ...annotations, allOf: [{ $ref }] });
    };
    const propertySchema = (p: PropertyShape): JsonObject => {
      if (p.nested === undefined) return ordered(p.schema);
      if (!p.nested.array) return nestedSchema(p.nested.dto, p.schema);
      return ordered({ ...p.schema, items: nestedSchema(p.nested.dto, p.nested.itemKeywords) });
    };
    const objectSchema = (dto: Class): JsonObject => {
      const { properties } = this.#shape(dto);
      const required = properties.filter((p) => p.required).map((p) => p.name);
      // fromEntries: own keys even for a property called "__proto__"
      const schema: JsonObject = {
        type: 'object',
        properties: Object.fromEntries(properties.map((p) => [p.name, propertySchema(p)])),
      };
      if (required.length > 0) schema.required = required;
      if (!this.#allowUnknown) schema.additionalProperties = false;
      return schema;
    };

    const schema: JsonObject = { $schema: DIALECT_URI[dialect], ...objectSchema(root) };
    if (defs.size > 0) schema[defsKey] = Object.fromEntries([...defs.values()].map((d) => [d.name, d.schema]));
    return ordered(schema);
  }

  /** The classes reachable from `root` that can reach themselves: only those need a `$ref`. */
  #cyclic(root: Class): Set<Class> {
    const children = (dto: Class) => this.#shape(dto).properties.flatMap((p) => (p.nested ? [p.nested.dto] : []));
    const reachable = (from: Class[]): Set<Class> => {
      const seen = new Set<Class>();
      const queue = [...from];
      for (let dto = queue.shift(); dto !== undefined; dto = queue.shift()) {
        if (seen.has(dto)) continue;
        seen.add(dto);
        queue.push(...children(dto));
      }
      return seen;
    };
    const cyclic = new Set<Class>();
    for (const dto of reachable([root])) if (reachable(children(dto)).has(dto)) cyclic.add(dto);
    return cyclic;
  }
}
