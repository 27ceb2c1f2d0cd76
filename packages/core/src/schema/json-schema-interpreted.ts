// A plain JSON Schema checked without generating code: where a runtime forbids code from strings (Cloudflare
// Workers, Node's --disallow-code-generation-from-strings) Ajv cannot compile, so the schema is interpreted by
// @cfworker/json-schema, an optional peer loaded only there. Its findings are re-worded as Ajv words them (the
// keyword's value is read from the schema at the finding's keywordLocation), so a client sees the same issues on
// Workers as on Node; a finding of a keyword not worded here keeps the library's own sentence.
import { onePerPath } from './input-validator.js';
import type { ValidationIssue } from './issues.js';
import { inAjvOrder } from './json-schema-issue-order.js';
import type { SchemaDialect } from './schema-builder.js';
import { type JsonSchemaObject, SchemaSourceError } from './schema-source.js';

/** What @cfworker/json-schema reports per failed keyword. */
interface OutputUnit {
  keyword: string;
  keywordLocation: string;
  instanceLocation: string;
  error: string;
}

type InterpreterClass = new (
  schema: object,
  draft: '7' | '2020-12',
  shortCircuit: boolean,
) => { validate(instance: unknown): { valid: boolean; errors: OutputUnit[] } };

/** A check of one schema: undefined when the input is valid, else its issues (one per field). */
export type JsonSchemaCheck = (input: unknown) => ValidationIssue[] | undefined;

/** Loads the interpreter; rejects with a startup error naming the package when it is not installed. */
export async function loadInterpreter(where: string): Promise<InterpreterClass> {
  try {
    const module = (await import('@cfworker/json-schema')) as unknown as { Validator: InterpreterClass };
    return module.Validator;
  } catch {
    throw new SchemaSourceError(
      where,
      'this runtime forbids generating code from strings (as Cloudflare Workers do), so Ajv cannot check a JSON Schema input, and @cfworker/json-schema is not installed',
      'Add @cfworker/json-schema (4.x) to your dependencies: @decorum/core loads it only for JSON Schema inputs where code generation is forbidden.',
    );
  }
}

/**
 * `schema` as a check run by the interpreter: every finding (not the first), `default`s filled in as Ajv's
 * `useDefaults` fills those of `properties`, issues worded as Ajv's.
 */
export function interpretedCheck(
  Interpreter: InterpreterClass,
  schema: JsonSchemaObject,
  dialect: SchemaDialect,
): JsonSchemaCheck {
  // A copy: the interpreter marks the schema objects it dereferences, and the app's own may be frozen or shared.
  const interpreter = new Interpreter(structuredClone(schema), dialect === '2020-12' ? '2020-12' : '7', false);
  return (input) => {
    fillDefaults(schema, schema, input, 0);
    const result = interpreter.validate(input);
    return result.valid ? undefined : issuesOf(schema, result.errors);
  };
}

/** Keywords that only say "something below failed": the finding below names the field. */
const APPLICATORS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'allOf',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'dependentSchemas',
  'dependencies',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
]);

function issuesOf(schema: JsonSchemaObject, units: readonly OutputUnit[]): ValidationIssue[] {
  const ordered = inAjvOrder(units);
  // `false` under additionalProperties names the unknown field itself (as Ajv does): that field's own finding (the
  // boolean schema `false`) is then not a second issue. A schema there reports the field's own findings instead.
  const unknown = new Map<OutputUnit, string>();
  for (const unit of ordered) {
    if (unit.keyword !== 'additionalProperties' || pointerValue(schema, unit.keywordLocation) !== false) continue;
    const name = /^Property "(.*)" does not match additional properties schema\.$/s.exec(unit.error)?.[1];
    const at = pathOf(unit.instanceLocation);
    if (name !== undefined) unknown.set(unit, at === '' ? name : `${at}.${name}`);
  }
  const unknownPaths = new Set(unknown.values());
  const issues: ValidationIssue[] = [];
  for (const unit of ordered) {
    const at = pathOf(unit.instanceLocation);
    const path = unknown.get(unit);
    if (path !== undefined) {
      issues.push({ path, message: `unknown field "${path}"` });
    } else if (unit.keyword === 'required') {
      const name = /^Instance does not have required property "(.*)"\.$/s.exec(unit.error)?.[1];
      const missing = name === undefined ? at : at === '' ? name : `${at}.${name}`;
      issues.push({ path: missing, message: name === undefined ? `${at} ${unit.error}` : `${missing} is required` });
    } else if (
      unit.keyword !== 'additionalProperties' &&
      !APPLICATORS.has(unit.keyword) &&
      !(unit.keyword === 'false' && unknownPaths.has(at))
    ) {
      const value = pointerValue(schema, unit.keywordLocation);
      const message = (value === undefined ? undefined : ajvMessage(unit.keyword, value)) ?? unit.error;
      issues.push({ path: at, message: at === '' ? `arguments ${message}` : `${at} ${message}` });
    }
  }
  return onePerPath(issues);
}

/** The sentence Ajv (8, English) writes for a failed keyword whose value is `value`. */
function ajvMessage(keyword: string, value: unknown): string | undefined {
  switch (keyword) {
    case 'type':
      return `must be ${Array.isArray(value) ? value.join(',') : String(value)}`;
    case 'minimum':
      return `must be >= ${value}`;
    case 'maximum':
      return `must be <= ${value}`;
    case 'exclusiveMinimum':
      return `must be > ${value}`;
    case 'exclusiveMaximum':
      return `must be < ${value}`;
    case 'multipleOf':
      return `must be multiple of ${value}`;
    case 'minLength':
      return `must NOT have fewer than ${value} characters`;
    case 'maxLength':
      return `must NOT have more than ${value} characters`;
    case 'minItems':
      return `must NOT have fewer than ${value} items`;
    case 'maxItems':
      return `must NOT have more than ${value} items`;
    case 'minProperties':
      return `must NOT have fewer than ${value} properties`;
    case 'maxProperties':
      return `must NOT have more than ${value} properties`;
    case 'pattern':
      return `must match pattern "${value}"`;
    case 'format':
      return `must match format "${value}"`;
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'const':
      return 'must be equal to constant';
    case 'anyOf':
      return 'must match a schema in anyOf';
    case 'oneOf':
      return 'must match exactly one schema in oneOf';
    case 'not':
      return 'must NOT be valid';
    case 'false':
      return 'boolean schema is false';
    default:
      return undefined;
  }
}

/** `#/a/b~1c` (URI-encoded JSON pointer) → its segments. */
function segments(location: string): string[] {
  return decodeURI(location.replace(/^#/, '').replace(/%23/g, '#'))
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** An instance location as Decorum names a field: dotted, '' for the arguments object. */
const pathOf = (location: string): string => segments(location).join('.');

/**
 * The value at a keywordLocation in the schema, following a local `$ref` the location passes through (the
 * interpreter writes `…/$ref/type`); undefined where it leads elsewhere.
 */
function pointerValue(schema: JsonSchemaObject, location: string, hops = 0): unknown {
  let at: unknown = schema;
  for (const segment of segments(location)) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, segment)) return undefined;
    const next = (at as Record<string, unknown>)[segment];
    if (segment === '$ref' && typeof next === 'string') {
      if (!next.startsWith('#') || hops > MAX_DEFAULT_DEPTH) return undefined;
      at = pointerValue(schema, next, hops + 1);
    } else {
      at = next;
    }
  }
  return at;
}

/** Deep enough for any schema a person writes; a cycle through `$ref` stops here instead of looping. */
const MAX_DEFAULT_DEPTH = 32;

/**
 * Ajv's `useDefaults`: an absent property whose schema under `properties` has a `default` gets a copy of it, in
 * nested objects too (following local `$ref`s), before the check.
 */
function fillDefaults(root: JsonSchemaObject, schema: unknown, value: unknown, depth: number): void {
  if (depth > MAX_DEFAULT_DEPTH || value === null || typeof value !== 'object' || Array.isArray(value)) return;
  const node = resolveRef(root, schema);
  if (node === undefined) return;
  const properties = node.properties;
  if (properties === null || typeof properties !== 'object') return;
  const target = value as Record<string, unknown>;
  for (const [name, sub] of Object.entries(properties as Record<string, unknown>)) {
    const property = resolveRef(root, sub);
    if (property === undefined) continue;
    if (!Object.hasOwn(target, name) && property.default !== undefined) {
      target[name] = structuredClone(property.default);
    }
    if (Object.hasOwn(target, name)) fillDefaults(root, property, target[name], depth + 1);
  }
}

/** A subschema with a local `$ref` (`#/…`) replaced by its target; undefined for a boolean or unknown one. */
function resolveRef(root: JsonSchemaObject, schema: unknown): Record<string, unknown> | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return schema as Record<string, unknown>;
  if (!ref.startsWith('#')) return undefined;
  const target = pointerValue(root, ref);
  return target !== null && typeof target === 'object' ? (target as Record<string, unknown>) : undefined;
}
