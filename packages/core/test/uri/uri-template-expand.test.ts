import { describe, expect, it } from 'vitest';
import { UriTemplate, UriTemplateError, type UriTemplateValues } from '../../src/uri/index.js';

// The variables and example tables of RFC 6570 §3.2.1–§3.2.9. Where the RFC lists several orders
// for an associative array, the expected string is the one for this object's insertion order.
const vars: UriTemplateValues = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: null,
};

const sections: Record<string, [template: string, expected: string][]> = {
  '3.2.1 variable expansion': [
    ['{count}', 'one,two,three'],
    ['{count*}', 'one,two,three'],
    ['{/count}', '/one,two,three'],
    ['{/count*}', '/one/two/three'],
    ['{;count}', ';count=one,two,three'],
    ['{;count*}', ';count=one;count=two;count=three'],
    ['{?count}', '?count=one,two,three'],
    ['{?count*}', '?count=one&count=two&count=three'],
    ['{&count*}', '&count=one&count=two&count=three'],
  ],
  '3.2.2 simple string expansion': [
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{half}', '50%25'],
    ['O{empty}X', 'OX'],
    ['O{undef}X', 'OX'],
    ['{x,y}', '1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['?{x,empty}', '?1024,'],
    ['?{x,undef}', '?1024'],
    ['?{undef,y}', '?768'],
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
    ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  ],
  '3.2.3 reserved expansion': [
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+half}', '50%25'],
    ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
    ['{+base}index', 'http://example.com/home/index'],
    ['O{+empty}X', 'OX'],
    ['O{+undef}X', 'OX'],
    ['{+path}/here', '/foo/bar/here'],
    ['{+path:6}/here', '/foo/b/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['up{+path}{var}/here', 'up/foo/barvalue/here'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['{+path,x}/here', '/foo/bar,1024/here'],
    ['{+list}', 'red,green,blue'],
    ['{+list*}', 'red,green,blue'],
    ['{+keys}', 'semi,;,dot,.,comma,,'],
    ['{+keys*}', 'semi=;,dot=.,comma=,'],
  ],
  '3.2.4 fragment expansion': [
    ['{#var}', '#value'],
    ['{#hello}', '#Hello%20World!'],
    ['{#half}', '#50%25'],
    ['foo{#empty}', 'foo#'],
    ['foo{#undef}', 'foo'],
    ['{#x,hello,y}', '#1024,Hello%20World!,768'],
    ['{#path,x}/here', '#/foo/bar,1024/here'],
    ['{#path:6}/here', '#/foo/b/here'],
    ['{#list}', '#red,green,blue'],
    ['{#list*}', '#red,green,blue'],
    ['{#keys}', '#semi,;,dot,.,comma,,'],
    ['{#keys*}', '#semi=;,dot=.,comma=,'],
  ],
  '3.2.5 label expansion': [
    ['{.who}', '.fred'],
    ['{.who,who}', '.fred.fred'],
    ['{.half,who}', '.50%25.fred'],
    ['www{.dom*}', 'www.example.com'],
    ['X{.var}', 'X.value'],
    ['X{.var:3}', 'X.val'],
    ['X{.empty}', 'X.'],
    ['X{.undef}', 'X'],
    ['X{.list}', 'X.red,green,blue'],
    ['X{.list*}', 'X.red.green.blue'],
    ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
    ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
    ['X{.empty_keys}', 'X'],
    ['X{.empty_keys*}', 'X'],
  ],
  '3.2.6 path segment expansion': [
    ['{/who}', '/fred'],
    ['{/who,who}', '/fred/fred'],
    ['{/half,who}', '/50%25/fred'],
    ['{/who,dub}', '/fred/me%2Ftoo'],
    ['{/var}', '/value'],
    ['{/var,empty}', '/value/'],
    ['{/var,undef}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{/var:1,var}', '/v/value'],
    ['{/list}', '/red,green,blue'],
    ['{/list*}', '/red/green/blue'],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
    ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
    ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  ],
  '3.2.7 path-style parameter expansion': [
    ['{;who}', ';who=fred'],
    ['{;half}', ';half=50%25'],
    ['{;empty}', ';empty'],
    ['{;hello:5}', ';hello=Hello'],
    ['{;v,empty,who}', ';v=6;empty;who=fred'],
    ['{;v,bar,who}', ';v=6;who=fred'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{;x,y,undef}', ';x=1024;y=768'],
    ['{;list}', ';list=red,green,blue'],
    ['{;list*}', ';list=red;list=green;list=blue'],
    ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
    ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  ],
  '3.2.8 form-style query expansion': [
    ['{?who}', '?who=fred'],
    ['{?half}', '?half=50%25'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['{?x,y,undef}', '?x=1024&y=768'],
    ['{?var:3}', '?var=val'],
    ['{?list}', '?list=red,green,blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
    ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  ],
  '3.2.9 form-style query continuation': [
    ['{&who}', '&who=fred'],
    ['{&half}', '&half=50%25'],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&var:3}', '&var=val'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    ['{&x,y,undef}', '&x=1024&y=768'],
    ['{&list}', '&list=red,green,blue'],
    ['{&list*}', '&list=red&list=green&list=blue'],
    ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
    ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
  ],
};

describe('UriTemplate.expand (RFC 6570 §3.2 examples)', () => {
  for (const [section, cases] of Object.entries(sections)) {
    it.each(cases)(`${section}: %s → %s`, (template, expected) => {
      expect(new UriTemplate(template).expand(vars)).toBe(expected);
    });
  }
});

describe('UriTemplate.expand details', () => {
  it('pct-encodes UTF-8, keeps pct-triplets only for + and #, and encodes non-ASCII literals', () => {
    expect(new UriTemplate('{x}/{+x}{#x}').expand({ x: 'é%41 😀' })).toBe(
      '%C3%A9%2541%20%F0%9F%98%80/%C3%A9%41%20%F0%9F%98%80#%C3%A9%41%20%F0%9F%98%80',
    );
    expect(new UriTemplate('{x}').expand({ x: "!*'()" })).toBe('%21%2A%27%28%29');
    expect(new UriTemplate('{x}').expand({ x: '\ud800' })).toBe('%EF%BF%BD');
    expect(new UriTemplate('file:///café/{x}').expand({ x: 'a' })).toBe('file:///caf%C3%A9/a');
  });

  it('counts prefixes in characters, not bytes or UTF-16 units', () => {
    expect(new UriTemplate('{x:2}').expand({ x: '😀é!' })).toBe('%F0%9F%98%80%C3%A9');
  });

  it('stringifies numbers and booleans, and skips null members', () => {
    const t = new UriTemplate('a://x/{id}{?on,tags*}{&m*}');
    expect(t.expand({ id: 42, on: false, tags: [1, null, 'b'], m: { k: 'v', skip: undefined } })).toBe(
      'a://x/42?on=false&tags=1&tags=b&k=v',
    );
  });

  it('ignores inherited properties such as "constructor"', () => {
    expect(new UriTemplate('a://{constructor}{?toString}').expand({})).toBe('a://');
  });

  it('rejects a prefix modifier on a list or map', () => {
    for (const value of [['a'], { a: 'b' }]) {
      const fail = () => new UriTemplate('x://{keys:1}').expand({ keys: value });
      expect(fail).toThrow(UriTemplateError);
      expect(fail).toThrow(/prefix modifier/);
    }
  });
});
