import { compileMatcher, type MatchStep, unmatchable } from './uri-template-compiler.js';
import { UriTemplateError } from './uri-template-error.js';
import { expandParts, type UriTemplateValues } from './uri-template-expander.js';
import { matchSteps, type UriTemplateParams } from './uri-template-matcher.js';
import { parseUriTemplate, type UriTemplatePart, type UriTemplateVariable } from './uri-template-parser.js';

/** `scheme:` at the start of a string (RFC 3986 §3.1); `undefined` when there is none. */
export function schemeOf(text: string): string | undefined {
  const first = text.charCodeAt(0);
  if (!((first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a))) return undefined;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) return text.slice(0, i).toLowerCase();
    const ok =
      (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d;
    if (!ok && c !== 0x2e) return undefined;
  }
  return undefined;
}

/**
 * An RFC 6570 URI template, parsed once: matches concrete URIs (for `resources/read`) and expands
 * values into URIs (all of level 4). Matching is a linear, non-backtracking scan; see
 * docs/uri-templates.md for the rules per operator.
 * @example
 * const forecast = new UriTemplate('weather://forecast/{city}/{date}{?units}');
 * forecast.match('weather://forecast/Paris/2025-06-01?units=metric');
 * // → { city: 'Paris', date: '2025-06-01', units: 'metric' }
 * forecast.expand({ city: 'São Paulo', date: 'today' }); // 'weather://forecast/S%C3%A3o%20Paulo/today'
 */
export class UriTemplate {
  /** The template text as given. */
  readonly template: string;
  /** Literals and expressions, in order. */
  readonly parts: readonly UriTemplatePart[];
  /** Every varspec in template order (a variable used twice appears twice). */
  readonly variables: readonly UriTemplateVariable[];
  /** The distinct variable names, in order of first use. */
  readonly variableNames: readonly string[];
  /** The lower-cased scheme when the template starts with a literal `scheme:`, else `undefined`. */
  readonly scheme: string | undefined;
  readonly #steps: readonly MatchStep[];

  /** Parses `template`; throws a `UriTemplateError` (with `code` and `position`) when it is malformed. */
  constructor(template: string) {
    this.template = template;
    this.parts = parseUriTemplate(template);
    this.variables = this.parts.flatMap((part) => (part.kind === 'expression' ? part.variables : []));
    this.variableNames = [...new Set(this.variables.map((variable) => variable.name))];
    const first = this.parts[0];
    this.scheme = first?.kind === 'literal' ? schemeOf(first.text) : undefined;
    this.#steps = compileMatcher(this.parts);
  }

  /**
   * Matches a whole URI. Returns the percent-decoded values (arrays for exploded variables; absent
   * optional variables are left out), or `undefined` when the URI does not match.
   * @example new UriTemplate('file:///{+path}').match('file:///a/b%20c.txt') // { path: 'a/b c.txt' }
   */
  match(uri: string): UriTemplateParams | undefined {
    return matchSteps(this.#steps, uri);
  }

  /**
   * RFC 6570 §3.2 expansion. Missing, `null` and empty list/object values are undefined and vanish;
   * a prefix modifier on a list or object throws a `UriTemplateError` (`INVALID_VALUE`).
   * @example new UriTemplate('notes://{id}{?tags*}').expand({ id: 7, tags: ['a', 'b'] }) // 'notes://7?tags=a&tags=b'
   */
  expand(values: UriTemplateValues): string {
    return expandParts(this.parts, values, this.template);
  }

  /**
   * Throws a `UriTemplateError` (`UNMATCHABLE`) when no URI can ever match this template, because two
   * adjacent expressions cannot be told apart (`x{a}{b}y`, `up{+path}{var}/here`). Such a template still
   * expands (the RFC's examples include some); a router refuses it, so a resource template fails at startup.
   * @example new UriTemplate('notes://{id}{rev}').assertMatchable(); // throws: "{rev} directly follows {id} …"
   */
  assertMatchable(): void {
    const problem = unmatchable(this.parts);
    if (problem !== undefined)
      throw new UriTemplateError('UNMATCHABLE', this.template, problem.position, problem.detail);
  }

  /** The template text. */
  toString(): string {
    return this.template;
  }
}
