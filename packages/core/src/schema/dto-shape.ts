// Reads what is known about one DTO class (class-validator metadata, class-transformer `@Type`,
// `design:type`, `@Field`, property initialisers) into a dialect-free description of its properties.
// Precedence, per DESIGN "explicit beats reflected": @Field type > validators > @Type > design:type.
import type { JsonObject } from '@decorum/protocol';
import { getMetadataStorage, IS_NOT_EMPTY, type MetadataStorage, ValidationTypes } from 'class-validator';
import { classChain, readFields } from '../metadata/store.js';
import type { Class, FieldOptions } from '../metadata/types.js';
import { DtoMetadataError, DtoPropertyTypeError } from './errors.js';
import { implicationOf, type JsonTypeName, meetTypes, mergeKeywords } from './validator-keywords.js';

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/** Where class-transformer's `@Type` thunks are read from (its default storage, in production). */
export interface TypeMetadataSource {
  findTypeMetadata(
    target: Function,
    propertyName: string,
  ): { typeFunction: (options?: unknown) => unknown } | undefined;
}

/** One property of a DTO, before it is placed in a schema of a given dialect. */
export interface PropertyShape {
  name: string;
  required: boolean;
  /** The property's keywords and annotations (for arrays of plain values, `items` too). */
  schema: JsonObject;
  /** A nested DTO describes the value itself (`array: false`) or each item. */
  nested?: { dto: Class; array: boolean; itemKeywords: JsonObject };
}

/** A DTO class as the schema builder sees it: its properties in declaration order, base class first. */
export interface DtoShape {
  dto: Class;
  name: string;
  properties: PropertyShape[];
}

/** What a value is: plain JSON types (plus keywords), or an instance of a class. */
type Kind = { json: JsonTypeName[]; keywords?: JsonObject } | { dto: Class };

/** What a constructor (reflected, from `@Type` or from `@Field`) says about a value; undefined: nothing. */
function kindOfClass(cls: unknown): Kind | undefined {
  if (cls === String) return { json: ['string'] };
  if (cls === Number) return { json: ['number'] };
  if (cls === Boolean) return { json: ['boolean'] };
  if (cls === Array) return { json: ['array'] };
  if (cls === Date) return { json: ['string'], keywords: { format: 'date-time' } };
  if (typeof cls !== 'function' || cls === Object || cls === Function || cls === Promise || cls === Symbol)
    return undefined;
  return { dto: cls as Class };
}

const describe = (value: unknown) =>
  typeof value === 'function' ? value.name || 'an anonymous function' : String(value);

/** Whether `value` is JSON (finite numbers, plain objects, no cycles): only such defaults are advertised. */
function isJson(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isJson(v, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every((v) => isJson(v, depth + 1));
}

/**
 * The class-validator metadata of a class and its ancestors, by property, in declaration order with
 * base-class properties first (the order of the schema, and of "expected one of" in messages).
 */
export function validatedProperties(dto: Function): Map<string, ValidationMetadata[]> {
  const metas = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const cls of classChain(dto)) {
    for (const meta of metas) {
      if (meta.target !== cls) continue;
      byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
    }
  }
  return byProperty;
}

/** Reads a DTO class; throws the named startup errors when something must be added to it. */
export function readDtoShape(dto: Class, types: TypeMetadataSource): DtoShape {
  const name = dto.name || '(anonymous class)';
  const byProperty = validatedProperties(dto);
  if (byProperty.size === 0) throw new DtoMetadataError(name);
  const fields = readFields(dto);
  for (const property of fields.keys()) if (!byProperty.has(property)) throw new DtoMetadataError(name, property);
  let instance: Record<string, unknown> | undefined;
  try {
    instance = new dto() as Record<string, unknown>;
  } catch {
    instance = undefined; // a constructor that needs arguments: no initial values to read
  }
  const reader = new PropertyReader(dto, name, types);
  const properties = [...byProperty].map(([p, m]) => reader.read(p, m, fields.get(p), instance?.[p]));
  return { dto, name, properties };
}

class PropertyReader {
  constructor(
    private readonly dto: Class,
    private readonly name: string,
    private readonly types: TypeMetadataSource,
  ) {}

  read(
    property: string,
    metas: ValidationMetadata[],
    field: FieldOptions | undefined,
    initial: unknown,
  ): PropertyShape {
    const optional = metas.some((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION);
    const nestedMeta = metas.find((m) => m.type === ValidationTypes.NESTED_VALIDATION);
    const value = this.collect(metas.filter((m) => !m.each));
    const items = this.collect(metas.filter((m) => m.each));
    const hasEach = metas.some((m) => m.each && m.type !== ValidationTypes.CONDITIONAL_VALIDATION);

    const explicit = this.explicit(property, field?.type);
    const transformed = this.transformed(property, nestedMeta !== undefined);
    const reflected = (Reflect as { getMetadata?: (k: string, t: object, p: string) => unknown }).getMetadata?.(
      'design:type',
      this.dto.prototype,
      property,
    );
    const isArray =
      explicit?.array ??
      (value.types !== undefined
        ? value.types.length === 1 && value.types[0] === 'array'
        : hasEach || reflected === Array || transformed?.array === true);

    const nested = nestedMeta !== undefined;
    let schema: JsonObject;
    let nestedDto: Class | undefined;
    if (isArray) {
      const item = this.resolve(explicit?.kind, items.types, transformed?.kind, undefined, nested);
      schema = { type: 'array', ...value.keywords };
      if (item !== undefined && 'dto' in item) nestedDto = item.dto;
      else schema.items = item === undefined ? { ...items.keywords } : this.plain(item, items);
    } else {
      const kind = this.resolve(explicit?.kind, value.types, transformed?.kind, kindOfClass(reflected), nested);
      if (kind === undefined) throw DtoPropertyTypeError.unknownType(this.name, property, describe(reflected));
      if ('dto' in kind) {
        nestedDto = kind.dto;
        schema = { type: 'object', ...value.keywords };
      } else {
        schema = this.plain(kind, value);
      }
    }

    const hasDefault = field !== undefined && Object.hasOwn(field, 'default') && field.default !== undefined;
    const fallback = hasDefault ? field.default : isJson(initial) ? initial : undefined;
    annotate(schema, field, fallback);
    const shape: PropertyShape = {
      name: property,
      required: !optional && !hasDefault && initial === undefined,
      schema,
    };
    if (nestedDto !== undefined) shape.nested = { dto: nestedDto, array: isArray, itemKeywords: items.keywords };
    return shape;
  }

  /**
   * The types and keywords implied by some validators (all must pass, so they meet and tighten).
   * `@IsNotEmpty()` is kept apart: it implies no type, and only means `minLength: 1` for strings.
   */
  private collect(metas: ValidationMetadata[]): { types?: JsonTypeName[]; keywords: JsonObject; notEmpty: boolean } {
    let types: JsonTypeName[] | undefined;
    const keywords: JsonObject = {};
    for (const meta of metas) {
      const implied = implicationOf(meta.name ?? meta.type, meta.constraints);
      if (implied === undefined) continue;
      types = meetTypes(types, implied.types);
      mergeKeywords(keywords, implied.keywords ?? {});
    }
    return { types, keywords, notEmpty: metas.some((m) => m.name === IS_NOT_EMPTY) };
  }

  /** A plain JSON value's schema: its type, the keywords of its kind, then the validators' keywords. */
  private plain(kind: { json: JsonTypeName[]; keywords?: JsonObject }, implied: ReturnType<PropertyReader['collect']>) {
    // Several types come only from enum/const members, which pin the values anyway; a union `type` would
    // also make strict Ajv (allowUnionTypes off, as in many clients) refuse the whole schema.
    const schema: JsonObject = kind.json.length === 1 ? { type: kind.json[0], ...kind.keywords } : { ...kind.keywords };
    mergeKeywords(schema, implied.keywords);
    // @IsNotEmpty() rejects '' (and null/undefined); JSON Schema can only say the first, for strings.
    if (implied.notEmpty && kind.json.includes('string')) mergeKeywords(schema, { minLength: 1 });
    return schema;
  }

  /** Picks what a value is, most explicit source first. */
  private resolve(
    explicit: Kind | undefined,
    validators: JsonTypeName[] | undefined,
    transformed: Kind | undefined,
    reflected: Kind | undefined,
    nested: boolean,
  ): Kind | undefined {
    if (explicit !== undefined) return explicit;
    if (nested && transformed !== undefined && 'dto' in transformed) return transformed;
    if (validators !== undefined) return { json: validators };
    const found = transformed ?? reflected;
    // A class that is not validated deeply is, to JSON Schema, just some object.
    return found !== undefined && 'dto' in found && !nested ? { json: ['object'] } : found;
  }

  /** `@Field({ type })`, normalised. */
  private explicit(property: string, type: FieldOptions['type']): { array: boolean; kind?: Kind } | undefined {
    if (type === undefined) return undefined;
    if (typeof type === 'string') return type === 'array' ? { array: true } : { array: false, kind: { json: [type] } };
    if (typeof type !== 'function') return { array: true, kind: { json: [type[0]] } };
    const { array, cls } = this.call(property, type);
    return { array, kind: kindOfClass(cls) ?? { json: ['object'] } };
  }

  /** class-transformer's `@Type`, which nested validation cannot do without. */
  private transformed(property: string, nested: boolean): { array: boolean; kind?: Kind } | undefined {
    const meta = this.types.findTypeMetadata(this.dto, property);
    if (meta === undefined) {
      if (nested) throw DtoPropertyTypeError.missingTransformerType(this.name, property);
      return undefined;
    }
    const { array, cls } = this.call(property, meta.typeFunction);
    return { array, kind: kindOfClass(cls) };
  }

  private call(property: string, thunk: (options?: unknown) => unknown): { array: boolean; cls: unknown } {
    let result: unknown;
    try {
      result = thunk();
    } catch (error) {
      throw DtoPropertyTypeError.badThunk(
        this.name,
        property,
        `threw (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const array = Array.isArray(result);
    const cls = array ? (result as unknown[])[0] : result;
    if (typeof cls !== 'function') throw DtoPropertyTypeError.badThunk(this.name, property, `returned ${String(cls)}`);
    return { array, cls };
  }
}

/** `@Field` documentation and the default, over what the validators said (explicit wins). */
function annotate(schema: JsonObject, field: FieldOptions | undefined, fallback: unknown): void {
  const { title, description, format, examples, deprecated, readOnly, writeOnly } = field ?? {};
  const extra = { title, description, format, default: fallback, examples, deprecated, readOnly, writeOnly };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) schema[key] = value;
  Object.assign(schema, field?.schema);
}
