// Standard Schema v1 (zod 4, valibot, arktype …) behind the validation seam. The library validates and words its
// own messages; its Standard JSON Schema converter (`~standard.jsonSchema`) writes what tools/list shows. Nothing is
// imported: the schema value carries both, so no adapter code loads for apps that use none.
import type { JsonObject } from '@decorum/protocol';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { DEFAULT_LIMITS, limitProblem, type ValidationLimits } from './input-limits.js';
import { type InputValidator, onePerPath, type SchemaRole } from './input-validator.js';
import type { ValidationIssue, ValidationResult } from './issues.js';
import { DIALECT_URI, type SchemaDialect } from './schema-builder.js';
import { isStandardSchema, SchemaSourceError } from './schema-source.js';

const TARGETS: Record<SchemaDialect, StandardJSONSchemaV1.Target> = {
  'draft-07': 'draft-07',
  '2020-12': 'draft-2020-12',
};

type Converter = StandardJSONSchemaV1.Converter;

const converterOf = (schema: unknown): Converter | undefined =>
  (schema as { '~standard': Partial<StandardJSONSchemaV1.Props> })['~standard'].jsonSchema;

const pathOf = (issue: StandardSchemaV1.Issue) =>
  (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');

/** The message led by its field, as class-validator's are ("city: Invalid length …"; arktype's already are). */
const leading = (path: string, message: string) =>
  path === '' || message.startsWith(`${path} `) || message.startsWith(`${path}:`) ? message : `${path}: ${message}`;

/** What an arktype issue (an `ArkError`) carries beside the Standard Schema fields. */
interface ArkIssue {
  meta?: { description?: unknown; expected?: unknown; problem?: unknown; message?: unknown };
  input?: Record<string, unknown>;
  transform?: (change: (input: Record<string, unknown>) => Record<string, unknown>) => { message: string };
}

/**
 * The library's own message for an issue. arktype words a failed check from the type's description, so a
 * `.describe('City name')` (meant for tools/list) turns "city must be non-empty" into "city must be City name": its
 * issue is worded again without that description, by arktype itself (`ArkError.transform`). A message the schema
 * sets on purpose (`expected`, `problem`, `message` in its meta) is kept.
 */
function libraryMessage(issue: StandardSchemaV1.Issue): string {
  const { meta, input, transform } = issue as StandardSchemaV1.Issue & ArkIssue;
  if (typeof transform !== 'function' || input === undefined || meta?.description === undefined) return issue.message;
  if (meta.expected !== undefined || meta.problem !== undefined || meta.message !== undefined) return issue.message;
  if (input.expected !== undefined || input.problem !== undefined || input.message !== undefined) return issue.message;
  try {
    const reworded = transform.call(issue, ({ description: _described, meta: _meta, ...rest }) => rest).message;
    return typeof reworded === 'string' && reworded !== '' ? reworded : issue.message;
  } catch {
    return issue.message;
  }
}

/**
 * A library's issues as Decorum's: dotted paths, the library's message, each path once. An issue about the keys of
 * an object (zod's "Unrecognized keys", with `keys`) names each of those fields, as an issue of its own.
 */
function issuesOf(issues: readonly StandardSchemaV1.Issue[]): ValidationIssue[] {
  return onePerPath(
    issues.flatMap((issue) => {
      const path = pathOf(issue);
      const keys = (issue as { keys?: unknown }).keys;
      if (!Array.isArray(keys) || keys.length === 0) return [{ path, message: leading(path, libraryMessage(issue)) }];
      return keys.map((key) => {
        const field = path === '' ? String(key) : `${path}.${String(key)}`;
        return { path: field, message: `${field}: ${issue.message}` };
      });
    }),
  );
}

/** The field whose schema the converter refuses, when the schema is an object whose fields can be tried alone. */
function refusedField(schema: unknown, role: SchemaRole, target: StandardJSONSchemaV1.Target): string | undefined {
  const fields = (schema as { shape?: unknown; entries?: unknown }).shape ?? (schema as { entries?: unknown }).entries;
  if (typeof fields !== 'object' || fields === null) return undefined;
  for (const [name, field] of Object.entries(fields)) {
    const convert = isStandardSchema(field) ? converterOf(field)?.[role] : undefined;
    try {
      convert?.({ target });
    } catch {
      return name;
    }
  }
  return undefined;
}

/**
 * A Standard Schema as an {@link InputValidator}. Its JSON Schema is its converter's, for the schema's input side
 * (what clients send) or output side (a tool's structured result); a converter that cannot express it is a startup error.
 * @example
 * const weather = standardSchemaValidator(z.strictObject({ city: z.string() }), 'input', 'Weather.current input');
 */
export function standardSchemaValidator(
  schema: StandardSchemaV1,
  role: SchemaRole,
  where: string,
  limits: ValidationLimits = {},
): InputValidator {
  const props = schema['~standard'];
  const maxDepth = limits.maxDepth ?? DEFAULT_LIMITS.maxDepth;
  const maxValues = limits.maxValues ?? DEFAULT_LIMITS.maxValues;
  const listed = new Map<SchemaDialect, JsonObject>();
  const tooMuch = (input: unknown): ValidationResult<unknown> | undefined => {
    const problem = limitProblem(input, maxDepth, maxValues);
    return problem === undefined ? undefined : { ok: false, issues: [{ path: '', message: problem }] };
  };
  return {
    accept(input) {
      const raw = input === undefined ? {} : input;
      if (limitProblem(raw, maxDepth, maxValues) !== undefined) return undefined;
      const result = props.validate(raw);
      // A promise (an async refinement) or any issue: `validate` decides, and words it.
      if (result instanceof Promise || result.issues !== undefined) return undefined;
      return result.value;
    },
    async validate(input) {
      const raw = input === undefined ? {} : input;
      const limited = tooMuch(raw);
      if (limited !== undefined) return limited;
      const result = await props.validate(raw);
      return result.issues === undefined
        ? { ok: true, value: result.value }
        : { ok: false, issues: issuesOf(result.issues) };
    },
    schema(dialect) {
      const cached = listed.get(dialect);
      if (cached !== undefined) return cached;
      const converter = converterOf(schema);
      if (converter === undefined) {
        throw new SchemaSourceError(
          where,
          `this ${props.vendor} schema has no JSON Schema converter (Standard JSON Schema, "~standard.jsonSchema")`,
          props.vendor === 'valibot'
            ? 'Wrap it with toStandardJsonSchema() from @valibot/to-json-schema.'
            : 'Use a version of the library that implements Standard JSON Schema, or give a plain JSON Schema object.',
        );
      }
      const target = TARGETS[dialect];
      let converted: Record<string, unknown>;
      try {
        converted = converter[role]({ target });
      } catch (error) {
        const field = refusedField(schema, role, target);
        throw new SchemaSourceError(
          field === undefined ? where : `${where}, field "${field}"`,
          `${props.vendor} cannot express it as JSON Schema (${(error as Error).message})`,
          role === 'output'
            ? 'An output schema describes what clients receive: return the final value rather than transforming it in the schema.'
            : 'Describe what clients send with types JSON Schema has (no custom checks or type-changing refinements), and convert inside the method.',
        );
      }
      if (converted.type !== 'object') {
        throw new SchemaSourceError(
          where,
          `the schema describes ${JSON.stringify(converted.type ?? 'anything')}, not an object`,
          'MCP arguments and structured results are objects: describe them with an object schema.',
        );
      }
      const { $schema: _theirs, ...rest } = converted;
      const out = { $schema: DIALECT_URI[dialect], ...rest } as JsonObject;
      listed.set(dialect, out);
      return out;
    },
  };
}
