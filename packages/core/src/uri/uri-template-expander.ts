import { encodeValue, truncateCodePoints } from './pct-encoding.js';
import { UriTemplateError } from './uri-template-error.js';
import type { UriTemplateExpression, UriTemplateOperator, UriTemplatePart } from './uri-template-parser.js';

/** A scalar variable value; numbers and booleans expand as `String(value)`. */
export type UriTemplateScalar = string | number | boolean;

/**
 * A variable value for `expand`: a string (or scalar), a list, or an associative array. `undefined`,
 * `null`, an empty list and an empty object are "undefined" in RFC 6570 terms and expand to nothing.
 */
export type UriTemplateValue =
  | UriTemplateScalar
  | readonly (UriTemplateScalar | null | undefined)[]
  | { readonly [key: string]: UriTemplateScalar | null | undefined }
  | null
  | undefined;

/** The values given to `expand`, by variable name. */
export type UriTemplateValues = { readonly [name: string]: UriTemplateValue };

interface OperatorSpec {
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  readonly ifemp: string;
  readonly allowReserved: boolean;
}

/** RFC 6570 Appendix A, the table of expression behaviour per operator. */
const SPECS: Readonly<Record<UriTemplateOperator, OperatorSpec>> = {
  '': { first: '', sep: ',', named: false, ifemp: '', allowReserved: false },
  '+': { first: '', sep: ',', named: false, ifemp: '', allowReserved: true },
  '.': { first: '.', sep: '.', named: false, ifemp: '', allowReserved: false },
  '/': { first: '/', sep: '/', named: false, ifemp: '', allowReserved: false },
  ';': { first: ';', sep: ';', named: true, ifemp: '', allowReserved: false },
  '?': { first: '?', sep: '&', named: true, ifemp: '=', allowReserved: false },
  '&': { first: '&', sep: '&', named: true, ifemp: '=', allowReserved: false },
  '#': { first: '#', sep: ',', named: false, ifemp: '', allowReserved: true },
};

type Defined =
  | { kind: 'scalar'; value: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'pairs'; pairs: [string, string][] };

const isDefined = <V>(v: V | null | undefined): v is V => v !== undefined && v !== null;

/** Normalizes a value; `undefined` when RFC 6570 treats it as undefined (absent, null, empty list/object). */
function defined(values: UriTemplateValues, name: string): Defined | undefined {
  // Own properties only: a variable called "constructor" must not pick up Object.prototype.constructor.
  if (!Object.hasOwn(values, name)) return undefined;
  const value = values[name];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const items = (value as readonly (UriTemplateScalar | null | undefined)[]).filter(isDefined).map(String);
    return items.length === 0 ? undefined : { kind: 'list', items };
  }
  if (typeof value === 'object') {
    const pairs: [string, string][] = [];
    for (const [key, item] of Object.entries(value)) if (isDefined(item)) pairs.push([key, String(item)]);
    return pairs.length === 0 ? undefined : { kind: 'pairs', pairs };
  }
  return { kind: 'scalar', value: String(value) };
}

function expandExpression(expression: UriTemplateExpression, values: UriTemplateValues, template: string): string {
  const spec = SPECS[expression.operator];
  const enc = (s: string) => encodeValue(s, spec.allowReserved);
  let out = '';
  let first = true;
  for (const variable of expression.variables) {
    const value = defined(values, variable.name);
    if (value === undefined) continue;
    out += first ? spec.first : spec.sep;
    first = false;
    const { name } = variable;
    if (value.kind === 'scalar') {
      const text = variable.prefix === undefined ? value.value : truncateCodePoints(value.value, variable.prefix);
      if (!spec.named) out += enc(text);
      else out += text === '' ? name + spec.ifemp : `${name}=${enc(text)}`;
      continue;
    }
    if (variable.prefix !== undefined) {
      // RFC 6570 §2.4.1: prefix modifiers are not applicable to composite values.
      throw new UriTemplateError(
        'INVALID_VALUE',
        template,
        expression.position,
        `"${name}" has a prefix modifier but its value is a ${value.kind === 'list' ? 'list' : 'map'}`,
      );
    }
    if (!variable.explode) {
      const joined =
        value.kind === 'list'
          ? value.items.map(enc).join(',')
          : value.pairs.map(([k, v]) => `${enc(k)},${enc(v)}`).join(',');
      out += spec.named ? `${name}=${joined}` : joined;
    } else if (value.kind === 'list') {
      out += spec.named
        ? value.items.map((item) => (item === '' ? name + spec.ifemp : `${name}=${enc(item)}`)).join(spec.sep)
        : value.items.map(enc).join(spec.sep);
    } else {
      out += value.pairs
        .map(([k, v]) => (spec.named && v === '' ? enc(k) + spec.ifemp : `${enc(k)}=${enc(v)}`))
        .join(spec.sep);
    }
  }
  return out;
}

/**
 * RFC 6570 level 4 expansion of parsed template parts (§3.2, Appendix A).
 * @example expandParts(parseUriTemplate('{/list*}'), { list: ['a', 'b'] }) // '/a/b'
 */
export function expandParts(parts: readonly UriTemplatePart[], values: UriTemplateValues, template: string): string {
  let out = '';
  for (const part of parts) {
    out += part.kind === 'literal' ? part.encoded : expandExpression(part, values, template);
  }
  return out;
}
