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
