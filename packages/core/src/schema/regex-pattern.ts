// `@Matches` → JSON Schema `pattern`. A JSON Schema pattern has no flags, and validators compile it with
// the 'u' flag, so flags are rewritten into the source where that is exact ('i' by spelling out both
// cases, 's' by widening '.', 'y' by anchoring) and the pattern is dropped where it is not ('m', 'v',
// non-ASCII letters or backreferences under 'i'). Dropping loosens the schema only: the server still
// runs the real regular expression, whereas a wrong pattern would make clients reject valid input.

const isLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isCased = (c: string): boolean => c.toLowerCase() !== c.toUpperCase();
const swapCase = (c: string): string => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/** Escapes whose meaning depends on code points or captures: they cannot be case-folded by hand. */
const UNFOLDABLE_ESCAPE = /^[pPkcux1-9]$/;

/** Index of the `]` that closes the class opened at `start`, or -1. */
function classEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
  }
  return -1;
}

/** The body of a character class with both cases of every letter, or undefined when it cannot be exact. */
function foldClass(body: string): string | undefined {
  let out = '';
  let i = 0;
  if (body[0] === '^') {
    out = '^';
    i = 1;
  }
  while (i < body.length) {
    const c = body[i] as string;
    if (c === '\\') {
      const next = body[i + 1];
      if (next === undefined || UNFOLDABLE_ESCAPE.test(next)) return undefined;
      out += c + next;
      i += 2;
      continue;
    }
    const to = body[i + 2];
    if (body[i + 1] === '-' && to !== undefined && to !== '\\') {
      out += `${c}-${to}`;
      if (isLetter(c) && isLetter(to) && c <= 'Z' === to <= 'Z') out += `${swapCase(c)}-${swapCase(to)}`;
      else if (c.charCodeAt(0) <= 'z'.charCodeAt(0) && to.charCodeAt(0) >= 'A'.charCodeAt(0)) return undefined;
      i += 3;
      continue;
    }
    if (isLetter(c)) out += c + swapCase(c);
    else if (isCased(c)) return undefined;
    else out += c;
    i++;
  }
  return out;
}

/** Rewrites a flag-free equivalent of `source` under the 'i' and 's' flags, or undefined. */
function rewrite(source: string, ignoreCase: boolean, dotAll: boolean): string | undefined {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || (ignoreCase && UNFOLDABLE_ESCAPE.test(next))) return undefined;
      out += c + next;
      i += 2;
    } else if (c === '[') {
      const end = classEnd(source, i);
      if (end < 0) return undefined;
      const body = ignoreCase ? foldClass(source.slice(i + 1, end)) : source.slice(i + 1, end);
      if (body === undefined) return undefined;
      out += `[${body}]`;
      i = end + 1;
    } else if (source.startsWith('(?<', i) && source[i + 3] !== '=' && source[i + 3] !== '!') {
      const close = source.indexOf('>', i); // a group name is an identifier, not text to match
      if (close < 0) return undefined;
      out += source.slice(i, close + 1);
      i = close + 1;
    } else if (c === '.' && dotAll) {
      out += '[\\s\\S]';
      i++;
    } else if (ignoreCase && isLetter(c)) {
      out += `[${c.toLowerCase()}${c.toUpperCase()}]`;
      i++;
    } else if (ignoreCase && isCased(c)) {
      return undefined;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * The JSON Schema `pattern` equivalent to a class-validator `@Matches(pattern, modifiers)` constraint,
 * or undefined when no flag-free, 'u'-compatible equivalent is known.
 * @example
 * toSchemaPattern(/^ab$/i); // '^[aA][bB]$'
 */
export function toSchemaPattern(pattern: unknown, modifiers?: unknown): string | undefined {
  let source: string;
  let flags: string;
  if (pattern instanceof RegExp) {
    // validator.js ignores the modifiers argument when it is given a RegExp.
    source = pattern.source;
    flags = pattern.flags;
  } else if (typeof pattern === 'string') {
    source = pattern;
    flags = typeof modifiers === 'string' ? modifiers : '';
  } else {
    return undefined;
  }
  if (/[mv]/.test(flags)) return undefined; // line anchors and set notation have no flag-free spelling here
  // 'g' and 'd' do not change whether a string matches; 'u' is how JSON Schema patterns are read anyway.
  let out = /[is]/.test(flags) ? rewrite(source, flags.includes('i'), flags.includes('s')) : source;
  if (out !== undefined && flags.includes('y')) out = `^(?:${out})`; // sticky at lastIndex 0 = anchored
  if (out === undefined) return undefined;
  try {
    new RegExp(out, 'u');
  } catch {
    return undefined; // valid only without 'u' (e.g. `\-` outside a class): a client would fail to compile it
  }
  return out;
}
