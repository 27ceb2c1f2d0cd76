// What each class-validator decorator says in JSON Schema: the JSON types it admits and the keywords it
// adds. Only validators whose meaning JSON Schema can state exactly (or state more loosely) are here;
// any other validator adds nothing, which leaves the schema looser than the server-side check, never
// stricter. Formats are limited to the ones JSON Schema defines, so strict client validators (Ajv with
// ajv-formats) compile every schema.
import type { JsonObject } from '@decorum/protocol';
import {
  ARRAY_MAX_SIZE,
  ARRAY_MIN_SIZE,
  ARRAY_NOT_EMPTY,
  ARRAY_UNIQUE,
  EQUALS,
  IS_ARRAY,
  IS_BOOLEAN,
  IS_DATE_STRING,
  IS_DIVISIBLE_BY,
  IS_EMAIL,
  IS_ENUM,
  IS_IN,
  IS_INT,
  IS_IP,
  IS_ISO8601,
  IS_LENGTH,
  IS_NEGATIVE,
  IS_NOT_EMPTY_OBJECT,
  IS_NUMBER,
  IS_OBJECT,
  IS_POSITIVE,
  IS_STRING,
  IS_URL,
  IS_UUID,
  MATCHES,
  MAX,
  MAX_LENGTH,
  MIN,
  MIN_LENGTH,
} from 'class-validator';
import { toSchemaPattern } from './regex-pattern.js';

/** A JSON Schema type name. */
export type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** What one validator says about a value: the JSON types it admits, and keywords. */
export interface Implication {
  types?: JsonTypeName[];
  keywords?: JsonObject;
}

const TYPE_ORDER: JsonTypeName[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** Sorted, without `integer` when `number` (its superset) is there. */
function normalise(types: Iterable<JsonTypeName>): JsonTypeName[] {
  const set = new Set(types);
  if (set.has('number')) set.delete('integer');
  return TYPE_ORDER.filter((t) => set.has(t));
}

/** The JSON types of some values (`enum`/`const` members). */
export function typesOfValues(values: readonly unknown[]): JsonTypeName[] {
  return normalise(
    values.map((v): JsonTypeName => {
      if (v === null) return 'null';
      if (Array.isArray(v)) return 'array';
      if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
      return typeof v as JsonTypeName;
    }),
  );
}

/**
 * The types both sides admit (`integer` is part of `number`); undefined means "no opinion". When the
 * two contradict each other no value can pass anyway: the first one is kept so the schema stays readable.
 */
export function meetTypes(a: JsonTypeName[] | undefined, b: JsonTypeName[] | undefined): JsonTypeName[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const out = new Set(a.filter((t) => b.includes(t)));
  if ((a.includes('integer') && b.includes('number')) || (a.includes('number') && b.includes('integer'))) {
    out.add('integer');
    if (!(a.includes('number') && b.includes('number'))) out.delete('number');
  }
  return out.size > 0 ? normalise(out) : a;
}

/** Real members of a TypeScript enum object: numeric enums also map values back to names. */
export function enumValues(entity: unknown): unknown[] {
  if (typeof entity !== 'object' || entity === null) return [];
  const record = entity as Record<string, unknown>;
  // `enum E { A = 1 }` compiles to { A: 1, '1': 'A' }: the second entry is no member.
  const members = Object.entries(record).filter(
    ([key, value]) => !(typeof value === 'string' && record[value] === Number(key)),
  );
  return [...new Set(members.map(([, value]) => value))];
}

const number = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const only = (keywords: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(keywords).filter(([, v]) => v !== undefined));

const STRING: JsonTypeName[] = ['string'];
const NUMBER: JsonTypeName[] = ['number'];
const ARRAY: JsonTypeName[] = ['array'];
const OBJECT: JsonTypeName[] = ['object'];
const format = (name: string) => (): Implication => ({ types: STRING, keywords: { format: name } });
const values = (list: unknown[]): Implication => ({ types: typesOfValues(list), keywords: { enum: list } });

/** Validator name → what it implies, given its constraints. */
const RULES: Record<string, (c: unknown[]) => Implication> = {
  [IS_STRING]: () => ({ types: STRING }),
  [IS_NUMBER]: () => ({ types: NUMBER }),
  [IS_INT]: () => ({ types: ['integer'] }),
  [IS_BOOLEAN]: () => ({ types: ['boolean'] }),
  [IS_ARRAY]: () => ({ types: ARRAY }),
  [IS_OBJECT]: () => ({ types: OBJECT }),
  [IS_NOT_EMPTY_OBJECT]: () => ({ types: OBJECT, keywords: { minProperties: 1 } }),
  [IS_ENUM]: (c) => values(enumValues(c[0])),
  [IS_IN]: (c) => values(Array.isArray(c[0]) ? [...new Set(c[0])] : []),
  [EQUALS]: (c) => ({ types: typesOfValues([c[0]]), keywords: { const: c[0] } }),
  [MIN]: (c) => ({ types: NUMBER, keywords: only({ minimum: number(c[0]) }) }),
  [MAX]: (c) => ({ types: NUMBER, keywords: only({ maximum: number(c[0]) }) }),
  // draft-07 and 2020-12 both spell exclusive bounds as numbers (the boolean form is draft-04).
  [IS_POSITIVE]: () => ({ types: NUMBER, keywords: { exclusiveMinimum: 0 } }),
  [IS_NEGATIVE]: () => ({ types: NUMBER, keywords: { exclusiveMaximum: 0 } }),
  [IS_DIVISIBLE_BY]: (c) => ({
    types: NUMBER,
    keywords: only({ multipleOf: (number(c[0]) ?? 0) > 0 ? c[0] : undefined }),
  }),
  [MIN_LENGTH]: (c) => ({ types: STRING, keywords: only({ minLength: number(c[0]) }) }),
  [MAX_LENGTH]: (c) => ({ types: STRING, keywords: only({ maxLength: number(c[0]) }) }),
  [IS_LENGTH]: (c) => ({ types: STRING, keywords: only({ minLength: number(c[0]), maxLength: number(c[1]) }) }),
  [MATCHES]: (c) => ({ types: STRING, keywords: only({ pattern: toSchemaPattern(c[0], c[1]) }) }),
  [IS_EMAIL]: format('email'),
  [IS_URL]: format('uri'),
  [IS_UUID]: format('uuid'),
  // Both accept date-only strings too; models send full timestamps when asked for date-time.
  [IS_DATE_STRING]: format('date-time'),
  [IS_ISO8601]: format('date-time'),
  [IS_IP]: (c) => ({
    types: STRING,
    keywords: only({ format: String(c[0]) === '4' ? 'ipv4' : String(c[0]) === '6' ? 'ipv6' : undefined }),
  }),
  [ARRAY_MIN_SIZE]: (c) => ({ types: ARRAY, keywords: only({ minItems: number(c[0]) }) }),
  [ARRAY_MAX_SIZE]: (c) => ({ types: ARRAY, keywords: only({ maxItems: number(c[0]) }) }),
  [ARRAY_NOT_EMPTY]: () => ({ types: ARRAY, keywords: { minItems: 1 } }),
  [ARRAY_UNIQUE]: () => ({ types: ARRAY, keywords: { uniqueItems: true } }),
};

/** What the validator called `name` implies, or undefined for one JSON Schema cannot express. */
export function implicationOf(name: string | undefined, constraints: unknown[] | undefined): Implication | undefined {
  const rule = name === undefined ? undefined : RULES[name];
  return rule?.(constraints ?? []);
}

const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);

/** Adds `source` keywords to `target`: every validator must pass, so bounds tighten and enums intersect. */
export function mergeKeywords(target: JsonObject, source: JsonObject): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (current === undefined) target[key] = value;
    else if (LOWER_BOUNDS.has(key)) target[key] = Math.max(current as number, value as number);
    else if (UPPER_BOUNDS.has(key)) target[key] = Math.min(current as number, value as number);
    else if (key === 'enum') target[key] = (current as unknown[]).filter((v) => (value as unknown[]).includes(v));
    else if (key === 'pattern' && value !== current) {
      target.allOf = [...((target.allOf as JsonObject[] | undefined) ?? []), { pattern: value }];
    }
  }
}
