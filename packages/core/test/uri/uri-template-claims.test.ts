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
