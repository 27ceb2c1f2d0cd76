// The validation seam: what the compiled pipeline calls per input (tool and prompt arguments, template variables,
// structured output), whatever describes it. One implementation per kind of schema (DTO class, Standard Schema,
// JSON Schema), each made once at startup; the pipeline never asks which kind it has.
import type { JsonObject } from '@decorum/protocol';
import type { ValidationIssue, ValidationResult } from './issues.js';
import type { SchemaDialect } from './schema-builder.js';

/** What a schema describes for a primitive: what clients send (input) or what the method returns (output). */
export type SchemaRole = 'input' | 'output';

/**
 * One schema, ready to check values and to be listed. `accept` is the synchronous yes of valid input (no promise per
 * call); anything it does not accept goes to `validate`, which gives every issue.
 * @example
 * const value = validator.accept(args) ?? (await validator.validate(args));
 */
export interface InputValidator<T = unknown> {
  /** The value `input` validates to, when that can be told at once; undefined: ask {@link validate}. */
  accept(input: unknown): T | undefined;
  /** The validated value, or the issues: each bad field once, with its library's message. Never rejects on bad input. */
  validate(input: unknown): Promise<ValidationResult<T>>;
  /** The JSON Schema clients of `dialect` read (tools/list, a template's variable types); made once per dialect. */
  schema(dialect: SchemaDialect): JsonObject;
}

/**
 * Issues keyed by path, each path once (the first message wins): a library that reports a field twice (a type and a
 * size check, say) reads as one problem per field, as class-validator's do under Decorum's ordering.
 */
export function onePerPath(issues: Iterable<ValidationIssue>): ValidationIssue[] {
  const byPath = new Map<string, ValidationIssue>();
  for (const issue of issues) if (!byPath.has(issue.path)) byPath.set(issue.path, issue);
  return [...byPath.values()];
}
