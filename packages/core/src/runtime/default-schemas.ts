import type { Class } from '../metadata/types.js';
import type { ValidationLimits } from '../schema/input-limits.js';
import type { InputValidator, SchemaRole } from '../schema/input-validator.js';
import { AjvLoader, jsonSchemaValidator } from '../schema/json-schema-validator.js';
import { SchemaBuilder } from '../schema/schema-builder.js';
import { type JsonSchemaObject, type SchemaSource, SchemaSourceError, schemaKind } from '../schema/schema-source.js';
import { standardSchemaValidator } from '../schema/standard-schema-validator.js';
import { DtoValidator } from '../schema/validate.js';
import { dtoValidator } from './input-validators.js';
import type { SchemaServices } from './services.js';

/**
 * The default schema layer: one builder and one validator per app (their caches live inside), and one validator per
 * schema source and role. Ajv is loaded only when a JSON Schema source appears.
 */
export function createSchemaServices(limits: ValidationLimits = {}, warn?: (message: string) => void): SchemaServices {
  const builder = new SchemaBuilder();
  const validator = new DtoValidator({ ...limits, warn });
  const made: Record<SchemaRole, WeakMap<object, InputValidator>> = { input: new WeakMap(), output: new WeakMap() };
  const loading: Promise<void>[] = [];
  let ajv: AjvLoader | undefined;
  const services: SchemaServices = {
    // Every DTO's schema is built at startup: the validator readies it then (and warns about patterns).
    schema: (dto, dialect) => {
      validator.prepare(dto);
      return builder.build(dto, dialect);
    },
    validate: (dto, input) => validator.validate(dto, input),
    accept: (dto, input) => validator.accept(dto, input),
    acceptor: (dto) => validator.acceptor(dto),
    validator(source: SchemaSource, role: SchemaRole, where: string): InputValidator {
      const cached = made[role].get(source);
      if (cached !== undefined) return cached;
      let made1: InputValidator;
      const kind = schemaKind(source);
      if (kind === 'dto') made1 = dtoValidator(services, source as Class);
      else if (kind === 'standard') made1 = standardSchemaValidator(source as never, role, where, limits);
      else if (kind === 'json-schema') {
        ajv ??= new AjvLoader();
        const json = jsonSchemaValidator(source as JsonSchemaObject, where, ajv, limits);
        loading.push(json.ready);
        made1 = json;
      } else {
        throw new SchemaSourceError(
          where,
          `${String(source)} is not a schema`,
          'Give a DTO class, a Standard Schema value (zod, valibot, arktype …) or a JSON Schema object.',
        );
      }
      made[role].set(source, made1);
      return made1;
    },
    ready() {
      if (loading.length === 0) return undefined;
      const all = Promise.all(loading.splice(0)).then(() => undefined);
      return all;
    },
  };
  return services;
}
