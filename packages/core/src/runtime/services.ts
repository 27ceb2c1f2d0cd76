import type { JsonObject } from '@decorum/protocol';
import type { Class } from '../metadata/types.js';
import type { InputValidator, SchemaRole } from '../schema/input-validator.js';
import type { ValidationResult } from '../schema/issues.js';
import type { SchemaDialect } from '../schema/schema-builder.js';
import type { SchemaSource } from '../schema/schema-source.js';

/** What the runtime needs from the schema layer (built once per app; caches live inside). */
export interface SchemaServices {
  schema(dto: Class, dialect: SchemaDialect): JsonObject;
  validate<T>(dto: Class<T>, input: unknown): Promise<ValidationResult<T>>;
  /**
   * The validated instance when it can be decided at once (valid input of a compiled class), else undefined and
   * {@link validate} decides. Optional: a schema layer without it is always asked through `validate`.
   */
  accept?<T>(dto: Class<T>, input: unknown): T | undefined;
  /**
   * {@link accept} for one class, with what it looks up per class resolved once: the runtime asks for it when it
   * compiles a handler. Optional: without it, `accept` is asked each time.
   */
  acceptor?<T>(dto: Class<T>): (input: unknown) => T | undefined;
  /**
   * The validation seam: the validator of any schema source (a DTO class, a Standard Schema, a JSON Schema) for
   * `role`, made once per source. Optional: without it only DTO classes can be used. `where` names the member in
   * startup errors.
   */
  validator?(source: SchemaSource, role: SchemaRole, where: string): InputValidator;
  /** What the validators made so far still load (Ajv, compiled JSON Schemas); the app waits for it before serving. */
  ready?(): Promise<void> | undefined;
}

/** The dialect a protocol revision reads: draft-07 up to 2025-06-18, 2020-12 from 2025-11-25. */
export function dialectFor(protocolVersion: string): SchemaDialect {
  return protocolVersion >= '2025-11-25' ? '2020-12' : 'draft-07';
}
