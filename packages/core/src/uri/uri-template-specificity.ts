// Orders templates "most specific first" and detects templates that are the same pattern under
// different variable names. Both look only at the parsed structure, never at names.
import { foldRanges } from './uri-template-compiler.js';
import type { UriTemplateExpression, UriTemplatePart } from './uri-template-parser.js';

/**
 * How loosely an expression matches, lower is tighter: reserved expansion (`+`, `#`) can swallow
 * `/` and is loosest; explode takes any number of items; a prefix modifier bounds the length.
 */
function looseness(expression: UriTemplateExpression): number {
  const reserved = expression.operator === '+' || expression.operator === '#' ? 4 : 0;
  const exploded = expression.variables.some((variable) => variable.explode) ? 2 : 0;
  const unbounded = expression.variables.every((variable) => variable.prefix !== undefined) ? 0 : 1;
  return reserved + exploded + unbounded;
}

/** What the router orders templates by; see `compareSpecificity`. */
export interface SpecificityKey {
  /** Lengths of the literal runs, in order; 0 where two expressions touch or one starts/ends the template. */
  readonly literals: readonly number[];
  /** Looseness of each expression, in order. */
  readonly looseness: readonly number[];
}

/**
 * The specificity key of a template: `file:///docs/{name}` → literals `[13, 0]`, looseness `[1]`;
 * `file:///{+path}` → literals `[8, 0]`, looseness `[5]`.
 */
export function specificityKey(parts: readonly UriTemplatePart[]): SpecificityKey {
  const literals: number[] = [];
  const loose: number[] = [];
  let expectLiteral = true;
  for (const part of parts) {
    if (part.kind === 'literal') {
      literals.push(part.text.length);
      expectLiteral = false;
    } else {
      if (expectLiteral) literals.push(0);
      loose.push(looseness(part));
      expectLiteral = true;
    }
  }
  if (expectLiteral) literals.push(0);
  return { literals, looseness: loose };
}

/**
 * Compares two keys: literal lengths position by position (a longer literal wins, so a literal
 * segment beats a variable), then expression looseness position by position (a tighter expression
 * wins). Negative when `a` is more specific; 0 on a tie (the router then prefers fewer variables,
 * then declaration order).
 */
export function compareSpecificity(a: SpecificityKey, b: SpecificityKey): number {
  const literals = Math.min(a.literals.length, b.literals.length);
  for (let i = 0; i < literals; i++) {
    if (a.literals[i] !== b.literals[i]) return b.literals[i] - a.literals[i];
  }
  const expressions = Math.min(a.looseness.length, b.looseness.length);
  for (let i = 0; i < expressions; i++) {
    if (a.looseness[i] !== b.looseness[i]) return a.looseness[i] - b.looseness[i];
  }
  return 0;
}

/**
 * A string equal for two templates exactly when they match the same URIs by the same rules: literals
 * (scheme and host lower-cased), operators and modifiers, variable names left out. Named-parameter
 * expressions (`;`, `?`, `&`) reduce to their operator, since all their variables are optional and
 * unknown parameters are skipped; a `{?…}{&…}` run counts as one.
 */
export function skeletonOf(parts: readonly UriTemplatePart[]): string {
  const tokens: string[] = [];
  parts.forEach((part, index) => {
    if (part.kind === 'literal') {
      let text = part.text;
      if (index === 0) {
        for (const [start, end] of foldRanges(text)) {
          text = text.slice(0, start) + text.slice(start, end).toLowerCase() + text.slice(end);
        }
      }
      tokens.push(`L${text}`);
      return;
    }
    const { operator } = part;
    if (operator === ';' || operator === '?' || operator === '&') {
      const prev = tokens[tokens.length - 1];
      if (operator === '&' && (prev === 'E?' || prev === 'E&')) return;
      tokens.push(`E${operator}`);
      return;
    }
    const shapes = part.variables.map((v) => (v.explode ? '*' : v.prefix === undefined ? '' : `:${v.prefix}`));
    tokens.push(`E${operator}${shapes.join(',')}`);
  });
  return JSON.stringify(tokens);
}
