// The input step of the call pipeline: raw arguments (or a template's variables) checked and turned
// into the method's parameter values. Decided once per method; a call runs only the check it needs.
import 'reflect-metadata';
import type { JsonObject } from '@decorum/protocol';
import type { SchemaSource } from '../metadata/types.js';
import type { PrimitiveEntry } from '../scanner/manifest.js';
import type { ValidationIssue } from '../schema/issues.js';
import { checkArgs, unknownArgument } from './args.js';
import { InputError } from './failures.js';
import { validatorFor } from './input-validators.js';
import type { SchemaServices } from './services.js';

/** What a call brings as input: tool or prompt arguments, or a template's matched variables. */
export interface RawInput {
  args: Record<string, unknown>;
  variables?: Record<string, string | string[]>;
}

/**
 * Fills the input parameters of `values` (by index), or throws an {@link InputError}. Valid input the compiled checks
 * accept is done at once (undefined); anything else returns the promise of the full check.
 */
export type InputCheck = (input: RawInput, values: unknown[]) => Promise<void> | undefined;

const fail = (issue: ValidationIssue): never => {
  throw new InputError([issue]);
};

/** A `@Param` value converted to the parameter's reflected type (number, boolean); strings stay. */
function templateValue(value: string | string[] | undefined, type: unknown, name: string): unknown {
  if (value === undefined || type === undefined || type === String || type === Object || Array.isArray(value))
    return value;
  if (type === Number) {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) fail({ path: name, message: `${name} must be a number` });
    return n;
  }
  if (type === Boolean) {
    if (value !== 'true' && value !== 'false') fail({ path: name, message: `${name} must be true or false` });
    return value === 'true';
  }
  return value;
}

/** Converts template variables to the JSON types their schema declares (numbers, booleans). */
function coerceVariables(variables: Record<string, string | string[]>, schema: JsonObject): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(variables)) {
    const type = properties[name]?.type;
    if (
      typeof value === 'string' &&
      (type === 'number' || type === 'integer') &&
      value.trim() !== '' &&
      Number.isFinite(Number(value))
    ) {
      out[name] = Number(value);
    } else if (typeof value === 'string' && type === 'boolean' && (value === 'true' || value === 'false')) {
      out[name] = value === 'true';
    } else {
      out[name] = value;
    }
  }
  return out;
}

/**
 * The input check of one method: an `@Args()` parameter (a DTO, or the parameter a schema `input` fills), a
 * `{ input: Dto }` option (validated, not injected), `@Arg` parameters, or none (then a tool refuses any argument);
 * `@Param` values last. Every schema kind is checked through the same seam (an InputValidator).
 */
export function compileInputCheck(entry: PrimitiveEntry, services: SchemaServices): InputCheck {
  const argsParam = entry.params.find((p) => p.kind === 'args');
  const argParams = entry.params.filter((p) => p.kind === 'arg');
  const params = entry.params.filter((p) => p.kind === 'param');
  const inputDto = entry.kind === 'tool' || entry.kind === 'prompt' ? entry.options.input : undefined;
  const reflected = (Reflect.getMetadata?.('design:paramtypes', entry.provider.prototype, entry.method) ??
    []) as unknown[];
  const bindParams = (variables: Record<string, string | string[]>, values: unknown[]) => {
    for (const p of params)
      if (p.kind === 'param') values[p.index] = templateValue(variables[p.name], reflected[p.index], p.name);
  };

  if (argsParam?.kind === 'args') {
    const validator = validatorFor(services, argsParam.resolvedType as SchemaSource, 'input', `${entry.where} input`);
    // A template's variables arrive as strings: numbers and booleans are converted by the schema's types.
    // Built here, once: it also readies a DTO's validator at startup (a template's DTO is in no listing
    // whose schema would otherwise do that), so an unsafe pattern warns at startup, not on the first read.
    const schema = entry.kind === 'template' ? validator.schema('draft-07') : undefined;
    const full = async (input: unknown, variables: Record<string, string | string[]>, values: unknown[]) => {
      const checked = await validator.validate(input);
      if (!checked.ok) throw new InputError(checked.issues);
      values[argsParam.index] = checked.value;
      bindParams(variables, values);
    };
    return ({ args, variables = {} }, values) => {
      const input = schema === undefined ? args : coerceVariables(variables, schema);
      // No promise per call for input the quick check accepts; the rest (and every rejection) takes `validate`.
      const accepted = validator.accept(input);
      if (accepted === undefined) return full(input, variables, values);
      values[argsParam.index] = accepted;
      bindParams(variables, values);
      return undefined;
    };
  }
  if (inputDto !== undefined) {
    const validator = validatorFor(services, inputDto, 'input', `${entry.where} input`);
    const full = async (args: unknown) => {
      const checked = await validator.validate(args);
      if (!checked.ok) throw new InputError(checked.issues);
    };
    return ({ args }) => (validator.accept(args) === undefined ? full(args) : undefined);
  }
  if (argParams.length > 0) {
    return async ({ args }, values) => {
      const checked = await checkArgs(argParams, args, services);
      if (checked.issues.length > 0) throw new InputError(checked.issues);
      for (const p of argParams) if (p.kind === 'arg') values[p.index] = checked.values.get(p.name);
    };
  }
  if (entry.kind === 'tool') {
    // Not async: no arguments (every call of such a tool) is accepted at once, like input a quick check accepts.
    return ({ args }) => {
      const keys = Object.keys(args);
      if (keys.length > 0) throw new InputError(keys.map((key) => unknownArgument(key, [])));
      return undefined;
    };
  }
  return ({ variables = {} }, values) => {
    bindParams(variables, values);
    return undefined;
  };
}
