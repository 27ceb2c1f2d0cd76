// The compiled fast path of DtoValidator, part 1: what class-transformer and class-validator would do
// with a DTO class, read from their metadata once. A class whose metadata holds anything this plan
// cannot reproduce exactly (custom or async validators, @ValidateIf, @Transform/@Expose/@Exclude,
// discriminators, Map/Set properties …) is marked `failed`, and every call for it takes the slow path.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { type MetadataStorage, ValidationTypes } from 'class-validator';
import { getFieldMetadata } from '../decorators/field.decorator.js';
import type { Class } from '../metadata/types.js';
import { OrderedMetadata } from './validation-order.js';

/** class-transformer's `TransformationType.PLAIN_TO_CLASS`. */
const PLAIN_TO_CLASS = 0;

/**
 * The names of class-validator's own validators: pure and synchronous, so running one twice (fast
 * path, then slow path on a rejection) is harmless. A user's own validator, even a sync one, is not
 * assumed to be either, so a class that uses one is never compiled. The name only admits a class to the
 * fast path; what runs there is always the constraint class-validator registered for the property (its
 * identity), never a function chosen by name: a project's validator registered as `isInt` runs as itself.
 */
// biome-ignore format: a table reads better packed
const BUILT_IN_VALIDATORS = new Set([
  'isDefined', 'isLatLong', 'isLatitude', 'isLongitude', 'equals', 'notEquals', 'isEmpty', 'isNotEmpty',
  'isIn', 'isNotIn', 'isDivisibleBy', 'isPositive', 'isNegative', 'max', 'min', 'minDate', 'maxDate',
  'contains', 'notContains', 'isAlpha', 'isAlphanumeric', 'isDecimal', 'isAscii', 'isBase64', 'isByteLength',
  'isCreditCard', 'isCurrency', 'isEmail', 'isFqdn', 'isFullWidth', 'isHalfWidth', 'isVariableWidth',
  'isHexColor', 'isHexadecimal', 'isMacAddress', 'isIp', 'isPort', 'isIsbn', 'isIsin', 'isIso8601', 'isJson',
  'isJwt', 'isLowercase', 'isMobilePhone', 'isISO31661Alpha2', 'isISO31661Alpha3', 'isISO31661Numeric',
  'isMongoId', 'isMultibyte', 'isSurrogatePair', 'isUrl', 'isUuid', 'IsFirebasePushId', 'isUppercase',
  'isLength', 'maxLength', 'minLength', 'matches', 'isPhoneNumber', 'isMilitaryTime', 'isHash', 'isISSN',
  'isDateString', 'isBooleanString', 'isNumberString', 'isBase32', 'isBIC', 'isBtcAddress', 'isDataURI',
  'isEAN', 'isEthereumAddress', 'isHSL', 'isIBAN', 'isIdentityCard', 'isISRC', 'isLocale', 'isMagnetURI',
  'isMimeType', 'isOctal', 'isPassportNumber', 'isPostalCode', 'isRFC3339', 'isRgbColor', 'isSemVer',
  'isStrongPassword', 'isTimeZone', 'isBase58', 'isTaxId', 'isISO4217CurrencyCode', 'isISO6391', 'isBoolean',
  'isDate', 'isNumber', 'isEnum', 'isInt', 'isString', 'isArray', 'isObject', 'arrayContains',
  'arrayNotContains', 'arrayNotEmpty', 'arrayMinSize', 'arrayMaxSize', 'arrayUnique', 'isNotEmptyObject',
  'isInstance',
]);

/** What class-transformer does to a property's value: `@Type` conversions, or a plain deep copy. */
export type Conversion = 'copy' | 'string' | 'number' | 'boolean' | 'date' | ClassPlan;

/** A class-validator constraint instance (its `validate` is what `validate()` would call). */
interface ConstraintInstance {
  validate(value: unknown, args: unknown): unknown;
}

/** One validator decorator on a property, with the constraint instances that implement it. */
export interface Rule {
  property: string;
  each: boolean;
  constraints: unknown[] | undefined;
  validators: ConstraintInstance[];
  /** The validation arguments the fast path hands every validator of the rule (made on first use, reused). */
  args?: RuleArguments;
}

/** What class-validator passes a constraint's `validate(value, args)`. */
export interface RuleArguments {
  targetName: string | undefined;
  property: string;
  object: object | undefined;
  value: unknown;
  constraints: unknown[] | undefined;
}

/** One validated property of a class. */
export interface PropertyPlan {
  name: string;
  conversion: Conversion;
  /** `@IsOptional()` predicates: the property is checked only when all of them hold. */
  conditions: ((object: object, value: unknown) => boolean)[];
  /** `@IsDefined()` rules first, then the others in {@link OrderedMetadata}'s order (type, size, the rest). */
  rules: Rule[];
  /** `@ValidateNested()`: the class its value must be an instance (or array of instances) of. */
  nested?: ClassPlan;
}

/** Everything the fast path needs about one class. */
export interface ClassPlan {
  dto: Class;
  /** True when the class (or a class it reaches) cannot be compiled: use the slow path. */
  failed: boolean;
  /** class-validator found metadata (without any, `forbidUnknownValues` rejects every instance). */
  validatable: boolean;
  /** Validated properties in class-validator's order; also the whitelist. */
  properties: PropertyPlan[];
  byName: Map<string, PropertyPlan>;
  /** Own names of the prototype: class-transformer skips such keys, so the fast path gives up on them. */
  prototypeKeys: Set<string>;
  /** `@Field({ default })` values, filled in when the input leaves the property out. */
  defaults: [string, unknown][];
}

/** Thrown inside the compiler when a class cannot be reproduced exactly. */
class Uncompilable extends Error {}

const fail = (why: string): never => {
  throw new Uncompilable(why);
};

/**
 * The plan of `dto`, compiled on first use and cached in `plans` (one map per validator, with the
 * metadata view it validates through). Never throws: whatever goes wrong marks the plan `failed`, which
 * sends the class to the slow path.
 */
export function planFor(
  dto: Class,
  plans: WeakMap<Function, ClassPlan>,
  metadata: OrderedMetadata = new OrderedMetadata(),
): ClassPlan {
  const cached = plans.get(dto);
  if (cached !== undefined) return cached;
  const plan: ClassPlan = {
    dto,
    failed: false,
    validatable: false,
    properties: [],
    byName: new Map(),
    prototypeKeys: new Set(Object.getOwnPropertyNames(dto.prototype ?? {})),
    defaults: [],
  };
  // Cached before its properties are read, so a class that reaches itself (a tree) finds this plan.
  plans.set(dto, plan);
  try {
    fill(plan, plans, metadata);
  } catch {
    plan.failed = true;
  }
  return plan;
}

function fill(plan: ClassPlan, plans: WeakMap<Function, ClassPlan>, metadata: OrderedMetadata): void {
  const { dto } = plan;
  if (typeof dto !== 'function' || dto.prototype === undefined) fail('not a class');
  const transformer = defaultMetadataStorage;
  if (
    transformer.getStrategy(dto) !== 'none' ||
    transformer.getExposedMetadatas(dto).length > 0 ||
    transformer.getExcludedMetadatas(dto).length > 0
  )
    fail('@Expose/@Exclude');
  const storage = metadata.storage;
  const metas = storage.getTargetValidationMetadatas(dto, '', false, false, undefined);
  plan.validatable = metas.length > 0;
  for (const [name, list] of Object.entries(storage.groupByPropertyName(metas))) {
    if (transformer.findTransformMetadatas(dto, name, PLAIN_TO_CLASS).length > 0) fail('@Transform');
    const conversion = conversionOf(dto, name, plans, metadata);
    const property: PropertyPlan = { name, conversion, conditions: [], rules: [] };
    const defined: Rule[] = [];
    const custom: Rule[] = [];
    for (const meta of list) {
      if (meta.type === ValidationTypes.WHITELIST) continue;
      if (meta.type === ValidationTypes.CONDITIONAL_VALIDATION) {
        if (meta.name !== 'isOptional') fail('@ValidateIf');
        property.conditions.push(meta.constraints[0] as PropertyPlan['conditions'][number]);
      } else if (meta.type === ValidationTypes.CUSTOM_VALIDATION || meta.type === ValidationTypes.IS_DEFINED) {
        const builtIn = meta.name !== undefined && (BUILT_IN_VALIDATORS.has(meta.name) || metadata.isOwn(meta));
        if (!builtIn || meta.validateIf !== undefined) fail('custom validator');
        const validators = metadata.registered(meta.constraintCls).map((c) => {
          if (c.async) fail('async validator');
          return c.instance as ConstraintInstance;
        });
        const rule: Rule = { property: name, each: meta.each === true, constraints: meta.constraints, validators };
        (meta.type === ValidationTypes.IS_DEFINED ? defined : custom).push(rule);
      } else if (meta.type === ValidationTypes.NESTED_VALIDATION) {
        property.nested = nestedPlan(property.conversion, meta.target, storage);
      } else {
        fail(`validation type ${meta.type}`);
      }
    }
    property.rules = [...defined, ...custom];
    plan.properties.push(property);
    plan.byName.set(name, property);
  }
  for (const [name, field] of getFieldMetadata(dto))
    if (field.default !== undefined) plan.defaults.push([name, field.default]);
}

/** The class a `@ValidateNested()` value is checked against (from `@Type`); it must compile as well. */
function nestedPlan(conversion: Conversion, target: Function | string, storage: MetadataStorage): ClassPlan {
  if (typeof conversion !== 'object' || conversion.failed) return fail('nested without a compiled @Type');
  if (typeof target === 'string') return fail('schema-based validation');
  // class-validator looks the nested metadata up with the parent's name as a schema name as well.
  const bySchema = storage.getTargetValidationMetadatas(conversion.dto, target.name, false, false, undefined);
  const plain = storage.getTargetValidationMetadatas(conversion.dto, '', false, false, undefined);
  if (bySchema.length !== plain.length) fail('schema-based validation');
  return conversion;
}

/** What class-transformer's `@Type` (if any) does to the value of `dto[property]`. */
function conversionOf(
  dto: Class,
  property: string,
  plans: WeakMap<Function, ClassPlan>,
  metadata: OrderedMetadata,
): Conversion {
  const meta = defaultMetadataStorage.findTypeMetadata(dto, property);
  if (meta === undefined) return 'copy';
  if (meta.options?.discriminator !== undefined) fail('discriminator');
  // For array values class-transformer instantiates the reflected type: only a plain array is reproduced.
  const reflected = meta.reflectedType;
  if (typeof reflected === 'function' && reflected !== Array) {
    const proto = reflected.prototype as object | undefined;
    if (proto === undefined || proto instanceof Set || proto instanceof Map || 'push' in proto) fail('collection');
    if (reflected === Map || reflected === Set) fail('collection');
  }
  // A thunk that reads its options (newObject, object, property) may answer differently per call.
  if (meta.typeFunction.length > 0) fail('dynamic @Type');
  const type = meta.typeFunction();
  if (type === String) return 'string';
  if (type === Number) return 'number';
  if (type === Boolean) return 'boolean';
  if (type === Date) return 'date';
  if (type === Object) return 'copy';
  if (typeof type !== 'function' || isBuiltIn(type)) return fail('unsupported @Type');
  const child = planFor(type as Class, plans, metadata);
  if (child.failed) fail('child class');
  return child;
}

const isBuiltIn = (type: Function) =>
  type === Array ||
  type === Map ||
  type === Set ||
  type === Promise ||
  type === Function ||
  type === Symbol ||
  (typeof Buffer !== 'undefined' && type === Buffer) ||
  type.prototype === undefined;
