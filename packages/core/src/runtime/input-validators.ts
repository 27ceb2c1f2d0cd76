// The runtime side of the validation seam: the InputValidator of a schema source, whichever kind it is. A DTO goes
// through the app's SchemaServices (class-transformer + class-validator, with its compiled accept); a Standard
// Schema or a JSON Schema through its own validator (schema/standard-schema-validator.ts, json-schema-validator.ts).
import type { Class } from '../metadata/types.js';
import type { InputValidator, SchemaRole } from '../schema/input-validator.js';
import { type SchemaSource, SchemaSourceError, schemaKind } from '../schema/schema-source.js';
import type { SchemaServices } from './services.js';

/** A DTO class as an {@link InputValidator}, through the app's schema services (their caches live there). */
export function dtoValidator<T>(services: SchemaServices, dto: Class<T>): InputValidator<T> {
  const accept =
    services.acceptor?.(dto) ??
    (services.accept === undefined ? () => undefined : (input: unknown) => services.accept?.(dto, input));
  return {
    accept,
    validate: (input) => services.validate(dto, input),
    schema: (dialect) => services.schema(dto, dialect),
  };
}

/**
 * The validator of `source` for `role`, made once per source by the app's schema services. `where` names the member
 * in startup errors ("Weather.current input").
 * @example
 * const check = validatorFor(services, z.strictObject({ city: z.string() }), 'input', 'Weather.current input');
 */
export function validatorFor(
  services: SchemaServices,
  source: SchemaSource,
  role: SchemaRole,
  where: string,
): InputValidator {
  if (services.validator !== undefined) return services.validator(source, role, where);
  if (schemaKind(source) === 'dto') return dtoValidator(services, source as Class);
  throw new SchemaSourceError(
    where,
    'these schema services take DTO classes only',
    'Give your SchemaServices a validator() (createSchemaServices() has one), or describe this input with a DTO class.',
  );
}
