// The compiled fast path of DtoValidator, part 2: per call, build the instance the way plainToInstance
// would (with `@Field` defaults) and check it the way validate() would. It only ever *accepts*: any
// failed check, and anything unusual (a non-JSON value, a key class-transformer would treat specially,
// deep nesting, a validator that throws or returns a promise), returns undefined, and the caller runs
// the slow path, which then produces the exact errors. So a rejection always comes from class-validator.
import type { ClassPlan, Conversion, Rule } from './compiled-plan.js';

/** Deeper input goes to the slow path (whose defaults filling stops at 32 levels). */
const MAX_DEPTH = 24;

/** Thrown to leave the fast path; caught in {@link acceptCompiled}. */
const GIVE_UP: unique symbol = Symbol('give up');

/** Keys class-transformer skips on plain objects (inherited from Object.prototype). */
const OBJECT_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

type Bag = Record<string, unknown>;

/**
 * The DTO instance `input` validates to, or undefined when the fast path cannot tell (or the input is
 * invalid): then the slow path must run. `input` must be a plain object.
 */
export function acceptCompiled(plan: ClassPlan, input: object): object | undefined {
  try {
    const instance = build(plan, input as Bag, 0);
    return check(plan, instance, 0) ? instance : undefined;
  } catch {
    // GIVE_UP, or an exception from a constructor or validator: the slow path decides (and rethrows).
    return undefined;
  }
}

/** plainToInstance for one object of a planned class, then `@Field` defaults. */
function build(plan: ClassPlan, input: Bag, depth: number): Bag {
  if (plan.failed || depth > MAX_DEPTH) throw GIVE_UP;
  const instance = new plan.dto() as Bag;
  for (const key of Object.keys(input)) {
    const property = plan.byName.get(key);
    // Unknown keys are rejected by the whitelist; the others would be skipped by class-transformer.
    if (property === undefined || plan.prototypeKeys.has(key) || typeof instance[key] === 'function') throw GIVE_UP;
    const value = input[key];
    // `exposeDefaultValues`: an explicit undefined keeps the initial value.
    instance[key] = value === undefined ? instance[key] : convert(value, property.conversion, depth + 1);
  }
  // A default is input left out: converted like one (a nested class's default becomes an instance of it).
  for (const [key, fallback] of plan.defaults)
    if (instance[key] === undefined)
      instance[key] = convert(structuredClone(fallback), plan.byName.get(key)?.conversion ?? 'copy', depth + 1);
  return instance;
}

/** class-transformer's `transform` of one value, for JSON values. */
export function convert(value: unknown, conversion: Conversion, depth: number): unknown {
  if (depth > MAX_DEPTH) throw GIVE_UP;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw GIVE_UP; // forEach would skip the hole
      out.push(convert(value[i], conversion, depth + 1));
    }
    return out;
  }
  const type = typeof value;
  if (type === 'function' || type === 'symbol' || type === 'bigint') throw GIVE_UP;
  if (conversion === 'string') return value === null || value === undefined ? value : String(value);
  if (conversion === 'number') return value === null || value === undefined ? value : Number(value);
  if (conversion === 'boolean') return value === null || value === undefined ? value : Boolean(value);
  if (value === null || type !== 'object') {
    if (conversion === 'date' && value !== null && value !== undefined) return new Date(value as string);
    return value;
  }
  // Dates, Maps, Buffers, promises, class instances: not JSON, left to the slow path.
  if (Object.getPrototypeOf(value) !== Object.prototype || typeof (value as Bag).then === 'function') throw GIVE_UP;
  if (conversion === 'date') return new Date(value as never);
  if (typeof conversion === 'object') return build(conversion, value as Bag, depth);
  const out: Bag = {};
  for (const key of Object.keys(value as Bag)) {
    if (key === '__proto__' || key === 'constructor' || OBJECT_KEYS.has(key)) throw GIVE_UP;
    const item = (value as Bag)[key];
    out[key] = item === undefined ? undefined : convert(item, 'copy', depth + 1);
  }
  return out;
}

/** validate() with whitelist, forbidNonWhitelisted and forbidUnknownValues, as a yes/no. */
function check(plan: ClassPlan, object: Bag, depth: number): boolean {
  if (plan.failed || depth > MAX_DEPTH) throw GIVE_UP;
  if (!plan.validatable) return false;
  for (const key of Object.keys(object)) if (!plan.byName.has(key)) return false;
  for (const property of plan.properties) {
    const value = object[property.name];
    let proceed = true;
    for (const condition of property.conditions) proceed = condition(object, value) && proceed;
    if (!proceed) continue;
    for (const rule of property.rules) if (!passes(rule, object, value)) return false;
    if (property.nested !== undefined && value !== undefined && !nested(property.nested, value, depth + 1))
      return false;
  }
  return true;
}

/**
 * Whether `value` passes one rule, run through the constraints class-validator registered for it (a Set or Map,
 * whose values class-validator checks, and a promise leave the fast path).
 */
export function passes(rule: Rule, object: Bag, value: unknown): boolean {
  if (value instanceof Set || value instanceof Map) throw GIVE_UP;
  // One arguments object per rule, filled per check rather than allocated: the validators are class-validator's
  // own, synchronous, and keep nothing of it (anything else never reaches the fast path).
  rule.args ??= { targetName: undefined, property: rule.property, object, value, constraints: rule.constraints };
  const args = rule.args;
  args.targetName = (object.constructor as Function | undefined)?.name;
  args.object = object;
  args.value = value;
  try {
    const each = rule.each && Array.isArray(value);
    for (const validator of rule.validators) {
      if (each) {
        for (const item of value as unknown[]) if (!verdict(validator.validate(item, args))) return false;
      } else if (!verdict(validator.validate(value, args))) {
        return false;
      }
    }
    return true;
  } finally {
    // The plan outlives the call: it must not hold on to the caller's input.
    args.object = undefined;
    args.value = undefined;
  }
}

/** A constraint's answer as a yes/no; a promise (an async validator) leaves the fast path. */
export function verdict(result: unknown): boolean {
  if (typeof result === 'object' && result !== null && typeof (result as Bag).then === 'function') throw GIVE_UP;
  return Boolean(result);
}

/** class-validator's nestedValidations: arrays item by item, objects by their class's metadata. */
function nested(plan: ClassPlan, value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || value instanceof Set || value instanceof Map) throw GIVE_UP;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== undefined && !nested(plan, item, depth + 1)) return false;
    return true;
  }
  if (!(value instanceof Object)) return false;
  // class-validator reads the metadata of the value's own class; only the planned class is known here.
  if ((value as Bag).constructor !== plan.dto) throw GIVE_UP;
  return check(plan, value as Bag, depth);
}
