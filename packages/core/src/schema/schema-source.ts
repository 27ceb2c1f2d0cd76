// What may describe a primitive's input or output: a DTO class (Decorum's own way), any Standard Schema v1 value
// (zod, valibot, arktype …) or a plain JSON Schema object. Told apart once, at startup.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { DecorumStartupError } from '../errors.js';
import type { JsonSchemaObject, SchemaSource } from '../metadata/types.js';

export type { JsonSchemaObject, SchemaSource };

/** The kind of a {@link SchemaSource}: what validates it. */
export type SchemaKind = 'dto' | 'standard' | 'json-schema';

/** Whether `value` implements Standard Schema v1 (`~standard` with `version: 1` and a `validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as Partial<StandardSchemaV1>)['~standard'];
  return typeof props === 'object' && props !== null && props.version === 1 && typeof props.validate === 'function';
}

/** The kind of `source`, or undefined when it is none of the three. */
export function schemaKind(source: unknown): SchemaKind | undefined {
  // A Standard Schema may be a function (arktype's types are callable): check it before classes.
  if (isStandardSchema(source)) return 'standard';
  if (typeof source === 'function' && source.prototype !== undefined) return 'dto';
  if (typeof source === 'object' && source !== null && Object.getPrototypeOf(source) === Object.prototype)
    return 'json-schema';
  return undefined;
}

/**
 * A schema (Standard Schema or JSON Schema) that cannot serve as declared: its library cannot express it as JSON
 * Schema (a transform, a custom refinement), it is not an object schema, or it does not compile. Code `schema-source`.
 * @example
 * try { new McpApp({ providers: [Tools] }); } catch (e) { if (e instanceof SchemaSourceError) console.error(e.where); }
 */
export class SchemaSourceError extends DecorumStartupError {
  override readonly name = 'SchemaSourceError';

  constructor(
    /** The member and role at fault: `Weather.current input`, with the field when one is known. */
    readonly where: string,
    problem: string,
    fix: string,
  ) {
    super('schema-source', `${where}: ${problem}. ${fix}`);
  }
}
