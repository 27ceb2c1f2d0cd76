// The compiled fast path's checks for class-validator's most used validators, as plain predicates over the value.
// class-validator calls a constraint as `validate(value, args)` with an arguments object naming the object, the
// property and the constraints; for these validators only the value and the constraints matter, so the fast path
// binds the constraints once at startup and skips building arguments per call. Each predicate is class-validator's
// own exported function (the very one its decorator's constraint calls), so accepting stays exactly as strict.
import {
  ARRAY_MAX_SIZE,
  ARRAY_MIN_SIZE,
  ARRAY_NOT_EMPTY,
  arrayMaxSize,
  arrayMinSize,
  arrayNotEmpty,
  EQUALS,
  equals,
  IS_ARRAY,
  IS_BOOLEAN,
  IS_DEFINED,
  IS_IN,
  IS_INT,
  IS_LENGTH,
  IS_NEGATIVE,
  IS_NOT_EMPTY,
  IS_NOT_IN,
  IS_NUMBER,
  IS_OBJECT,
  IS_POSITIVE,
  IS_STRING,
  isArray,
  isBoolean,
  isDefined,
  isIn,
  isInt,
  isNegative,
  isNotEmpty,
  isNotIn,
  isNumber,
  isObject,
  isPositive,
  isString,
  length,
  MAX,
  MAX_LENGTH,
  MIN,
  MIN_LENGTH,
  max,
  min,
} from 'class-validator';

/** A check of one value that needs nothing but the value. */
export type ValuePredicate = (value: unknown) => boolean;

/** Code units that make validator.js's `isLength` count differently from `String#length`. */
const COUNTED_APART = /[\uD800-\uDBFF]|\uFE0E|\uFE0F/;

/**
 * `isLength(value, { min, max })` as class-validator runs it: without surrogates or variation selectors the
 * length is `value.length`; any string with one takes the library's own count.
 */
function lengthBetween(low: unknown, high: unknown): ValuePredicate {
  const lowest = (low as number) || 0;
  return (value) => {
    if (typeof value !== 'string') return false;
    if (COUNTED_APART.test(value)) return length(value, low as number, high as number);
    return value.length >= lowest && (high === undefined || value.length <= (high as number));
  };
}

type Maker = (constraints: readonly unknown[]) => ValuePredicate;

const MAKERS: ReadonlyMap<string, Maker> = new Map<string, Maker>([
  [IS_STRING, () => isString],
  [IS_INT, () => isInt],
  [IS_BOOLEAN, () => isBoolean],
  [IS_ARRAY, () => isArray],
  [IS_OBJECT, () => isObject],
  [IS_DEFINED, () => isDefined],
  [IS_NOT_EMPTY, () => isNotEmpty],
  [IS_POSITIVE, () => isPositive],
  [IS_NEGATIVE, () => isNegative],
  [ARRAY_NOT_EMPTY, () => arrayNotEmpty],
  [
    IS_NUMBER,
    ([options]) =>
      (value) =>
        isNumber(value, options as object),
  ],
  [
    MIN,
    ([bound]) =>
      (value) =>
        min(value, bound as number),
  ],
  [
    MAX,
    ([bound]) =>
      (value) =>
        max(value, bound as number),
  ],
  [
    EQUALS,
    ([comparison]) =>
      (value) =>
        equals(value, comparison),
  ],
  [
    IS_IN,
    ([values]) =>
      (value) =>
        isIn(value, values as unknown[]),
  ],
  [
    IS_NOT_IN,
    ([values]) =>
      (value) =>
        isNotIn(value, values as unknown[]),
  ],
  [
    ARRAY_MIN_SIZE,
    ([bound]) =>
      (value) =>
        arrayMinSize(value, bound as number),
  ],
  [
    ARRAY_MAX_SIZE,
    ([bound]) =>
      (value) =>
        arrayMaxSize(value, bound as number),
  ],
  [MIN_LENGTH, ([low]) => lengthBetween(low, undefined)],
  [MAX_LENGTH, ([high]) => lengthBetween(0, high)],
  [IS_LENGTH, ([low, high]) => lengthBetween(low, high)],
]);

/** Values a predicate and the constraint it stands for must agree on before the predicate replaces it. */
const PROBES: readonly unknown[] = [
  undefined,
  null,
  '',
  'a',
  'metric',
  'Ab😀\uFE0F',
  'x'.repeat(300),
  0,
  1,
  -1,
  3,
  14,
  15,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  [1, 2],
  {},
];

/** The constraint as class-validator would call it, for the probe. */
type Constraint = (value: unknown) => unknown;

/**
 * The predicate standing for the class-validator validator `name` with `constraints`, or undefined when there is
 * none, or when the registered constraint (a user's decorator that reuses a built-in name, say) disagrees with it on
 * any probe value: then the fast path calls the constraint itself, as before.
 */
export function inlinePredicate(
  name: string,
  constraints: readonly unknown[] | undefined,
  registered: Constraint,
): ValuePredicate | undefined {
  const make = MAKERS.get(name);
  if (make === undefined) return undefined;
  const predicate = make(constraints ?? []);
  const probes = [...PROBES, ...(Array.isArray(constraints?.[0]) ? (constraints[0] as unknown[]) : [])];
  try {
    for (const probe of probes) if (Boolean(registered(probe)) !== predicate(probe)) return undefined;
  } catch {
    return undefined;
  }
  return predicate;
}
