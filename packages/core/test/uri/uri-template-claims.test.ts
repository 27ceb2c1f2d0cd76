// What docs/uri-templates.md and docs/param.md promise (issue 21): `'` in literals (RFC 6570 erratum
// 6937), an absent exploded variable as `[]`, the exact round-trip condition, and templates that can
// never match refused where they are routed — at startup for a resource template.
import { describe, expect, it } from 'vitest';
import { UriTemplate, UriTemplateRouter } from '../../src/uri/index.js';

describe("' in literals (RFC 6570 erratum 6937)", () => {
  it('parses, expands as written, matches and routes', () => {
    const template = new UriTemplate("notes://'{id}'/it's{?q}");
    expect(template.expand({ id: '7', q: 'x' })).toBe("notes://'7'/it's?q=x");
    expect(template.match("notes://'7'/it's?q=x")).toEqual({ id: '7', q: 'x' });
    const router = new UriTemplateRouter<string>();
    router.add("notes://'{id}'", 'quoted');
    expect(router.match("notes://'7'")?.params).toEqual({ id: '7' });
  });

  it('still refuses the characters RFC 6570 excludes', () => {
    for (const template of ['a://x/"{z}"', 'a://x/<{z}>', 'a://x/^{z}', 'a://x/`{z}`']) {
      expect(() => new UriTemplate(template), template).toThrow(expect.objectContaining({ code: 'INVALID_LITERAL' }));
    }
  });
});

describe('an absent exploded variable is the empty list', () => {
  it.each([
    ['tree://root{/segments*}', 'tree://root', { segments: [] }],
    ['a://x{.labels*}', 'a://x', { labels: [] }],
    ['a://x{?tags*}', 'a://x', { tags: [] }],
    ['a://x{;p*}', 'a://x', { p: [] }],
    ['a://x{#f*}', 'a://x', { f: [] }],
    ['a://x/{a,list*}', 'a://x/1', { a: '1', list: [] }],
    ['a://x{/a,rest*}', 'a://x/1', { a: '1', rest: [] }],
  ])('%s ⟵ %s', (template, uri, params) => {
    expect(new UriTemplate(template).match(uri)).toEqual(params);
  });

  it('and expands back to the same URI (an empty list is undefined in RFC 6570)', () => {
    const template = new UriTemplate('tree://root{/segments*}');
    expect(template.expand(template.match('tree://root') ?? {})).toBe('tree://root');
  });
});

describe('match(expand(values)): the documented condition', () => {
  it('an undefined variable before a defined one in a positional list shifts the values', () => {
    const template = new UriTemplate('a://x?{undef,y}');
    expect(template.expand({ y: '1' })).toBe('a://x?1');
    expect(template.match('a://x?1')).toEqual({ undef: '1' });
    const slashes = new UriTemplate('a://x{/a,b}');
    expect(slashes.match(slashes.expand({ b: '2' }))).toEqual({ a: '2' });
  });

  it('the named operators have no such limit', () => {
    for (const source of ['a://x{?undef,y}', 'a://x{;undef,y}', 'a://x?k=v{&undef,y}']) {
      const template = new UriTemplate(source);
      expect(template.match(template.expand({ y: '1' })), source).toEqual({ y: '1' });
    }
  });

  it('an unencoded literal in a value, and an associative array, do not come back', () => {
    const dash = new UriTemplate('a://x/{a}-{b}');
    expect(dash.match(dash.expand({ a: 'x-y', b: 'z' }))).toEqual({ a: 'x', b: 'y-z' });
    const keys = new UriTemplate('a://x{?keys*}');
    expect(keys.match(keys.expand({ keys: { a: '1' } }))).toEqual({ keys: [] });
  });
});
