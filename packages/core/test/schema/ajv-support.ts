// Ajv in strict mode, one instance per dialect: every schema the builder produces must be valid
// against its dialect's meta-schema and compile (strict mode rejects unknown keywords and formats).
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { expect } from 'vitest';
import type { Class } from '../../src/metadata/types.js';
import type { SchemaBuilder, SchemaDialect } from '../../src/schema/schema-builder.js';

const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as (
  ajv: Ajv | Ajv2020,
) => unknown;

function makeAjv(dialect: SchemaDialect): Ajv | Ajv2020 {
  const options = { strict: true, allErrors: true };
  const ajv = dialect === 'draft-07' ? new Ajv(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}

const ajvs: Record<SchemaDialect, Ajv | Ajv2020> = { 'draft-07': makeAjv('draft-07'), '2020-12': makeAjv('2020-12') };
const compiled = new WeakMap<object, ValidateFunction>();

/** Asserts that `schema` is valid against its dialect's meta-schema, and compiles it. */
export function compileChecked(schema: Record<string, unknown>, dialect: SchemaDialect): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const ajv = ajvs[dialect];
  const valid = ajv.validateSchema(schema);
  expect(ajv.errors ?? [], `meta-schema (${dialect})`).toEqual([]);
  expect(valid).toBe(true);
  const validate = ajv.compile(schema);
  compiled.set(schema, validate);
  return validate;
}

/** Builds a schema and checks it against the meta-schema of its dialect. */
export function buildChecked(builder: SchemaBuilder, dto: Class, dialect: SchemaDialect): Record<string, unknown> {
  const schema = builder.build(dto, dialect);
  compileChecked(schema, dialect);
  return schema;
}

export const DIALECTS: readonly SchemaDialect[] = ['draft-07', '2020-12'];
