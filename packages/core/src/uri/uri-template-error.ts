/** What was wrong with a URI template (or with a value given to `expand`). */
export type UriTemplateErrorCode =
  | 'UNCLOSED_EXPRESSION'
  | 'UNEXPECTED_BRACE'
  | 'EMPTY_EXPRESSION'
  | 'RESERVED_OPERATOR'
  | 'INVALID_VARIABLE_NAME'
  | 'INVALID_MODIFIER'
  | 'INVALID_LITERAL'
  | 'INVALID_VALUE'
  | 'UNMATCHABLE';

/**
 * A malformed RFC 6570 template, raised when the template is parsed (at startup, for a decorated
 * resource template), a value that cannot be expanded (a prefix on a list, say), or a template that
 * can expand but never match a URI (`UNMATCHABLE`, when it is routed: `x{a}{b}y`).
 * `position` is the 0-based index in `template` where parsing stopped.
 * @example
 * try { new UriTemplate('weather://{city'); } catch (e) {
 *   if (e instanceof UriTemplateError) console.error(e.code, e.position); // UNCLOSED_EXPRESSION 10
 * }
 */
export class UriTemplateError extends Error {
  constructor(
    readonly code: UriTemplateErrorCode,
    readonly template: string,
    readonly position: number | undefined,
    detail: string,
  ) {
    super(
      position === undefined
        ? `Invalid URI template "${template}": ${detail}`
        : `Invalid URI template "${template}" at position ${position}: ${detail}`,
    );
    this.name = 'UriTemplateError';
  }
}

/**
 * Two templates registered on one router match exactly the same URIs (same literal skeleton and
 * variable kinds, names aside), so which handler answers would depend on declaration order alone.
 * @example
 * router.add('notes://{id}', a);
 * router.add('notes://{name}', b); // throws: ambiguous resource templates "notes://{id}" and "notes://{name}"
 */
export class UriTemplateConflictError extends Error {
  readonly code = 'TEMPLATE_CONFLICT' as const;

  constructor(
    readonly existing: string,
    readonly added: string,
  ) {
    super(
      `Ambiguous resource templates: "${existing}" and "${added}" match the same URIs ` +
        '(same literals and variable kinds); change a literal or remove one of them',
    );
    this.name = 'UriTemplateConflictError';
  }
}
