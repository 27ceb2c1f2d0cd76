// The one shape of a validation problem, and the one way it is written for a client: DTO validation,
// @Arg checks and template variables all produce these, and every primitive kind prints them alike.

/**
 * One problem with the input, at a dotted path (`address.city`, `items.2.name`; '' for the whole input).
 * The message names its path itself ("address.city must be a string"), as class-validator's do.
 */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** The validated instance, or every issue found. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `path` as a word of its own in a message: "items.2.name must …", 'unknown field "x"', and "city: Too small …" (a
 * Standard Schema library's message, led by its field), so no message gets its field named a second time.
 */
const wordOf = (path: string) => new RegExp(`(^|[\\s"])${escapeRegExp(path)}(?=[\\s":]|$)`);

/** Whether `message` names `path` as a word of its own. */
const names = (message: string, path: string) => wordOf(path).test(message);

/**
 * Issues as one line each, each bad field named once: what a client gets in an `isError` tool result
 * or a -32602 error. A custom message that does not name its path gets `path: ` in front.
 * @example
 * formatIssues([{ path: 'location', message: 'location must be a string' }]); // 'location must be a string'
 */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map(({ path, message }) => (path === '' || names(message, path) ? message : `${path}: ${message}`))
    .join('\n');
}

/**
 * An issue of a nested value, moved under `prefix`: the path and the message both name the whole path
 * ("city must be a string" under `address` becomes "address.city must be a string").
 */
export function issueUnder(prefix: string, issue: ValidationIssue): ValidationIssue {
  if (issue.path === '') return { path: prefix, message: `${prefix}: ${issue.message}` };
  const path = `${prefix}.${issue.path}`;
  const word = wordOf(issue.path);
  const message = word.test(issue.message)
    ? issue.message.replace(word, (_m, lead: string) => `${lead}${path}`)
    : `${path}: ${issue.message}`;
  return { path, message };
}
