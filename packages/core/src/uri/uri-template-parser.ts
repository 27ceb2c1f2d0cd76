import { encodeLiteral } from './pct-encoding.js';
import { UriTemplateError } from './uri-template-error.js';

/** An RFC 6570 operator; `''` is simple string expansion. */
export type UriTemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One varspec of an expression: `{/path*}` is `{ name: 'path', operator: '/', explode: true }`. */
export interface UriTemplateVariable {
  readonly name: string;
  readonly operator: UriTemplateOperator;
  readonly explode: boolean;
  /** The `:n` prefix modifier (1–9999), when present. */
  readonly prefix?: number;
}

/** Literal text of a template; `encoded` is what expansion emits (non-ASCII pct-encoded as UTF-8). */
export interface UriTemplateLiteral {
  readonly kind: 'literal';
  readonly text: string;
  readonly encoded: string;
  readonly position: number;
}

/** A `{...}` expression of a template. */
export interface UriTemplateExpression {
  readonly kind: 'expression';
  readonly operator: UriTemplateOperator;
  readonly variables: readonly UriTemplateVariable[];
  readonly position: number;
}

/** A template is a sequence of literals and expressions; two literals are never adjacent. */
export type UriTemplatePart = UriTemplateLiteral | UriTemplateExpression;

const OPERATORS = '+#./;?&';
// RFC 6570 §2.2 keeps these for future extensions; a template using them is an error, not a literal.
const RESERVED_OPERATORS = '=,!@|';
const MAX_PREFIX = 9999;
const NAME_CHARS = "letters, digits, '_', %XX, and '.' between them";

const isAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * RFC 6570 §2.1: CTL, SP, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}` never appear in literals. The RFC's list
 * also excludes `'`, but erratum 6937 allows it: it is a sub-delimiter of RFC 3986, legal in URIs as it is.
 */
function isLiteralChar(c: number): boolean {
  if (c >= 0x80) return true; // ucschar / iprivate; expansion pct-encodes them
  if (c <= 0x20 || c === 0x7f) return false;
  return !'"<>\\^`{|}'.includes(String.fromCharCode(c));
}

/** `template[i..i+2]` is a pct-encoded triplet. */
function isPctTriplet(template: string, i: number): boolean {
  return isHex(template.charCodeAt(i + 1)) && isHex(template.charCodeAt(i + 2));
}

/**
 * Parses an RFC 6570 (level 4) template into literals and expressions, in one left-to-right pass.
 * Throws a `UriTemplateError` naming the first offending position.
 * @example parseUriTemplate('a://b/{id}') // [{ kind: 'literal', text: 'a://b/' … }, { kind: 'expression' … }]
 */
export function parseUriTemplate(template: string): UriTemplatePart[] {
  const parts: UriTemplatePart[] = [];
  const fail = (code: ConstructorParameters<typeof UriTemplateError>[0], at: number, detail: string): never => {
    throw new UriTemplateError(code, template, at, detail);
  };
  let literalStart = 0;
  const flushLiteral = (end: number) => {
    if (end > literalStart) {
      const text = template.slice(literalStart, end);
      parts.push({ kind: 'literal', text, encoded: encodeLiteral(text), position: literalStart });
    }
  };
  let i = 0;
  while (i < template.length) {
    const c = template.charCodeAt(i);
    if (c === 0x7b /* { */) {
      flushLiteral(i);
      const close = template.indexOf('}', i + 1);
      if (close < 0) fail('UNCLOSED_EXPRESSION', i, "'{' is never closed by '}'");
      parts.push(parseExpression(template, i, close, fail));
      i = close + 1;
      literalStart = i;
    } else if (c === 0x7d /* } */) {
      fail('UNEXPECTED_BRACE', i, "'}' without a matching '{'");
    } else if (c === 0x25 /* % */) {
      if (!isPctTriplet(template, i)) fail('INVALID_LITERAL', i, "'%' must start a percent-encoded triplet like %20");
      i += 3;
    } else {
      if (!isLiteralChar(c)) fail('INVALID_LITERAL', i, `${JSON.stringify(template[i])} is not allowed in a literal`);
      i += 1;
    }
  }
  flushLiteral(template.length);
  return parts;
}

type Fail = (code: ConstructorParameters<typeof UriTemplateError>[0], at: number, detail: string) => never;

function parseExpression(template: string, open: number, close: number, fail: Fail): UriTemplateExpression {
  let i = open + 1;
  if (i === close) fail('EMPTY_EXPRESSION', open, "'{}' names no variable");
  let operator: UriTemplateOperator = '';
  const first = template[i];
  if (OPERATORS.includes(first)) {
    operator = first as UriTemplateOperator;
    i += 1;
  } else if (RESERVED_OPERATORS.includes(first)) {
    fail('RESERVED_OPERATOR', i, `operator '${first}' is reserved by RFC 6570 and not supported`);
  }
  const variables: UriTemplateVariable[] = [];
  for (;;) {
    const { variable, end } = parseVarspec(template, i, close, operator, fail);
    variables.push(variable);
    if (end === close) break;
    // parseVarspec stops only at ',' or '}'
    i = end + 1;
  }
  return { kind: 'expression', operator, variables, position: open };
}

function parseVarspec(
  template: string,
  start: number,
  close: number,
  operator: UriTemplateOperator,
  fail: Fail,
): { variable: UriTemplateVariable; end: number } {
  let i = start;
  // varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
  let expectVarchar = true;
  while (i < close) {
    const c = template.charCodeAt(i);
    if (isAlnum(c) || c === 0x5f /* _ */) {
      i += 1;
    } else if (c === 0x25 /* % */ && isPctTriplet(template, i) && i + 2 < close) {
      i += 3;
    } else if (c === 0x2e /* . */ && !expectVarchar) {
      i += 1;
      expectVarchar = true;
      continue;
    } else {
      break;
    }
    expectVarchar = false;
  }
  if (i === start || expectVarchar) {
    const found = i < close ? JSON.stringify(template[i]) : `'${template[i]}'`;
    fail('INVALID_VARIABLE_NAME', i, `expected a variable name (${NAME_CHARS}), found ${found}`);
  }
  const name = template.slice(start, i);
  let explode = false;
  let prefix: number | undefined;
  const modifier = template[i];
  if (modifier === '*') {
    explode = true;
    i += 1;
  } else if (modifier === ':') {
    const digitsStart = i + 1;
    let j = digitsStart;
    while (j < close && j - digitsStart < 5 && template.charCodeAt(j) >= 0x30 && template.charCodeAt(j) <= 0x39) j++;
    const digits = template.slice(digitsStart, j);
    if (digits.length === 0 || digits[0] === '0' || Number(digits) > MAX_PREFIX) {
      fail('INVALID_MODIFIER', i, `a prefix modifier is ':' followed by 1 to ${MAX_PREFIX}`);
    }
    prefix = Number(digits);
    i = j;
  }
  if (i !== close && template[i] !== ',') {
    const found = JSON.stringify(template[i]);
    if (explode || prefix !== undefined) fail('INVALID_MODIFIER', i, `unexpected ${found} after a modifier`);
    fail('INVALID_VARIABLE_NAME', i, `${found} cannot appear in a variable name (${NAME_CHARS})`);
  }
  const variable: UriTemplateVariable =
    prefix === undefined ? { name, operator, explode } : { name, operator, explode, prefix };
  return { variable, end: i };
}
