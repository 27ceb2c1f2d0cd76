// Turns parsed template parts into match steps once, at construction: the stop-character tables of
// every expression, the literal that ends it, and case folding for the leading scheme and host.
import type {
  UriTemplateExpression,
  UriTemplateOperator,
  UriTemplatePart,
  UriTemplateVariable,
} from './uri-template-parser.js';

export interface LiteralStep {
  readonly kind: 'literal';
  readonly text: string;
  /** The pct-encoded spelling of a non-ASCII literal, accepted as well. */
  readonly alt: string | undefined;
  /** Ranges compared case-insensitively (scheme and host of a leading literal). */
  readonly fold: readonly (readonly [number, number])[];
}

export interface ExpressionStep {
  readonly kind: 'expression';
  readonly operator: UriTemplateOperator;
  readonly variables: readonly UriTemplateVariable[];
  /** Characters that end a value. The last variable of a comma list keeps further commas. */
  readonly valueStops: Uint8Array;
  /** `valueStops` plus ',': ends an item of a comma list (`{x,y}`, `{list*}`). */
  readonly itemStops: Uint8Array;
  /** Stops for a parameter name (`;`, `?`, `&`). */
  readonly nameStops: Uint8Array;
  /** Variables by name, for the named operators. */
  readonly byName: ReadonlyMap<string, UriTemplateVariable>;
  /** The literal right after this expression, unless it is the final literal (handled by the limit). */
  readonly next: LiteralStep | undefined;
}

/** A template compiled for matching. */
export type MatchStep = LiteralStep | ExpressionStep;

const table = (chars: string): Uint8Array => {
  const t = new Uint8Array(128);
  for (const ch of chars) t[ch.charCodeAt(0)] = 1;
  return t;
};

/** Value delimiters per operator: what a value of that kind can never contain unencoded. */
const VALUE_STOPS: Readonly<Record<UriTemplateOperator, string>> = {
  '': '/?#',
  '+': '#',
  '#': '',
  '.': './?#',
  '/': '/?#',
  ';': ';/?#',
  '?': '&#',
  '&': '&#',
};
const LEAD_CHARS = '#./;?&';

/**
 * The parts of a leading literal compared case-insensitively: the scheme, and the host when the
 * literal spells out `scheme://authority` (RFC 3986 §6.2.2.1).
 */
export function foldRanges(text: string): [number, number][] {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(text);
  if (!scheme) return [];
  const ranges: [number, number][] = [[0, scheme[0].length - 1]];
  const authorityStart = scheme[0].length + 2;
  if (text.startsWith('//', scheme[0].length)) {
    let end = authorityStart;
    while (end < text.length && !'/?#'.includes(text[end])) end++;
    const at = text.lastIndexOf('@', end - 1);
    ranges.push([at >= authorityStart ? at + 1 : authorityStart, end]);
  }
  return ranges;
}

/** Where and why a template can never match, found by {@link unmatchable}. */
export interface Unmatchable {
  readonly position: number;
  readonly detail: string;
}

const spell = (part: UriTemplateExpression) =>
  `{${part.operator}${part.variables.map((v) => `${v.name}${v.explode ? '*' : v.prefix ? `:${v.prefix}` : ''}`).join(',')}}`;

/**
 * Why the matcher can never split a URI for this template, or undefined. A required expression (`{b}`,
 * `{+b}`) right after an expression that takes every character it can (`{a}`, `{+a}`, no prefix on its
 * last variable) and stops only where `{b}` could not start: `{a}` stops at `/ ? #`, which `{b}` cannot
 * take, and `{+a}` runs up to `#`, which neither can. `{a}{+b}` does split (at a `/` or `?`); so do
 * `{a:3}{b}` and `{a}{/b}`.
 */
export function unmatchable(parts: readonly UriTemplatePart[]): Unmatchable | undefined {
  for (let index = 1; index < parts.length; index++) {
    const [before, part] = [parts[index - 1], parts[index]];
    if (before.kind !== 'expression' || part.kind !== 'expression') continue;
    if (before.operator !== '' && before.operator !== '+') continue;
    if (before.variables[before.variables.length - 1]?.prefix !== undefined) continue;
    if (part.operator !== '' && !(part.operator === '+' && before.operator === '+')) continue;
    const [a, b] = [spell(before), spell(part)];
    const last = before.variables[before.variables.length - 1] as UriTemplateVariable;
    const prefixed = last.explode ? '' : `, bound the first with a prefix (${a.slice(0, -1)}:3}${b})`;
    return {
      position: part.position,
      detail:
        `${b} directly follows ${a}, which takes every character ${b} could start with, so no URI matches ` +
        `this template. Put a literal between them (${a}-${b})${prefixed}, or give the second an operator ` +
        `that starts it ({/${b.slice(1).replace(/^\+/, '')})`,
    };
  }
  return undefined;
}

/** Compiles parsed parts into match steps; consecutive `{?…}{&…}` expressions become one query step. */
export function compileMatcher(parts: readonly UriTemplatePart[]): MatchStep[] {
  const merged: UriTemplatePart[] = [];
  for (const part of parts) {
    const prev = merged[merged.length - 1];
    if (
      part.kind === 'expression' &&
      part.operator === '&' &&
      prev?.kind === 'expression' &&
      (prev.operator === '?' || prev.operator === '&')
    ) {
      merged[merged.length - 1] = { ...prev, variables: [...prev.variables, ...part.variables] };
    } else {
      merged.push(part);
    }
  }
  const literals = merged.map((part, index): LiteralStep | undefined =>
    part.kind === 'literal'
      ? {
          kind: 'literal',
          text: part.text,
          alt: part.encoded === part.text ? undefined : part.encoded,
          fold: index === 0 ? foldRanges(part.text) : [],
        }
      : undefined,
  );
  return merged.map((part, index): MatchStep => {
    if (part.kind === 'literal') return literals[index]!;
    const following = merged[index + 1];
    // The next expression's lead character also ends this one: `{/path*}{.ext}` splits at the '.'.
    const extra = following?.kind === 'expression' && LEAD_CHARS.includes(following.operator) ? following.operator : '';
    const base = VALUE_STOPS[part.operator] + extra;
    const isFinal = index + 2 === merged.length;
    return {
      kind: 'expression',
      operator: part.operator,
      variables: part.variables,
      valueStops: table(base),
      itemStops: table(`${base},`),
      nameStops: table(`${base}=`),
      byName: new Map(part.variables.map((variable) => [variable.name, variable])),
      next: following?.kind === 'literal' && !isFinal ? literals[index + 1] : undefined,
    };
  });
}
