import type { JsonObject } from '@decorum/protocol';
import type { Class } from '../metadata/types.js';

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

/**
 * The Symbol under which `@Field` keeps its records: an own, non-enumerable `Map<property, FieldOptions>`
 * on each decorated class. Read it through {@link getFieldMetadata}, which also walks parent classes.
 */
export const FIELD_METADATA: unique symbol = Symbol('decorum.field');

type FieldBag = { [FIELD_METADATA]?: Map<string, FieldOptions> };

/**
 * Documents a DTO property for the generated JSON Schema: description, title, examples, default, and an
 * explicit type when reflection cannot tell. It only records plain data on the class; the schema
 * builder interprets it. Several `@Field` on one property merge, the one written first winning.
 * @example
 * class SearchInput {
 *   @Field({ description: 'Words to look for', examples: ['weather in Oslo'] }) @IsString() query!: string;
 *   @Field({ type: ['string'], description: 'Tags to filter by' }) @IsOptional() @IsString({ each: true }) tags?: string[];
 * }
 */
export function Field(options: FieldOptions = {}): PropertyDecorator {
  return (prototype, property) => {
    if (typeof property !== 'string') return; // JSON has no Symbol keys: nothing to describe
    const ctor = prototype.constructor as FieldBag;
    if (!Object.hasOwn(ctor, FIELD_METADATA)) {
      Object.defineProperty(ctor, FIELD_METADATA, { value: new Map(), enumerable: false, configurable: true });
    }
    const own = ctor[FIELD_METADATA] as Map<string, FieldOptions>;
    // Decorators apply bottom-up, so the one written first comes last and wins.
    own.set(property, { ...own.get(property), ...options });
  };
}

/**
 * The `@Field` records of a class and its ancestors, by property name (a subclass's record wins).
 * @example
 * getFieldMetadata(SearchInput).get('query')?.description; // 'Words to look for'
 */
export function getFieldMetadata(dto: Class): ReadonlyMap<string, FieldOptions> {
  const chain: Function[] = [];
  for (let c: Function | null = dto; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c);
  const merged = new Map<string, FieldOptions>();
  for (const ctor of chain) {
    if (!Object.hasOwn(ctor, FIELD_METADATA)) continue;
    for (const [property, options] of (ctor as FieldBag)[FIELD_METADATA] ?? []) merged.set(property, options);
  }
  return merged;
}
