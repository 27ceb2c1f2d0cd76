// Startup checks of input validation: patterns safe-regex2 flags that nothing bounds.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { ValidationTypes } from 'class-validator';
import { isUnsafePattern, type OrderedMetadata, patternOf } from './validation-order.js';

/** How much input validation accepts, and how it treats costly patterns (see docs/schemas.md). */
export interface ValidationLimits {
  /**
   * Longest string a pattern flagged by safe-regex2 (`@Matches(/^(a+)+$/)`) is run on: longer input is
   * refused with a length message before the pattern runs. Unset: such patterns run on whatever their
   * own `@MaxLength` lets through, and one without a `@MaxLength` is reported at startup.
   */
  unsafePatternMaxLength?: number;
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
