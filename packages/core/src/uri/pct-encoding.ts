// Percent-encoding per RFC 3986 / RFC 6570 §1.5, without encodeURIComponent: it leaves !*'() raw,
// which RFC 6570's unreserved-only set must encode, and it throws on lone surrogates.

const HEX = '0123456789ABCDEF';

/** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const isUnreserved = (c: number) =>
  (c >= 0x30 && c <= 0x39) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  c === 0x2d ||
  c === 0x2e ||
  c === 0x5f ||
  c === 0x7e;
/** RFC 3986 reserved: gen-delims and sub-delims, kept by `{+var}` and `{#var}`. */
const RESERVED = ":/?#[]@!$&'()*+,;=";
const isReserved = (c: number) => c < 0x80 && RESERVED.includes(String.fromCharCode(c));

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

function pctByte(byte: number): string {
  return `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
}

/** UTF-8 pct-encoding of one code point (a lone surrogate becomes U+FFFD, as TextEncoder does). */
function pctCodePoint(cp: number): string {
  if (cp < 0x80) return pctByte(cp);
  if (cp < 0x800) return pctByte(0xc0 | (cp >> 6)) + pctByte(0x80 | (cp & 63));
  if (cp < 0x10000) {
    const safe = cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp;
    return pctByte(0xe0 | (safe >> 12)) + pctByte(0x80 | ((safe >> 6) & 63)) + pctByte(0x80 | (safe & 63));
  }
  return (
    pctByte(0xf0 | (cp >> 18)) +
    pctByte(0x80 | ((cp >> 12) & 63)) +
    pctByte(0x80 | ((cp >> 6) & 63)) +
    pctByte(0x80 | (cp & 63))
  );
}

/**
 * Encodes a variable value for expansion: unreserved characters stay, everything else becomes UTF-8
 * `%XX`. With `allowReserved` (operators `+` and `#`) reserved characters and existing `%XX` triplets
 * stay as well.
 * @example encodeValue('Hello World!', false) // 'Hello%20World%21'
 */
export function encodeValue(value: string, allowReserved: boolean): string {
  let out = '';
  let runStart = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (isUnreserved(c) || (allowReserved && isReserved(c))) continue;
    if (allowReserved && c === 0x25 && isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) {
      i += 2;
      continue;
    }
    out += value.slice(runStart, i);
    const cp = value.codePointAt(i)!;
    out += pctCodePoint(cp);
    if (cp > 0xffff) i += 1;
    runStart = i + 1;
  }
  return runStart === 0 ? value : out + value.slice(runStart);
}

/**
 * Encodes template literal text for expansion (RFC 6570 §3.1): ASCII literals are already valid URI
 * characters (the parser checked), non-ASCII ones are pct-encoded as UTF-8.
 */
export function encodeLiteral(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out += text[i];
    } else {
      const cp = text.codePointAt(i)!;
      out += pctCodePoint(cp);
      if (cp > 0xffff) i += 1;
    }
  }
  return out;
}

/**
 * Percent-decodes a matched value as UTF-8. Returns `undefined` for a malformed `%` sequence or bytes
 * that are not UTF-8, so a bad URI is "no match" rather than an exception.
 * @example decodeComponent('caf%C3%A9') // 'café'
 */
export function decodeComponent(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The first `max` code points of `value` (RFC 6570 prefixes count characters, not bytes). */
export function truncateCodePoints(value: string, max: number): string {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    if (count === max) return value.slice(0, i);
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return value;
}

/** Number of code points in `value`. */
export function codePointLength(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}
