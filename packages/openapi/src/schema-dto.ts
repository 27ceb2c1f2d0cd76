// Raw JSON Schemas as Decorum DTO classes. Core builds input and output schemas from class-validator
// DTOs and validates through them; an operation's schema is data, so each of its top-level properties
// becomes a DTO property: `@Field({ schema })` advertises the property's JSON Schema as is, and one
// class-validator constraint checks the value against that schema with Ajv. Core then does what it
// does for any tool: unknown arguments refused, missing required ones named, messages formatted alike.
import { type Class, Field, type FieldTypeName } from '@decorum/core';
import type { JsonObject } from '@decorum/protocol';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ValidateBy, ValidateIf } from 'class-validator';

/** A schema of the document that Ajv cannot compile (an invalid pattern, an unresolved reference …). */
export class SchemaCompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaCompileError';
  }
}

/** One top-level property of a generated DTO. */
export interface DtoProperty {
  name: string;
  schema: JsonObject;
  required: boolean;
}

const FIELD_TYPES = new Set<FieldTypeName>(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/** Compiles JSON Schemas (2020-12, formats checked) for one set of tools; compiled functions are cached by Ajv. */
export class SchemaChecker {
  readonly #ajv: Ajv2020;

  constructor() {
    // Not strict: OpenAPI documents carry annotations Ajv does not know, and validation must not refuse them.
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    // ajv-formats is CommonJS: its function is the module itself or its `default`, depending on the loader.
    const plugin = addFormats as unknown as { default?: (ajv: Ajv2020) => void } & ((ajv: Ajv2020) => void);
    (plugin.default ?? plugin)(this.#ajv);
  }

  compile(schema: JsonObject): ValidateFunction {
    return this.#ajv.compile(schema);
  }
}

/** Ajv's errors as one sentence naming dotted paths under `property` ("body.tags.0 must be string"). */
export function describeErrors(property: string, errors: readonly ErrorObject[] | null | undefined): string {
  const messages = (errors ?? []).map((error) => {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const path = [property, ...segments].join('.');
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') return `${path}.${String(params.missingProperty)} is required`;
    if (error.keyword === 'additionalProperties') return `unknown field "${path}.${String(params.additionalProperty)}"`;
    if (error.keyword === 'enum')
      return `${path} must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    return `${path} ${error.message ?? 'is invalid'}`;
  });
  // One line per problem, each once (anyOf branches repeat themselves).
  return [...new Set(messages)].join('; ') || `${property} is invalid`;
}

/** The single JSON type a schema declares, if it declares exactly one that `@Field({ type })` knows. */
function fieldType(schema: JsonObject): FieldTypeName | undefined {
  return typeof schema.type === 'string' && FIELD_TYPES.has(schema.type as FieldTypeName)
    ? (schema.type as FieldTypeName)
    : undefined;
}

/**
 * A DTO class named `name` whose properties are `properties` (their schemas compiled now, or on first use when `lazy`). Its JSON Schema (as core builds it) is
 * `{ type: 'object', properties: <the schemas given>, required, additionalProperties: false }`.
 */
export function schemaDto(
  name: string,
  properties: readonly DtoProperty[],
  checker: SchemaChecker,
  lazy = false,
): Class {
  const dto = { [name]: class {} }[name] as Class;
  for (const property of properties) {
    let compiled: ValidateFunction | undefined;
    const compile = (): ValidateFunction => {
      try {
        compiled ??= checker.compile(property.schema);
      } catch (error) {
        throw new SchemaCompileError(`${name}.${property.name}: ${(error as Error).message}`);
      }
      return compiled;
    };
    // Input schemas are compiled now, so a schema Ajv cannot use fails at startup; `lazy` (output schemas of a large
    // document, often whole object graphs) waits for the first result to check.
    if (!lazy) compile();
    const type = fieldType(property.schema);
    // `type` only steers core's builder; the property's own schema replaces what it wrote. A schema
    // with no single type (anyOf, a type list, any value) leaves no `type` (undefined values are not serialised).
    Field({ type: type ?? 'object', schema: { ...property.schema, type: property.schema.type } as JsonObject })(
      dto.prototype,
      property.name,
    );
    // Optional means "may be left out"; null is still checked (an optional non-nullable field refuses it).
    if (!property.required)
      ValidateIf((o: Record<string, unknown>) => o[property.name] !== undefined)(dto.prototype, property.name);
    ValidateBy({
      name: 'jsonSchema',
      validator: {
        validate: (value: unknown) => value !== undefined && compile()(value) === true,
        defaultMessage: (args) => {
          const check = compile();
          check(args?.value);
          return describeErrors(property.name, check.errors);
        },
      },
    })(dto.prototype, property.name);
  }
  return dto;
}
