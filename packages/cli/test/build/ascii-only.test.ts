// asciiOnly: the bundle's remaining non-ASCII characters (kept comments) become escapes, and code that
// holds any (a string, a template, a regular expression) means the same afterwards.
import { describe, expect, it } from 'vitest';
import { asciiOnly } from '../../src/build/bundle-app.js';

describe('asciiOnly', () => {
  it('escapes every non-ASCII character, surrogate pairs included, and changes no meaning', () => {
    const code = [
      '/** a → b — c */',
      'const s = "prix 5 € 😀";',
      'const t = `é ` + s;',
      'const r = /[—]/.test("—");',
      'globalThis.out = [s, t, r]; // fin…',
    ].join('\n');
    const escaped = asciiOnly(code);
    expect(escaped.match(/[\u0080-\uffff]/)).toBeNull();
    expect(escaped).toContain('/** a \\u2192 b \\u2014 c */');
    const run = (source: string) => new Function(`${source}\nreturn globalThis.out;`)();
    expect(run(escaped)).toEqual(run(code));
    expect(run(escaped)).toEqual(['prix 5 € 😀', 'é prix 5 € 😀', true]);
  });

  it('leaves ASCII code as it is', () => {
    const code = 'export const a = "x\\u00e9"; // plain\n';
    expect(asciiOnly(code)).toBe(code);
  });
});
