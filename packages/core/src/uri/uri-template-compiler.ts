// Turns parsed template parts into match steps once, at construction: the stop-character tables of
// every expression, the literal that ends it, and case folding for the leading scheme and host.
import type { UriTemplateOperator, UriTemplatePart, UriTemplateVariable } from './uri-template-parser.js';

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
