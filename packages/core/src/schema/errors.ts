// The startup errors of the schema layer. They extend the package-wide DecorumStartupError (one base,
// so `instanceof DecorumStartupError` catches every startup mistake) and say what to add.
import { DecorumStartupError } from '../errors.js';

/**
 * A DTO class the schema layer cannot describe because class-validator knows nothing about it (or about
 * one of its `@Field` properties). Code `dto-metadata`.
 * @example
 * try { builder.build(Untouched, '2020-12'); } catch (e) { if (e instanceof DtoMetadataError) console.error(e.message); }
 */
export class DtoMetadataError extends DecorumStartupError {
  override readonly name = 'DtoMetadataError';

  /** The DTO class name. */
  readonly dto: string;
  /** The property at fault, when it is one property rather than the whole class. */
  readonly property?: string;

  constructor(dto: string, property?: string) {
    super(
      'dto-metadata',
      property === undefined
        ? `DTO class ${dto} has no class-validator metadata, so no schema can describe it and every field would be rejected: ` +
            'add class-validator decorators such as @IsString() to its properties (@Allow() for one that needs no check), ' +
            "and make sure the class is imported as a value, not with 'import type'."
        : `${dto}.${property} has @Field() but no class-validator decorator, so validation would reject it as an unknown field: ` +
            'add one such as @IsString(), or @Allow() to accept any value.',
    );
    this.dto = dto;
    if (property !== undefined) this.property = property;
  }
}

/**
 * A DTO property whose JSON type cannot be known, or whose nested class class-transformer cannot build.
 * Code `dto-property-type`.
 * @example
 * // class Input { @IsOptional() tag?: Tag }  // `import type { Tag }`: reflected as Object
 * // → DtoPropertyTypeError: add @Field({ type: … }) or a validator that implies the type
 */
export class DtoPropertyTypeError extends DecorumStartupError {
  override readonly name = 'DtoPropertyTypeError';

  readonly dto: string;
  readonly property: string;

  constructor(dto: string, property: string, message: string) {
    super('dto-property-type', message);
    this.dto = dto;
    this.property = property;
  }

  /** No explicit type, no validator implying one, and a reflected type that says nothing. */
  static unknownType(dto: string, property: string, reflected: string): DtoPropertyTypeError {
    return new DtoPropertyTypeError(
      dto,
      property,
      `Cannot tell the JSON type of ${dto}.${property}: its reflected type is ${reflected} and no validator implies one. ` +
        "Add @Field({ type: 'string' }) (or 'number', 'integer', 'boolean', 'object', ['string'], () => Child, () => [Child]), " +
        'or a validator that implies the type such as @IsString(). Reflection yields Object for unions, branded types, ' +
        "and classes brought in with 'import type', so never rely on it alone.",
    );
  }

  /** `@ValidateNested()` without class-transformer's `@Type`: nested validation would always fail. */
  static missingTransformerType(dto: string, property: string): DtoPropertyTypeError {
    return new DtoPropertyTypeError(
      dto,
      property,
      `${dto}.${property} has @ValidateNested() but no @Type(() => Child) from class-transformer: without it, plain ` +
        'JSON objects never become Child instances and nested validation always fails. Add @Type(() => Child), ' +
        "with Child imported as a value (not with 'import type').",
    );
  }

  /** A `@Type`/`@Field` thunk that throws or returns something other than a class. */
  static badThunk(dto: string, property: string, detail: string): DtoPropertyTypeError {
    return new DtoPropertyTypeError(
      dto,
      property,
      `The type thunk of ${dto}.${property} ${detail}: it must return a class, e.g. () => Child or () => [Child] ` +
        "(a class declared further down is fine; a class brought in with 'import type' is not).",
    );
  }
}

/**
 * `@Matches` patterns safe-regex2 flags as possibly exponential on properties nothing bounds in length: one
 * request of a few dozen characters could hold the event loop (every client) for seconds. Code `unsafe-pattern`.
 * @example
 * // class SignUp { @Matches(/^(a+)+$/) name!: string }
 * // → UnsafePatternError: add @MaxLength(n), or validation.unsafePatternMaxLength
 */
export class UnsafePatternError extends DecorumStartupError {
  override readonly name = 'UnsafePatternError';

  constructor(
    /** One line per pattern: the class, property and pattern, and the fix. */
    readonly patterns: readonly string[],
  ) {
    super(
      'unsafe-pattern',
      `${patterns.join('\n')}\nOne request can block the server for every client with such a pattern. Only if you accept that risk: the McpApp option validation.allowUnsafePatterns: true (then this is a warning).`,
    );
  }
}
