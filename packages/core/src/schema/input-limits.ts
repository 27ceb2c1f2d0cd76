// Limits on raw input, checked before class-transformer or any validator sees it: class-transformer
// recurses once per level (20 000 levels overflow the stack, an "Internal error" where "Invalid
// arguments" is due), and every validator's cost grows with the number of values.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { ValidationTypes } from 'class-validator';
import { isUnsafePattern, type OrderedMetadata, patternOf } from './validation-order.js';

/** How much input validation accepts, and how it treats costly patterns (see docs/schemas.md). */
export interface ValidationLimits {
  /** Deepest nesting of objects and arrays in one input (the input object itself is level 1). Default 64. */
  maxDepth?: number;
  /** Most values (objects, arrays, strings, numbers …) in one input. Default 100 000. */
  maxValues?: number;
  /**
   * Longest string a pattern flagged by safe-regex2 (`@Matches(/^(a+)+$/)`) is run on: longer input is
   * refused with a length message before the pattern runs. Unset: such patterns run on whatever their
   * own `@MaxLength` lets through, and one without a `@MaxLength` fails startup (`UnsafePatternError`).
   */
  unsafePatternMaxLength?: number;
  /**
   * Start even with flagged patterns that nothing bounds, with a warning each instead of an
   * `UnsafePatternError`: for those who accept that one request can hold the event loop. Default false.
   */
  allowUnsafePatterns?: boolean;
}

/** The defaults of {@link ValidationLimits}. */
export const DEFAULT_LIMITS = { maxDepth: 64, maxValues: 100_000 } as const;

const ownKey = Object.prototype.hasOwnProperty;

/**
 * Most arguments are one object of strings and numbers: within any limit that admits one level, told without
 * the walk's stacks.
 */
function flatWithin(input: unknown, maxDepth: number, maxValues: number): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || maxDepth < 1) return false;
  let values = 1;
  for (const key in input) {
    // This spelling, not Object.hasOwn: V8 turns it into a map check inside `for…in` (the stdio instructions row).
    if (!ownKey.call(input, key)) continue;
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null) return false;
    values++;
  }
  return values <= maxValues;
}

/** The problem with `input` when it exceeds the limits, or undefined. Iterative: depth costs no stack. */
export function limitProblem(input: unknown, maxDepth: number, maxValues: number): string | undefined {
  if (flatWithin(input, maxDepth, maxValues)) return undefined;
  const stack: unknown[] = [input];
  const depths: number[] = [1];
  let values = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    const depth = depths.pop() as number;
    if (++values > maxValues) return `arguments must hold at most ${maxValues} values`;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxDepth) return `arguments must not nest deeper than ${maxDepth} levels`;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      stack.push(child);
      depths.push(depth + 1);
    }
  }
  return undefined;
}

/**
 * One warning per `@Matches` pattern reachable from `dto` that safe-regex2 flags and that nothing
 * bounds (no `@MaxLength`/`@Length` on its property, no `unsafePatternMaxLength`).
 */
export function unboundedPatterns(dto: Function, metadata: OrderedMetadata): string[] {
  if (metadata.unsafePatternMaxLength !== undefined) return [];
  const warnings: string[] = [];
  const seen = new Set<Function>();
  const visit = (current: Function) => {
    if (seen.has(current)) return;
    seen.add(current);
    const storage = metadata.storage;
    const metas = storage.getTargetValidationMetadatas(current, '', false, false, undefined);
    for (const [property, list] of Object.entries(storage.groupByPropertyName(metas))) {
      const capped = list.some((m) => m.name === 'maxLength' || (m.name === 'isLength' && m.constraints[1] != null));
      for (const meta of list) {
        if (capped || !isUnsafePattern(meta)) continue;
        const where = `${current.name}.${property}`;
        warnings.push(
          `[decorum] ${where}: @Matches(${patternOf(meta)}) can take exponential time on long input (flagged by safe-regex2), and nothing bounds its length. Add @MaxLength(n) to ${where}, or set the McpApp option validation.unsafePatternMaxLength.`,
        );
      }
      if (list.some((m) => m.type === ValidationTypes.NESTED_VALIDATION)) {
        const nested = nestedClass(current, property);
        if (nested !== undefined) visit(nested);
      }
    }
  };
  visit(dto);
  return warnings;
}

/** The class `@Type` names for a nested property, if it can be told without side effects. */
function nestedClass(dto: Function, property: string): Function | undefined {
  const meta = defaultMetadataStorage.findTypeMetadata(dto, property);
  if (meta === undefined || meta.typeFunction.length > 0) return undefined;
  try {
    const type = meta.typeFunction();
    return typeof type === 'function' ? type : undefined;
  } catch {
    return undefined; // the schema builder reports a broken thunk at startup
  }
}
