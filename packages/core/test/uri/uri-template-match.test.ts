import { describe, expect, it } from 'vitest';
import { UriTemplate, type UriTemplateParams } from '../../src/uri/index.js';

type Case = [template: string, uri: string, expected: UriTemplateParams | undefined];

function check(cases: Case[]) {
  it.each(cases)('%s ⟵ %s', (template, uri, expected) => {
    expect(new UriTemplate(template).match(uri)).toEqual(expected);
  });
}

describe('UriTemplate.match', () => {
  describe('{var}: one value without / ? #, required, stopping at the next literal', () => {
    check([
      [
        'weather://forecast/{city}/{date}',
        'weather://forecast/Paris/2025-06-01',
        { city: 'Paris', date: '2025-06-01' },
      ],
      ['weather://forecast/{city}/{date}', 'weather://forecast/Paris', undefined],
      ['weather://forecast/{city}/{date}', 'weather://forecast/Paris/2025/06', undefined],
      ['weather://forecast/{city}/{date}', 'weather://forecast//2025', undefined],
      ['weather://forecast/{city}', 'weather://forecast/', undefined],
      ['a://x/{id}', 'a://x/1?q=2', undefined],
      ['a://x/{id}', 'a://x/1#top', undefined],
      ['a://x/{id}', "a://x/it's:@!$&()*+;=", { id: "it's:@!$&()*+;=" }],
      ['a://x/{id}.json', 'a://x/a.b.json', { id: 'a.b' }],
      ['a://x/{id}.txt', 'a://x/a.txt.txt', { id: 'a.txt' }],
      ['a://x/{a}-{b}', 'a://x/foo-bar-baz', { a: 'foo', b: 'bar-baz' }],
      ['a://x/{a}-{b}', 'a://x/-foo-bar', { a: '-foo', b: 'bar' }],
      ['a://x/{a}-{b}/z', 'a://x/a-b-c/z', { a: 'a', b: 'b-c' }],
      ['a://x/{x,y}', 'a://x/1024,768', { x: '1024', y: '768' }],
      ['a://x/{x,y}', 'a://x/1024', { x: '1024' }],
      ['a://x/{x,y}', 'a://x/,768', { x: '', y: '768' }],
      ['a://x/{list}', 'a://x/red,green,blue', { list: 'red,green,blue' }],
      ['a://x/{list*}', 'a://x/red,green,blue', { list: ['red', 'green', 'blue'] }],
      ['a://x/{a}{b}', 'a://x/ab', undefined],
      ['file:///{path}', 'file:///notes.txt', { path: 'notes.txt' }],
      ['file:///{path}', 'file:///src/notes.txt', undefined],
    ]);
  });

  describe('{+var}: reserved characters allowed, / included, # excluded', () => {
    check([
      ['file:///{+path}', 'file:///a/b/c.txt', { path: 'a/b/c.txt' }],
      ['file:///{+path}', 'file:///', undefined],
      ['file:///{+path}', 'file:///a/b?v=2', { path: 'a/b?v=2' }],
      ['file:///{+path}', 'file:///a#frag', undefined],
      ['file:///{+path}{?v}', 'file:///a/b?v=2', { path: 'a/b', v: '2' }],
      ['a://{+base}index', 'a://http://example.com/home/index', { base: 'http://example.com/home/' }],
      ['a://x{+path}/here', 'a://x/foo/bar/here', { path: '/foo/bar' }],
      ['a://x{+path:6}/here', 'a://x/foo/b/here', { path: '/foo/b' }],
      ['a://x{+path:6}/here', 'a://x/foo/bar/here', undefined],
      ['a://x/{+x,y}', 'a://x/a/b,c/d', { x: 'a/b', y: 'c/d' }],
      ['a://x/{+list*}', 'a://x/a/b,c', { list: ['a/b', 'c'] }],
    ]);
  });

  describe('{#var}: optional fragment with reserved characters', () => {
    check([
      ['a://x/{id}{#frag}', 'a://x/1#sec/2?q', { id: '1', frag: 'sec/2?q' }],
      ['a://x/{id}{#frag}', 'a://x/1', { id: '1' }],
      ['a://x{#x,y}', 'a://x#1024,768', { x: '1024', y: '768' }],
      ['a://x{#empty}', 'a://x#', { empty: '' }],
      ['a://x{#list*}', 'a://x#red,green', { list: ['red', 'green'] }],
    ]);
  });

  describe('{.var}: optional dot-prefixed labels', () => {
    check([
      ['a://www{.dom*}', 'a://www.example.com', { dom: ['example', 'com'] }],
      ['a://x/{name}{.ext}', 'a://x/readme.md', { name: 'readme', ext: 'md' }],
      ['a://x/{name}{.ext}', 'a://x/readme', { name: 'readme' }],
      ['a://X{.who,who}', 'a://X.fred.fred', { who: 'fred' }],
      ['a://X{.who,who}', 'a://X.fred.bob', undefined],
      ['a://X{.a,b}', 'a://X.1.2', { a: '1', b: '2' }],
      ['a://X{.list}', 'a://X.red,green', { list: 'red,green' }],
      ['a://x{.a}', 'a://x', {}],
      ['a://x{.a}', 'a://x.', { a: '' }],
      ['a://x{.a:2}', 'a://x.abc', undefined],
    ]);
  });

  describe('{/var}: one segment per variable, explode takes the remaining segments', () => {
    check([
      ['a://x{/list*}', 'a://x/red/green/blue', { list: ['red', 'green', 'blue'] }],
      ['a://x{/list*}', 'a://x', { list: [] }], // absent: the empty list (docs/param.md)
      ['a://x{/list*}', 'a://x/', { list: [''] }],
      ['a://x{/a,b}', 'a://x/1/2', { a: '1', b: '2' }],
      ['a://x{/a,b}', 'a://x/1', { a: '1' }],
      ['a://x{/a,b}', 'a://x/1/2/3', undefined],
      ['a://x{/var,x}/here', 'a://x/value/1024/here', { var: 'value', x: '1024' }],
      ['a://x{/path*}{.ext}', 'a://x/dir/file.json', { path: ['dir', 'file'], ext: 'json' }],
      ['a://x{/var:1,var}', 'a://x/v/value', { var: 'value' }],
      ['a://x{/var:1,var}', 'a://x/w/value', undefined],
      ['a://x{/list*,path:4}', 'a://x/red/green/blue/%2Ffoo', { list: ['red', 'green', 'blue', '/foo'] }],
      ['a://x{/a}/b', 'a://x/1/b', { a: '1' }],
      ['a://x{/a*}/edit', 'a://x/p/q/edit', { a: ['p', 'q'] }],
    ]);
  });

  describe('{;var}: optional path-style parameters, any order', () => {
    check([
      ['a://x{;x,y}', 'a://x;x=1024;y=768', { x: '1024', y: '768' }],
      ['a://x{;x,y}', 'a://x;y=768;x=1024', { x: '1024', y: '768' }],
      ['a://x{;x,y}', 'a://x;x=1024', { x: '1024' }],
      ['a://x{;x,y}', 'a://x;z=1;x=1', { x: '1' }],
      ['a://x{;x,empty}', 'a://x;x=1;empty', { x: '1', empty: '' }],
      ['a://x{;list*}', 'a://x;list=red;list=green', { list: ['red', 'green'] }],
      ['a://x{;list}', 'a://x;list=red,green', { list: 'red,green' }],
      ['a://x{;hello:5}', 'a://x;hello=Hello', { hello: 'Hello' }],
      ['a://x{;hello:5}', 'a://x;hello=Hello!', undefined],
      ['a://x{;x}/more', 'a://x;x=1/more', { x: '1' }],
      ['a://x{;x}', 'a://x', {}],
    ]);
  });

  describe('{?var} and {&var}: optional query parameters in any order, unknown ones skipped', () => {
    check([
      ['a://s{?q,lang}', 'a://s?lang=en&q=cats', { q: 'cats', lang: 'en' }],
      ['a://s{?q,lang}', 'a://s', {}],
      ['a://s{?q,lang}', 'a://s?q=cats', { q: 'cats' }],
      ['a://s{?q,lang}', 'a://s?other=1&q=x', { q: 'x' }],
      ['a://s{?q}', 'a://s?q=a%20b', { q: 'a b' }],
      ['a://s{?q}', 'a://s?q=a+b', { q: 'a+b' }],
      ['a://s{?q}', 'a://s?q=', { q: '' }],
      ['a://s{?q}', 'a://s?q', { q: '' }],
      ['a://s{?q}', 'a://s?', {}],
      ['a://s{?q}', 'a://s?q=1&q=2', { q: '1' }],
      ['a://s{?q}', 'a://s?q=a/b?c', { q: 'a/b?c' }],
      ['a://s{?q}', 'a://s?q=1#frag', undefined],
      ['a://s{?q}{#f}', 'a://s?q=1#frag', { q: '1', f: 'frag' }],
      ['a://s{?q:3}', 'a://s?q=abc', { q: 'abc' }],
      ['a://s{?q:3}', 'a://s?q=abcd', undefined],
      ['a://s{?q}{&page}', 'a://s?page=2&q=x', { q: 'x', page: '2' }],
      ['a://s?fixed=yes{&x}', 'a://s?fixed=yes&x=1024', { x: '1024' }],
      ['a://s?fixed=yes{&x}', 'a://s?fixed=yes', {}],
      ['a://s?fixed=yes{&x}', 'a://s?x=1&fixed=yes', undefined],
      ['a://s{?tags*}', 'a://s?tags=a&x=1&tags=b', { tags: ['a', 'b'] }],
      ['a://s{?list}', 'a://s?list=red,green', { list: 'red,green' }],
      ['a://s/{id}{?q}', 'a://s/1', { id: '1' }],
    ]);
  });

  describe('percent-decoding (UTF-8); malformed encodings do not match', () => {
    check([
      ['a://x/{id}', 'a://x/caf%C3%A9', { id: 'café' }],
      ['a://x/{id}', 'a://x/%F0%9F%98%80', { id: '😀' }],
      ['a://x/{id}', 'a://x/café', { id: 'café' }],
      ['a://x/{id}', 'a://x/a%2Fb%2c', { id: 'a/b,' }],
      ['a://x/{id}', 'a://x/%E2%82', undefined],
      ['a://x/{id}', 'a://x/%zz', undefined],
      ['a://x/{id}', 'a://x/50%', undefined],
      ['a://x/{id}', 'a://x/%C3%28', undefined],
      ['a://x/{id:2}', 'a://x/%C3%A9%C3%A9', { id: 'éé' }],
      ['a://x/{id:2}', 'a://x/%C3%A9%C3%A9%C3%A9', undefined],
      ['a://x/{id:1}{rest}', 'a://x/%F0%9F%98%80%C3%A9', { id: '😀', rest: 'é' }],
      ['a://x/{id:1}{rest}', 'a://x/😀é', { id: '😀', rest: 'é' }],
      ['a://x/{id}{?q}', 'a://x/1?q=%ZZ', undefined],
      ['a://x/{id}{?q}', 'a://x/1?z=%ZZ&q=1', { id: '1', q: '1' }],
      ['a://x{/seg*}', 'a://x/ok/%E2', undefined],
      ['file:///café/{x}', 'file:///caf%C3%A9/1', { x: '1' }],
      ['file:///café/{x}', 'file:///café/1', { x: '1' }],
    ]);
  });

  describe('scheme and authority', () => {
    check([
      ['weather://forecast/{city}', 'WEATHER://forecast/Paris', { city: 'Paris' }],
      ['weather://forecast/{city}', 'weather://FORECAST/Paris', { city: 'Paris' }],
      ['weather://forecast/{city}', 'weathers://forecast/Paris', undefined],
      ['weather://forecast/{city}', 'http://forecast/Paris', undefined],
      ['weather://forecast/{city}', 'weather://other/Paris', undefined],
      ['weather://forecast/{city}', 'weather://forecast.evil/Paris', undefined],
      ['weather://forecast/{city}', 'weather://forecast:80/Paris', undefined],
      ['weather://forecast/Today/{x}', 'weather://forecast/today/1', undefined],
      ['a://{host}/x', 'a://h1/x', { host: 'h1' }],
      ['a://user@Host:80/{x}', 'a://user@host:80/1', { x: '1' }],
      ['a://user@Host:80/{x}', 'a://USER@host:80/1', undefined],
      ['urn:isbn:{id}', 'URN:isbn:123', { id: '123' }],
      ['urn:isbn:{id}', 'urn:ISBN:123', undefined],
    ]);
  });

  it('returns own properties even for names like __proto__ and constructor', () => {
    const params = new UriTemplate('a://x/{__proto__}{?constructor}').match('a://x/1?constructor=2');
    expect(params && Object.hasOwn(params, '__proto__')).toBe(true);
    expect(params?.constructor).toBe('2');
    expect(new UriTemplate('a://x{?constructor}').match('a://x')).toEqual({});
  });

  it('matches a template without expressions only exactly', () => {
    const t = new UriTemplate('config://app');
    expect(t.match('config://app')).toEqual({});
    expect(t.match('config://app/')).toBeUndefined();
    expect(t.match('config://ap')).toBeUndefined();
  });
});
