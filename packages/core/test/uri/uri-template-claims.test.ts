// What docs/uri-templates.md and docs/param.md promise (issue 21): `'` in literals (RFC 6570 erratum
// 6937), an absent exploded variable as `[]`, the exact round-trip condition, and templates that can
// never match refused where they are routed — at startup for a resource template.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { McpApp, ResourceTemplate } from '../../src/index.js';
import { UriTemplate, UriTemplateError, UriTemplateRouter } from '../../src/uri/index.js';

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

describe('templates that can never match', () => {
  it.each([
    ['x{a}{b}{c}y', 4, '{b} directly follows {a}'],
    ['up{+path}{var}/here', 9, '{var} directly follows {+path}'],
    ['a://x/{+a}{+b}', 10, '{+b} directly follows {+a}'],
    ['a://x/{list*}{b}', 13, '{b} directly follows {list*}'],
    ['a://x/{a,b}{c}', 11, '{c} directly follows {a,b}'],
  ])('%s: refused by the router (UNMATCHABLE), naming the fix', (template, position, words) => {
    const router = new UriTemplateRouter<number>();
    let error: unknown;
    try {
      router.add(template, 1);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UriTemplateError);
    expect(error).toMatchObject({ code: 'UNMATCHABLE', position, template });
    expect((error as Error).message).toContain(words);
    expect((error as Error).message).toContain('Put a literal between them');
    // They still parse and expand: the RFC's own examples include `up{+path}{var}/here`.
    expect(new UriTemplate(template).match(new UriTemplate(template).expand({ a: 'p', b: 'q', c: 'r' }))).toBe(
      undefined,
    );
    expect(router.size).toBe(0);
  });

  it('adjacent expressions that do split are accepted, and they match', () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['a://x/{a}{+b}', 'a://x/p/q', { a: 'p', b: '/q' }],
      ['a://x/{a:3}{b}', 'a://x/abcdef', { a: 'abc', b: 'def' }],
      ['a://x/{a}{/b}', 'a://x/p/q', { a: 'p', b: 'q' }],
      ['a://x/{a}{?q}', 'a://x/p?q=1', { a: 'p', q: '1' }],
      ['a://x/{#f}{b}', 'a://x/p', { b: 'p' }],
      ['a://x{/path*}{.ext}', 'a://x/d/f.json', { path: ['d', 'f'], ext: 'json' }],
    ];
    const router = new UriTemplateRouter<number>();
    for (const [template, uri, params] of cases) {
      router.add(template, 0);
      expect(new UriTemplate(template).match(uri), template).toEqual(params);
    }
  });

  it('every resource template in examples/ and docs/ is accepted', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (name === 'node_modules' || name === 'dist') continue;
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|md)$/.test(name)) {
          for (const m of readFileSync(path, 'utf8').matchAll(/@ResourceTemplate\(\s*'([^']+)'/g)) found.push(m[1]);
        }
      }
    };
    for (const dir of ['examples', 'docs']) walk(new URL(`../../../../${dir}`, import.meta.url).pathname);
    expect(found.length).toBeGreaterThan(5);
    for (const template of found) expect(() => new UriTemplate(template).assertMatchable(), template).not.toThrow();
  });

  it('a @ResourceTemplate that can never match fails at startup', () => {
    class Notes {
      @ResourceTemplate('notes://{id}{rev}', { name: 'note' })
      note() {
        return 'x';
      }
    }
    expect(() => new McpApp({ name: 'n', version: '1', providers: [Notes] })).toThrow(
      /notes:\/\/\{id\}\{rev\}.*\{rev\} directly follows \{id\}/,
    );
  });
});
