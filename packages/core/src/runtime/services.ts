import type { JsonObject } from '@decorum/protocol';
import type { Class } from '../metadata/types.js';

/** JSON Schema dialect: draft-07 for clients up to 2025-06-18, 2020-12 from 2025-11-25. */
export type Dialect = 'draft-07' | '2020-12';

/** One validation problem, at a dotted path ('' for the whole value). */
export interface Issue {
  path: string;
  message: string;
}

/** The validation outcome of some input against a DTO. */
export type Validated<T = unknown> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** What the runtime needs from the schema layer (built once per app; caches live inside). */
export interface SchemaServices {
  schema(dto: Class, dialect: Dialect): JsonObject;
  validate<T>(dto: Class<T>, input: unknown): Promise<Validated<T>>;
}

/** The dialect a protocol revision reads. */
export function dialectFor(protocolVersion: string): Dialect {
  return protocolVersion >= '2025-11-25' ? '2020-12' : 'draft-07';
}

/**
 * Issues as one line each, for an `isError` result the model can act on. The path is added only
 * when the message does not already start with it (DTO messages name their field themselves).
 */
export function describeIssues(issues: readonly Issue[]): string {
  return issues
    .map((i) => (i.path === '' || i.message.startsWith(i.path) ? i.message : `${i.path} ${i.message}`))
    .join('\n');
}
