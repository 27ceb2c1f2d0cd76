// Matching is one deterministic left-to-right pass with no backtracking: every expression scans
// forward over a character class and stops at its delimiters, at the first occurrence of the literal
// that follows it, or at the suffix the template's final literal must occupy. Each URI character is
// visited a bounded number of times (times the length of the next literal), so a match is O(n) in
// the URI length for a given template, whatever the input: no regex, no catastrophic cases.
import { codePointLength, decodeComponent } from './pct-encoding.js';
import type { ExpressionStep, LiteralStep, MatchStep } from './uri-template-compiler.js';
import type { UriTemplateVariable } from './uri-template-parser.js';

/** Matched variable values, percent-decoded; exploded variables give arrays (`[]` when absent). */
export type UriTemplateParams = Record<string, string | string[]>;

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const lower = (c: number) => (c >= 0x41 && c <= 0x5a ? c + 32 : c);

/** Per-expression scan state: the URI, the hard limit, and the literal that ends the expression. */
interface Scan {
  readonly uri: string;
  readonly limit: number;
  readonly next: LiteralStep | undefined;
  /** The next literal is looked for from here on (one past the start when a value is required). */
  readonly from: number;
}

function literalAt(uri: string, i: number, step: LiteralStep): number {
  const { text, fold } = step;
  if (fold.length === 0) {
    if (uri.startsWith(text, i)) return text.length;
  } else if (i + text.length <= uri.length) {
    let k = 0;
    for (; k < text.length; k++) {
      const folded = fold.some(([s, e]) => k >= s && k < e);
      const a = uri.charCodeAt(i + k);
      const b = text.charCodeAt(k);
      if (folded ? lower(a) !== lower(b) : a !== b) break;
    }
    if (k === text.length) return text.length;
  }
  return step.alt !== undefined && uri.startsWith(step.alt, i) ? step.alt.length : -1;
}

function atBoundary(scan: Scan, i: number): boolean {
  if (i >= scan.limit) return true;
  const { next } = scan;
  return next !== undefined && i >= scan.from && literalAt(scan.uri, i, next) >= 0;
}

/** Scans a value from `i` to its end; with `max`, stops after `max` decoded characters. */
function scanValue(scan: Scan, i: number, stops: Uint8Array, max?: number): number {
  const { uri } = scan;
  let count = 0;
  while (!atBoundary(scan, i)) {
    const c = uri.charCodeAt(i);
    if (c < 128 && stops[c] === 1) break;
    if (max === undefined) {
      i += 1;
      continue;
    }
    let width = 1;
    let startsChar = true;
    if (c === 0x25 && i + 2 < scan.limit && isHex(uri.charCodeAt(i + 1)) && isHex(uri.charCodeAt(i + 2))) {
      width = 3;
      startsChar = (Number.parseInt(uri.slice(i + 1, i + 3), 16) & 0xc0) !== 0x80; // not a UTF-8 continuation byte
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < scan.limit) {
      const low = uri.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) width = 2;
    }
    if (startsChar) {
      if (count === max) break;
      count += 1;
    }
    i += width;
  }
  return i;
}

interface Capture {
  readonly value: string | string[];
  readonly prefix: number | undefined;
}
type Captures = Map<string, Capture>;

/** Decodes and records a value; a variable seen twice must agree (a prefix capture may be shorter). */
function assign(out: Captures, variable: UriTemplateVariable, raw: string | string[]): boolean {
  let value: string | string[];
  if (typeof raw === 'string') {
    const decoded = decodeComponent(raw);
    if (decoded === undefined) return false;
    value = decoded;
  } else {
    value = [];
    for (const item of raw) {
      const decoded = decodeComponent(item);
      if (decoded === undefined) return false;
      value.push(decoded);
    }
  }
  const prev = out.get(variable.name);
  if (prev === undefined) {
    out.set(variable.name, { value, prefix: variable.prefix });
    return true;
  }
  if (typeof prev.value === 'string' && typeof value === 'string') {
    if (prev.value === value || (variable.prefix !== undefined && prev.value.startsWith(value))) return true;
    if (prev.prefix === undefined || !value.startsWith(prev.value)) return false;
    out.set(variable.name, { value, prefix: variable.prefix });
    return true;
  }
  const a = prev.value;
  const b = value;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => x === b[k]);
}

/** `{var}`, `{+var}`, `{#var}`: comma-separated values; an exploded variable takes the remaining items. */
function matchList(step: ExpressionStep, scan: Scan, pos: number, out: Captures): number {
  const { uri } = scan;
  let i = pos;
  if (step.operator === '#') {
    if (atBoundary(scan, i) || uri.charCodeAt(i) !== 0x23) return i;
    i += 1;
  }
  const vars = step.variables;
  for (let k = 0; k < vars.length; k++) {
    const variable = vars[k];
    if (variable.explode) {
      const items: string[] = [];
      for (;;) {
        const end = scanValue(scan, i, step.itemStops);
        items.push(uri.slice(i, end));
        i = end;
        if (atBoundary(scan, i) || uri.charCodeAt(i) !== 0x2c) break;
        i += 1;
      }
      return assign(out, variable, items) ? i : -1;
    }
    const last = k === vars.length - 1;
    const end = scanValue(scan, i, last ? step.valueStops : step.itemStops, variable.prefix);
    if (!assign(out, variable, uri.slice(i, end))) return -1;
    i = end;
    if (last || atBoundary(scan, i) || uri.charCodeAt(i) !== 0x2c) break;
    i += 1;
  }
  // `{var}` and `{+var}` are required: they must match at least one character.
  return step.operator !== '#' && i === pos ? -1 : i;
}

/** `{.var}` and `{/var}`: each variable is one delimiter-prefixed label or segment; explode takes the rest. */
function matchDelimited(step: ExpressionStep, scan: Scan, pos: number, out: Captures): number {
  const { uri } = scan;
  const delimiter = step.operator.charCodeAt(0);
  let i = pos;
  for (const variable of step.variables) {
    if (atBoundary(scan, i) || uri.charCodeAt(i) !== delimiter) break;
    if (variable.explode) {
      const items: string[] = [];
      while (!atBoundary(scan, i) && uri.charCodeAt(i) === delimiter) {
        const end = scanValue(scan, i + 1, step.valueStops);
        items.push(uri.slice(i + 1, end));
        i = end;
      }
      return assign(out, variable, items) ? i : -1;
    }
    const end = scanValue(scan, i + 1, step.valueStops, variable.prefix);
    if (!assign(out, variable, uri.slice(i + 1, end))) return -1;
    i = end;
  }
  return i;
}

/** `{;x}`, `{?x}`, `{&x}`: name=value pairs in any order; unknown names are skipped; all optional. */
function matchNamed(step: ExpressionStep, scan: Scan, pos: number, out: Captures): number {
  const { uri } = scan;
  const lead = step.operator.charCodeAt(0);
  const separator = step.operator === ';' ? 0x3b : 0x26;
  if (atBoundary(scan, pos) || uri.charCodeAt(pos) !== lead) return pos;
  const found = new Map<UriTemplateVariable, string | string[]>();
  let i = pos;
  do {
    const nameStart = i + 1;
    const nameEnd = scanValue(scan, nameStart, step.nameStops);
    let value = '';
    i = nameEnd;
    if (!atBoundary(scan, i) && uri.charCodeAt(i) === 0x3d /* = */) {
      const end = scanValue(scan, i + 1, step.valueStops);
      value = uri.slice(i + 1, end);
      i = end;
    }
    const variable = step.byName.get(uri.slice(nameStart, nameEnd));
    const list = variable && found.get(variable);
    if (Array.isArray(list)) list.push(value);
    else if (variable?.explode) found.set(variable, [value]);
    else if (variable && list === undefined) found.set(variable, value); // the first occurrence wins
  } while (!atBoundary(scan, i) && uri.charCodeAt(i) === separator);
  for (const [variable, raw] of found) {
    if (variable.prefix !== undefined) {
      const decoded = decodeComponent(raw as string);
      if (decoded === undefined || codePointLength(decoded) > variable.prefix) return -1;
    }
    if (!assign(out, variable, raw)) return -1;
  }
  return i;
}

/**
 * Matches a URI against compiled steps; `undefined` when it does not match (including malformed
 * percent-encoding in a captured value).
 */
export function matchSteps(steps: readonly MatchStep[], uri: string): UriTemplateParams | undefined {
  const out: Captures = new Map();
  const last = steps[steps.length - 1];
  // Only the final literal can occupy the end of the URI, so every expression stops before it.
  let limit = uri.length;
  if (last?.kind === 'literal' && steps.length > 1) {
    if (uri.endsWith(last.text)) limit -= last.text.length;
    else if (last.alt !== undefined && uri.endsWith(last.alt)) limit -= last.alt.length;
    else return undefined;
  }
  let pos = 0;
  for (const step of steps) {
    if (step.kind === 'literal') {
      const length = literalAt(uri, pos, step);
      if (length < 0) return undefined;
      pos += length;
      continue;
    }
    if (pos > limit) return undefined;
    const required = step.operator === '' || step.operator === '+';
    const scan: Scan = { uri, limit, next: step.next, from: required ? pos + 1 : pos };
    const op = step.operator;
    if (op === '' || op === '+' || op === '#') pos = matchList(step, scan, pos, out);
    else if (op === '.' || op === '/') pos = matchDelimited(step, scan, pos, out);
    else pos = matchNamed(step, scan, pos, out);
    if (pos < 0) return undefined;
  }
  if (pos !== uri.length) return undefined;
  // An exploded variable is a list: absent, it is the empty list (which expands to nothing, so the
  // round trip holds), and a handler can count on an array (`tree://root{/segments*}` on `tree://root`).
  for (const step of steps) {
    if (step.kind !== 'expression') continue;
    for (const variable of step.variables) {
      if (variable.explode && !out.has(variable.name)) out.set(variable.name, { value: [], prefix: undefined });
    }
  }
  return Object.fromEntries(Array.from(out, ([name, capture]) => [name, capture.value]));
}
