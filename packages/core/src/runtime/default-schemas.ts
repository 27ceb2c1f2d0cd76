import { SchemaBuilder } from '../schema/schema-builder.js';
import { DtoValidator } from '../schema/validate.js';
import type { SchemaServices } from './services.js';

/** The default schema layer: one builder and one validator per app (their caches live inside). */
export function createSchemaServices(): SchemaServices {
  const builder = new SchemaBuilder();
  const validator = new DtoValidator();
  return {
    schema: (dto, dialect) => builder.build(dto, dialect),
    validate: (dto, input) => validator.validate(dto, input),
  };
}
