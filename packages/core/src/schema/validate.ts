// Raw arguments → DTO instance, or issues a model can act on. The pipeline is class-transformer
// (no implicit conversion: MCP arguments are typed JSON already) then class-validator, with unknown
// fields forbidden, and class-validator's errors flattened to dotted paths and plainer wording.
import { plainToInstance } from 'class-transformer';
import type { ValidationError } from 'class-validator';
import { readFields } from '../metadata/store.js';
import type { Class } from '../metadata/types.js';
import { type Accept, compileAccept } from './compiled-codegen.js';
import { type ClassPlan, planFor } from './compiled-plan.js';
import { validatedProperties } from './dto-shape.js';
import { UnsafePatternError } from './errors.js';
import { DEFAULT_LIMITS, limitProblem, unboundedPatterns, type ValidationLimits } from './input-limits.js';
import type { ValidationIssue, ValidationResult } from './issues.js';
import { OrderedMetadata, validateOrdered } from './validation-order.js';

/** Options of a {@link DtoValidator}. */
export interface DtoValidatorOptions extends ValidationLimits {
  /** Where startup warnings (unbounded unsafe patterns, with `allowUnsafePatterns`) go. Default: `console.warn` (stderr). */
  warn?: (message: string) => void;
  /** Accept (and keep) fields the DTO does not declare. Pair it with the `SchemaBuilder` option. */
  allowUnknown?: boolean;
  /**
   * Compile simple DTO classes into plain checks (default true). A compiled class accepts exactly what
   * class-transformer + class-validator accept and yields the same instance; a rejection, and every
   * class using something the compiler does not reproduce (custom or async validators, `@ValidateIf`,
   * `@Transform`, groups of unknown validators …), still goes through class-validator. Turn it off to
   * rule the compiler out when debugging.
   */
  compile?: boolean;
}

/** What the validator needs to know about one class, computed once. */
interface ClassFacts {
  /** `@Field({ default })` values to fill in when the input leaves the property out. */
  defaults: [string, unknown][];
  /** The declared properties, named in "unknown field" messages. */
  fields: string[];
}

/** How every path turns plain input into an instance: no implicit conversion (MCP arguments are typed JSON). */
const TRANSFORM = { enableImplicitConversion: false, exposeDefaultValues: true } as const;

/** Keys that would reach an object's prototype rather than become a field. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor']);

/**
 * Validates raw input (tool or prompt arguments, structured output) against a DTO class: `plainToInstance`
 * with defaults kept, then class-validator with unknown fields forbidden. Facts about each class are
 * cached on this instance. `undefined` input counts as `{}` (a call without arguments).
 * @example
 * const validator = new DtoValidator();
 * const result = await validator.validate(CurrentWeather, { location: 42 });
 * if (!result.ok) return formatIssues(result.issues); // "location must be a string"
 */
export class DtoValidator {
  readonly #allowUnknown: boolean;
  readonly #compile: boolean;
  readonly #facts = new WeakMap<Function, ClassFacts>();
  readonly #plans = new WeakMap<Function, ClassPlan>();
  // Each plan's accept function, made on first use (the plan is complete by then, a recursive one included).
  readonly #accepts = new WeakMap<ClassPlan, Accept>();
  readonly #metadata: OrderedMetadata;
  readonly #maxDepth: number;
  readonly #maxValues: number;
  readonly #warn: (message: string) => void;
  readonly #allowUnsafe: boolean;
  readonly #prepared = new WeakSet<Function>();

  constructor(options: DtoValidatorOptions = {}) {
    this.#allowUnknown = options.allowUnknown === true;
    this.#metadata = new OrderedMetadata(options.unsafePatternMaxLength);
    this.#maxDepth = options.maxDepth ?? DEFAULT_LIMITS.maxDepth;
    this.#maxValues = options.maxValues ?? DEFAULT_LIMITS.maxValues;
    this.#warn = options.warn ?? ((message) => console.warn(message));
    this.#allowUnsafe = options.allowUnsafePatterns === true;
    // The compiled plans assume unknown fields are refused (the whitelist is part of the yes/no).
    this.#compile = options.compile !== false && !this.#allowUnknown;
  }

  /**
   * Whether valid input for `dto` is accepted by compiled checks rather than class-transformer and
   * class-validator (the result is the same either way; this is about speed).
   * @example
   * new DtoValidator().isCompiled(CurrentWeather); // true for the common decorators
   */
  isCompiled(dto: Class): boolean {
    return this.#compile && !planFor(dto, this.#plans, this.#metadata).failed;
  }

  /**
   * Readies `dto` before the first call (the app does this at startup for every DTO it serves): compiles
   * its plan, and throws an {@link UnsafePatternError} naming each pattern safe-regex2 flags that nothing
   * bounds (with `allowUnsafePatterns`: warns once about each instead).
   * @example
   * new DtoValidator().prepare(SignUp); // UnsafePatternError: "[decorum] SignUp.name: @Matches(…"
   */
  prepare(dto: Class): void {
    if (this.#prepared.has(dto)) return;
    if (this.#compile) planFor(dto, this.#plans, this.#metadata);
    const unbounded = unboundedPatterns(dto, this.#metadata);
    if (unbounded.length > 0 && !this.#allowUnsafe) throw new UnsafePatternError(unbounded);
    this.#prepared.add(dto);
    for (const warning of unbounded) this.#warn(warning);
  }

  /**
   * The instance of `dto` that `input` validates to, decided at once by the compiled checks; undefined when they
   * cannot say yes (the input is invalid, or the class is not compiled): then {@link validate} decides. What it
   * accepts, `validate` accepts with the same instance, so a caller can try this first and skip a promise per call.
   * @example
   * const input = validator.accept(CurrentWeather, args) ?? (await validator.validate(CurrentWeather, args));
   */
  accept<T>(dto: Class<T>, input: unknown): T | undefined {
    const raw = input === undefined ? {} : input;
    if (!this.#compile || typeof raw !== 'object' || raw === null || Object.getPrototypeOf(raw) !== Object.prototype)
      return undefined;
    const plan = planFor(dto, this.#plans, this.#metadata);
    if (plan.failed || limitProblem(raw, this.#maxDepth, this.#maxValues) !== undefined) return undefined;
    return this.#acceptOf(plan)(raw) as T | undefined;
  }

  /**
   * {@link accept} for one class, its plan found once: what a compiled handler calls per request.
   * @example
   * const accept = validator.acceptor(CurrentWeather);
   * const input = accept(args) ?? (await validator.validate(CurrentWeather, args));
   */
  acceptor<T>(dto: Class<T>): (input: unknown) => T | undefined {
    const plan = this.#compile ? planFor(dto, this.#plans, this.#metadata) : undefined;
    if (plan === undefined || plan.failed) return () => undefined;
    const maxDepth = this.#maxDepth;
    const maxValues = this.#maxValues;
    let accept: Accept | undefined;
    return (input) => {
      const raw = input === undefined ? {} : input;
      if (typeof raw !== 'object' || raw === null || Object.getPrototypeOf(raw) !== Object.prototype) return undefined;
      if (limitProblem(raw, maxDepth, maxValues) !== undefined) return undefined;
      // Generated at first use, as through `accept`.
      accept ??= this.#acceptOf(plan);
      return accept(raw) as T | undefined;
    };
  }

  #acceptOf(plan: ClassPlan): Accept {
    let accept = this.#accepts.get(plan);
    if (accept === undefined) {
      accept = compileAccept(plan);
      this.#accepts.set(plan, accept);
    }
    return accept;
  }

  /**
   * Resolves with `{ ok: true, value }` (an instance of `dto`) or `{ ok: false, issues }`. Bad input never
   * rejects: a validator or a `@Transform`/`@Type` that throws on a value gives that field's issue.
   */
  async validate<T>(dto: Class<T>, input: unknown): Promise<ValidationResult<T>> {
    const raw = input === undefined ? {} : input;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { ok: false, issues: [{ path: '', message: 'arguments must be an object' }] };
    }
    // Before anything recurses: class-transformer would overflow the stack on very deep input.
    const tooMuch = limitProblem(raw, this.#maxDepth, this.#maxValues);
    if (tooMuch !== undefined) return { ok: false, issues: [{ path: '', message: tooMuch }] };
    if (this.#compile && Object.getPrototypeOf(raw) === Object.prototype) {
      const plan = planFor(dto, this.#plans, this.#metadata);
      const value = plan.failed ? undefined : this.#acceptOf(plan)(raw);
      if (value !== undefined) return { ok: true, value: value as T };
    }
    const smuggled = prototypeKeys(raw, '');
    if (smuggled.length > 0)
      return { ok: false, issues: smuggled.map((path) => ({ path, message: unknownField(path) })) };

    const instance = transform(dto, raw);
    if (!instance.ok) return instance;
    this.#fillDefaults(instance.value, 0);
    // Type and size checks before patterns, each property stopping at its first failure (validation-order.ts).
    const options = { whitelist: !this.#allowUnknown, forbidNonWhitelisted: !this.#allowUnknown };
    const errors = await validateOrdered(
      instance.value as object,
      { ...options, forbidUnknownValues: true },
      this.#metadata,
    );
    if (errors.length === 0) return { ok: true, value: instance.value };
    const issues: ValidationIssue[] = [];
    this.#flatten(errors, '', issues);
    return { ok: false, issues };
  }

  #factsOf(ctor: Function): ClassFacts {
    let facts = this.#facts.get(ctor);
    if (facts === undefined) {
      const defaults: [string, unknown][] = [];
      for (const [property, field] of readFields(ctor)) {
        if (field.default !== undefined) defaults.push([property, field.default]);
      }
      facts = { defaults, fields: [...validatedProperties(ctor).keys()] };
      this.#facts.set(ctor, facts);
    }
    return facts;
  }

  /** Fills `@Field` defaults into a DTO instance and the DTO instances nested in it. */
  #fillDefaults(value: unknown, depth: number): void {
    if (typeof value !== 'object' || value === null || depth > 32) return;
    if (Array.isArray(value)) {
      for (const item of value) this.#fillDefaults(item, depth + 1);
      return;
    }
    const ctor = Object.getPrototypeOf(value)?.constructor;
    if (typeof ctor !== 'function' || ctor === Object) return;
    const record = value as Record<string, unknown>;
    for (const [property, fallback] of this.#factsOf(ctor).defaults) {
      // Through class-transformer, as if the input had it: a nested class's default becomes an instance of it.
      if (record[property] === undefined)
        record[property] = (
          plainToInstance(ctor, { [property]: structuredClone(fallback) }, TRANSFORM) as typeof record
        )[property];
    }
    for (const child of Object.values(record)) this.#fillDefaults(child, depth + 1);
  }

  #flatten(errors: ValidationError[], prefix: string, out: ValidationIssue[]): void {
    for (const error of errors) {
      const path = prefix === '' ? error.property : `${prefix}.${error.property}`;
      const constraints = Object.entries(error.constraints ?? {});
      if (constraints.some(([name]) => name === 'whitelistValidation')) {
        const owner = error.target as object | undefined;
        const fields = owner ? this.#factsOf(Object.getPrototypeOf(owner).constructor).fields : [];
        out.push({ path, message: unknownField(path, fields) });
      } else if (constraints.length > 0 && error.value === undefined) {
        out.push({ path, message: `${path} is required` });
      } else {
        for (const [, message] of constraints)
          out.push({ path, message: withPath(reworded(message), error.property, path) });
      }
      if (error.children && error.children.length > 0) this.#flatten(error.children, path, out);
    }
  }
}

/**
 * plainToInstance, with a throw on bad input (a `@Type` discriminator reading a null item, a `@Transform` that
 * cannot parse) turned into the issue of the field whose value made it throw.
 */
function transform<T>(dto: Class<T>, raw: object): ValidationResult<T> {
  try {
    return { ok: true, value: plainToInstance(dto, raw, TRANSFORM) as T };
  } catch {
    // The rare path: find the fields at fault one by one (bounded by the input limits checked before).
    const issues: ValidationIssue[] = [];
    for (const [key, value] of Object.entries(raw)) {
      try {
        plainToInstance(dto, { [key]: value }, TRANSFORM);
      } catch {
        issues.push({ path: key, message: `${key} has a value that cannot be read as its declared type` });
      }
    }
    if (issues.length === 0) issues.push({ path: '', message: 'arguments cannot be read as their declared types' });
    return { ok: false, issues };
  }
}

function unknownField(path: string, fields: readonly string[] = []): string {
  const hint = fields.length > 0 && fields.length <= 20 ? ` (expected one of: ${fields.join(', ')})` : '';
  return `unknown field "${path}"${hint}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** class-validator wordings said better: "at least 1 elements", "All tags's elements must be unique". */
function reworded(message: string): string {
  return message
    .replace(/\b(at least|no more than) 1 elements$/, '$1 1 element')
    .replace(/^(each value in )?All (\S+)'s elements must be unique$/, '$2 must not contain the same value twice');
}

/** class-validator names only the last segment ("city must be a string"): name the whole path instead. */
function withPath(message: string, property: string, path: string): string {
  if (path === property) return message;
  return message.replace(
    new RegExp(`(^|\\s)${escapeRegExp(property)}(?=\\s|$)`),
    (_m, lead: string) => `${lead}${path}`,
  );
}

/** Paths of own keys that would reach a prototype, anywhere in plain JSON input. */
function prototypeKeys(value: unknown, prefix: string, depth = 0): string[] {
  if (typeof value !== 'object' || value === null || depth > 64) return [];
  return Object.keys(value).flatMap((key) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (PROTOTYPE_KEYS.has(key)) return [path];
    return prototypeKeys((value as Record<string, unknown>)[key], path, depth + 1);
  });
}
