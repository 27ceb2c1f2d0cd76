// class-validator runs a property's validators in the order its decorators were applied (bottom-up), and
// all of them, even after one failed: a `@Matches` then runs on a string its `@MaxLength` already
// refused, and a catastrophic pattern blocks the event loop for every client. Both paths of DtoValidator
// therefore read the metadata through an ordered view: type checks first, size checks next, everything
// else (patterns, formats, your own validators) last, and a property stops at its first failure.
// With `unsafePatternMaxLength`, a length check is put before every pattern safe-regex2 flags.
import {
  getMetadataStorage,
  type MetadataStorage,
  type ValidationArguments,
  type ValidationError,
  ValidationTypes,
  Validator,
  type ValidatorConstraintInterface,
  type ValidatorOptions,
} from 'class-validator';
import { ValidationExecutor } from 'class-validator/cjs/validation/ValidationExecutor.js';
import safeRegex from 'safe-regex2';

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type ConstraintMetadata = ReturnType<MetadataStorage['getTargetValidatorConstraints']>[number];

/** The name of the length check put before an unsafe pattern (its messages read like `@MaxLength`'s). */
const PATTERN_INPUT_LENGTH = 'patternInputLength';

/** Validators that say what a value is: run first, so a wrong type is reported alone. */
// biome-ignore format: a table reads better packed
const TYPE_CHECKS = new Set([
  'isString', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isObject', 'isDate', 'isEnum', 'isIn', 'isNotIn',
  'isInstance', 'equals', 'notEquals',
]);

/** Validators that bound a value's size: run before anything whose cost grows with it. */
// biome-ignore format: a table reads better packed
const SIZE_CHECKS = new Set([
  'maxLength', 'minLength', 'isLength', 'isByteLength', 'arrayMaxSize', 'arrayMinSize', 'arrayNotEmpty',
  'isNotEmpty', 'isEmpty', 'isNotEmptyObject', 'min', 'max', 'isPositive', 'isNegative', 'isDivisibleBy',
  'minDate', 'maxDate', PATTERN_INPUT_LENGTH,
]);

/** 0: type, 1: size, 2: the rest. Only custom validations are ordered (class-validator groups the others). */
function rankOf(meta: ValidationMetadata): number {
  if (meta.type !== ValidationTypes.CUSTOM_VALIDATION || meta.name === undefined) return 0;
  if (TYPE_CHECKS.has(meta.name)) return 0;
  return SIZE_CHECKS.has(meta.name) ? 1 : 2;
}

/** The length check put before an unsafe pattern: longer strings never reach the pattern. */
class PatternInputLength implements ValidatorConstraintInterface {
  validate(value: unknown, args?: ValidationArguments): boolean {
    return typeof value !== 'string' || value.length <= (args?.constraints[0] as number);
  }

  defaultMessage(args?: ValidationArguments): string {
    return `${args?.property} must be shorter than or equal to ${args?.constraints[0]} characters`;
  }
}

/** The source of a `@Matches` metadata's pattern, or undefined when it is not one. */
export function patternOf(meta: { name?: string; constraints?: unknown[] }): string | undefined {
  if (meta.name !== 'matches') return undefined;
  const pattern = meta.constraints?.[0];
  return pattern instanceof RegExp ? String(pattern) : typeof pattern === 'string' ? `/${pattern}/` : undefined;
}

/** Whether safe-regex2 flags the pattern of a `@Matches` metadata as possibly catastrophic. */
export function isUnsafePattern(meta: { name?: string; constraints?: unknown[] }): boolean {
  if (meta.name !== 'matches') return false;
  const pattern = meta.constraints?.[0];
  return (pattern instanceof RegExp || typeof pattern === 'string') && !safeRegex(pattern);
}

/**
 * class-validator's metadata storage seen in the order above, with the pattern length checks added.
 * One per DtoValidator (it caches per class); the global storage is never changed.
 */
export class OrderedMetadata {
  readonly storage: MetadataStorage;
  readonly #base: MetadataStorage;
  readonly #guard = new PatternInputLength();
  readonly #guards = new WeakMap<ValidationMetadata, ValidationMetadata>();
  readonly #sorted = new WeakMap<Function, Map<string, ValidationMetadata[]>>();
  readonly #constraints = new WeakMap<Function, ConstraintMetadata[]>();

  constructor(readonly unsafePatternMaxLength?: number) {
    this.#base = getMetadataStorage();
    const view = Object.create(this.#base) as MetadataStorage;
    view.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) =>
      always || strictGroups || (groups !== undefined && groups.length > 0)
        ? this.#order(this.#base.getTargetValidationMetadatas(target, schema, always, strictGroups, groups))
        : this.#ordered(target, schema);
    view.getTargetValidatorConstraints = (target) =>
      target === PatternInputLength
        ? [{ name: PATTERN_INPUT_LENGTH, async: false, instance: this.#guard, target } as ConstraintMetadata]
        : this.#contained(target);
    this.storage = view;
  }

  /** The constraints of `target`, each behind {@link containThrows}; made once per constraint class. */
  #contained(target: Function): ConstraintMetadata[] {
    let list = this.#constraints.get(target);
    if (list === undefined) {
      list = this.#base.getTargetValidatorConstraints(target).map(
        (c) =>
          ({
            name: c.name,
            async: c.async,
            target: c.target,
            instance: containThrows(c.instance),
          }) as ConstraintMetadata,
      );
      this.#constraints.set(target, list);
    }
    return list;
  }

  /**
   * The constraints class-validator registered for `target`, as they are (the compiled fast path calls them inside
   * its own try/catch, so it needs no guard per call); the length check this view adds for its own class.
   */
  registered(target: Function): ConstraintMetadata[] {
    return target === PatternInputLength
      ? [{ name: PATTERN_INPUT_LENGTH, async: false, instance: this.#guard, target } as ConstraintMetadata]
      : this.#base.getTargetValidatorConstraints(target);
  }

  /** Whether `meta` is a length check this view added (compiled like a built-in validator). */
  isOwn(meta: ValidationMetadata): boolean {
    return meta.constraintCls === PatternInputLength;
  }

  #ordered(target: Function, schema: string): ValidationMetadata[] {
    let bySchema = this.#sorted.get(target);
    if (bySchema === undefined) {
      bySchema = new Map();
      this.#sorted.set(target, bySchema);
    }
    let metas = bySchema.get(schema);
    if (metas === undefined) {
      metas = this.#order(this.#base.getTargetValidationMetadatas(target, schema, false, false, undefined));
      bySchema.set(schema, metas);
    }
    return metas;
  }

  #order(metas: ValidationMetadata[]): ValidationMetadata[] {
    const out: ValidationMetadata[] = [];
    for (const meta of metas) {
      if (this.unsafePatternMaxLength !== undefined && isUnsafePattern(meta)) out.push(this.#guardOf(meta));
      out.push(meta);
    }
    // Properties keep their order (it is the order of the issues), and within a rank so do validators.
    const first = new Map<string, number>();
    for (const meta of out) if (!first.has(meta.propertyName)) first.set(meta.propertyName, first.size);
    const at = (meta: ValidationMetadata) => first.get(meta.propertyName) as number;
    return out
      .map((meta, index) => ({ meta, index, rank: rankOf(meta) }))
      .sort((x, y) => at(x.meta) - at(y.meta) || x.rank - y.rank || x.index - y.index)
      .map(({ meta }) => meta);
  }

  #guardOf(meta: ValidationMetadata): ValidationMetadata {
    let guard = this.#guards.get(meta);
    if (guard === undefined) {
      guard = Object.assign(Object.create(Object.getPrototypeOf(meta)), meta, {
        name: PATTERN_INPUT_LENGTH,
        constraintCls: PatternInputLength,
        constraints: [this.unsafePatternMaxLength],
        message: undefined,
        context: undefined,
      }) as ValidationMetadata;
      this.#guards.set(meta, guard);
    }
    return guard;
  }
}

/**
 * A constraint whose `validate` answers "invalid" where the original throws or rejects: a validator that cannot
 * read a value (validator.js's `isEmail` on a lone surrogate throws URIError) has refused it, and the client gets
 * that field's message rather than an internal error. Its messages are the original's (it is the prototype).
 */
function containThrows(instance: ValidatorConstraintInterface): ValidatorConstraintInterface {
  const contained = Object.create(instance) as ValidatorConstraintInterface;
  contained.validate = (value, args) => {
    try {
      const verdict = instance.validate(value, args);
      return verdict instanceof Promise ? verdict.catch(() => false) : verdict;
    } catch {
      return false;
    }
  };
  return contained;
}

/**
 * class-validator's `validate(object, options)` over an ordered view, stopping each property at its first
 * failure. The executor is class-validator's own, so messages and error shapes are exactly its.
 */
export async function validateOrdered(
  object: object,
  options: ValidatorOptions,
  metadata: OrderedMetadata,
): Promise<ValidationError[]> {
  const executor = new ValidationExecutor(new Validator(), { ...options, stopAtFirstError: true });
  (executor as unknown as { metadataStorage: MetadataStorage }).metadataStorage = metadata.storage;
  const errors: ValidationError[] = [];
  executor.execute(object, undefined, errors);
  await Promise.all(executor.awaitingPromises);
  return executor.stripEmptyErrors(errors);
}
