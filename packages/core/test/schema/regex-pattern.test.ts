import { describe, expect, it } from 'vitest';
import { toSchemaPattern } from '../../src/schema/regex-pattern.js';

/** The rewritten pattern must accept exactly what the original accepts, on these samples. */
function sameMatches(original: RegExp, pattern: string, samples: string[]): void {
  const rewritten = new RegExp(pattern, 'u');
  for (const s of samples) expect(rewritten.test(s), `${pattern} on ${JSON.stringify(s)}`).toBe(original.test(s));
}

describe('toSchemaPattern (@Matches → pattern)', () => {
  it('keeps flag-free patterns, from a RegExp or a string', () => {
    expect(toSchemaPattern(/^\d{3}$/)).toBe('^\\d{3}$');
    expect(toSchemaPattern('^\\w+$')).toBe('^\\w+$');
    expect(toSchemaPattern(/^a$/gu)).toBe('^a$'); // g and u change nothing for a single match test
  });

  it('spells out both cases for the i flag, in and out of classes', () => {
    const original = /^[a-f0-9]{2}-x(?<tail>Y|\d)\.?$/i;
    const pattern = toSchemaPattern(original) as string;
    expect(pattern).toBe('^[a-fA-F0-9]{2}-[xX](?<tail>[yY]|\\d)\\.?$');
    sameMatches(original, pattern, ['ab-xy', 'AB-XY', 'F0-X1.', 'g0-x1', 'ab-zy', 'ab-x', 'aB-Xy']);
  });

  it('reads string modifiers the way validator.js does (new RegExp(pattern, modifiers))', () => {
    expect(toSchemaPattern('^ok$', 'i')).toBe('^[oO][kK]$');
    expect(toSchemaPattern(/^ok$/, 'i')).toBe('^ok$'); // a RegExp ignores the modifiers argument
  });

  it('widens . for the s flag and anchors for the y flag', () => {
    const dotAll = toSchemaPattern(/^a.b$/s) as string;
    sameMatches(/^a.b$/s, dotAll, ['a\nb', 'axb', 'ab']);
    expect(toSchemaPattern(/a[.]b/s)).toBe('a[.]b');
    expect(toSchemaPattern(/ab|cd/y)).toBe('^(?:ab|cd)');
  });

  it('drops what it cannot say exactly, rather than reject valid input', () => {
    expect(toSchemaPattern(/^a$/m)).toBeUndefined(); // line anchors
    expect(toSchemaPattern(/^é$/i)).toBeUndefined(); // non-ASCII case folding
    expect(toSchemaPattern(/^(a)\1$/i)).toBeUndefined(); // backreferences compare case-insensitively
    expect(toSchemaPattern(/^\p{L}$/iu)).toBeUndefined();
    expect(toSchemaPattern(/^[A-z]$/i)).toBeUndefined(); // a range across cases
    expect(toSchemaPattern('^a\\-b$')).toBeUndefined(); // only valid without the u flag clients use
    expect(toSchemaPattern(42)).toBeUndefined();
  });
});
