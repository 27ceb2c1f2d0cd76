import type { ValidationLimits } from '../schema/input-limits.js';
import { SchemaBuilder } from '../schema/schema-builder.js';
import { DtoValidator } from '../schema/validate.js';
import type { SchemaServices } from './services.js';

/** The default schema layer: one builder and one validator per app (their caches live inside). */
export function createSchemaServices(limits: ValidationLimits = {}, warn?: (message: string) => void): SchemaServices {
  const builder = new SchemaBuilder();
  const validator = new DtoValidator({ ...limits, warn });
  return {
    // Every DTO's schema is built at startup: the validator readies it then (and warns about patterns).
    schema: (dto, dialect) => {
      validator.prepare(dto);
      return builder.build(dto, dialect);
    },
    validate: (dto, input) => validator.validate(dto, input),
    accept: (dto, input) => validator.accept(dto, input),
    acceptor: (dto) => validator.acceptor(dto),
  };
}
