// A plain JSON Schema behind the validation seam, checked with Ajv. Ajv is an optional peer of @decorum/core: it is
// imported (once per app) only when a schema of this kind is declared, and every schema is compiled while the app
// starts (`ready`), so a schema Ajv refuses stops `listen`/`connect` with a startup error. Where the runtime
// forbids code generation from strings (Cloudflare Workers), Ajv cannot compile: the schema is interpreted instead
// (json-schema-interpreted.ts), with the same issues.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { DEFAULT_LIMITS, limitProblem, type ValidationLimits } from './input-limits.js';
import { type InputValidator, onePerPath } from './input-validator.js';
import type { ValidationIssue } from './issues.js';
import { interpretedCheck, type JsonSchemaCheck, loadInterpreter } from './json-schema-interpreted.js';
import { dialectOf, shapeJsonSchema } from './json-schema-shape.js';
import type { SchemaDialect } from './schema-builder.js';
import { type JsonSchemaObject, SchemaSourceError } from './schema-source.js';

interface AjvLike {
  compile(schema: object): ValidateFunction;
}

type AjvClass = new (options: object) => AjvLike;

/** The default export of a module loaded by `import()` from ESM or CommonJS alike. */
const exported = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;

/** Whether this runtime lets code be generated from strings (Workers and Node's flag forbid it). */
function codeFromStrings(): boolean {
  try {
    return new Function('return true')() === true;
  } catch {
    return false;
  }
}

/**
 * One Ajv per dialect for an app, loaded on first use; `ajv-formats` added when installed. Where code generation
 * from strings is forbidden, @cfworker/json-schema interprets the schemas instead (Ajv is then not loaded).
 */
export class AjvLoader {
  readonly #instances = new Map<SchemaDialect, Promise<AjvLike>>();
  readonly #generatesCode: boolean;

  /** `generatesCode`: whether to compile with Ajv; by default, whether this runtime allows it. */
  constructor(options: { generatesCode?: boolean } = {}) {
    this.#generatesCode = options.generatesCode ?? codeFromStrings();
  }

  /** The check of `schema`; rejects with a startup error when it cannot be made. */
  async compile(schema: JsonSchemaObject, where: string): Promise<JsonSchemaCheck> {
    const dialect = dialectOf(schema);
    if (!this.#generatesCode) {
      const Interpreter = await loadInterpreter(where);
      try {
        return interpretedCheck(Interpreter, schema, dialect);
      } catch (error) {
        const message = `@cfworker/json-schema cannot read the JSON Schema (${(error as Error).message})`;
        throw new SchemaSourceError(where, message, 'Fix the schema.');
      }
    }
    const ajv = await this.#ajv(dialect, where);
    let compiled: ValidateFunction;
    try {
      compiled = ajv.compile(schema);
    } catch (error) {
      throw new SchemaSourceError(
        where,
        `Ajv cannot compile the JSON Schema (${(error as Error).message})`,
        'Fix the schema.',
      );
    }
    return (input) => (compiled(input) ? undefined : issuesOf(compiled.errors ?? []));
  }

  #ajv(dialect: SchemaDialect, where: string): Promise<AjvLike> {
    let ajv = this.#instances.get(dialect);
    if (ajv === undefined) {
      ajv = load(dialect, where);
      this.#instances.set(dialect, ajv);
    }
    return ajv;
  }
}

async function load(dialect: SchemaDialect, where: string): Promise<AjvLike> {
  let Ajv: AjvClass;
  try {
    Ajv = exported<AjvClass>(await (dialect === '2020-12' ? import('ajv/dist/2020.js') : import('ajv')));
  } catch {
    throw new SchemaSourceError(
      where,
      'a JSON Schema input needs Ajv, which is not installed',
      'Add ajv (8.x) to your dependencies: @decorum/core loads it only for JSON Schema inputs.',
    );
  }
  // Every error, not the first: a model corrects all bad fields in one retry. `useDefaults` fills `default`s, as a
  // DTO's @Field defaults are filled. Formats are checked when ajv-formats is installed, else left unchecked.
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
  try {
    const addFormats = exported<(ajv: AjvLike) => void>(await import('ajv-formats'));
    addFormats(ajv);
  } catch {
    // No ajv-formats: `format` stays an annotation, as JSON Schema allows.
  }
  return ajv;
}

/** Ajv's errors as Decorum's issues: dotted paths, one per field, named like class-validator's. */
function issuesOf(errors: readonly ErrorObject[]): ValidationIssue[] {
  return onePerPath(
    errors.map((error) => {
      const at = error.instancePath.slice(1).split('/').filter(Boolean).map(pointerSegment).join('.');
      const params = error.params as { missingProperty?: string; additionalProperty?: string };
      if (error.keyword === 'required' && params.missingProperty !== undefined) {
        const path = at === '' ? params.missingProperty : `${at}.${params.missingProperty}`;
        return { path, message: `${path} is required` };
      }
      if (error.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
        const path = at === '' ? params.additionalProperty : `${at}.${params.additionalProperty}`;
        return { path, message: `unknown field "${path}"` };
      }
      return { path: at, message: at === '' ? `arguments ${error.message}` : `${at} ${error.message}` };
    }),
  );
}

const pointerSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * A JSON Schema as an {@link InputValidator}, with its Ajv compilation started at once: `ready` settles when it is
 * done (the app waits for it before serving). Until then `accept` says nothing and `validate` waits.
 * @example
 * const check = jsonSchemaValidator({ type: 'object', properties: { city: { type: 'string' } } }, 'T.m input', loader);
 */
export function jsonSchemaValidator(
  schema: JsonSchemaObject,
  where: string,
  loader: AjvLoader,
  limits: ValidationLimits = {},
): InputValidator & { ready: Promise<void> } {
  const maxDepth = limits.maxDepth ?? DEFAULT_LIMITS.maxDepth;
  const maxValues = limits.maxValues ?? DEFAULT_LIMITS.maxValues;
  // Shaped for both dialects now: a keyword one of them cannot read is a startup error before anything is served.
  const listed: Record<SchemaDialect, ReturnType<typeof shapeJsonSchema>> = {
    'draft-07': shapeJsonSchema(schema, 'draft-07', where),
    '2020-12': shapeJsonSchema(schema, '2020-12', where),
  };
  let check: JsonSchemaCheck | undefined;
  const ready = loader.compile(schema, where).then((compiled) => {
    check = compiled;
  });
  return {
    ready,
    accept(input) {
      const raw = input === undefined ? {} : input;
      if (check === undefined || limitProblem(raw, maxDepth, maxValues) !== undefined) return undefined;
      return check(raw) === undefined ? raw : undefined;
    },
    async validate(input) {
      const raw = input === undefined ? {} : input;
      const problem = limitProblem(raw, maxDepth, maxValues);
      if (problem !== undefined) return { ok: false, issues: [{ path: '', message: problem }] };
      if (check === undefined) await ready;
      const issues = (check as JsonSchemaCheck)(raw);
      return issues === undefined ? { ok: true, value: raw } : { ok: false, issues };
    },
    schema: (dialect) => listed[dialect],
  };
}
