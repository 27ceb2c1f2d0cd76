import { describe, expect, it } from 'vitest';
import { UriTemplate, type UriTemplateParams, type UriTemplateValues } from '../../src/uri/index.js';

/** A small seeded generator (mulberry32), so a failure reproduces. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const POOL = [..."aZ09-._~ /?#&=,;:@!$'()*+%[]é中😀"];
  const string = (exclude = '', min = 1) => {
    const pool = POOL.filter((ch) => !exclude.includes(ch));
    const length = min + int(10);
    return Array.from({ length }, () => pool[int(pool.length)]).join('');
  };
  return { int, string };
}

// Each template with how its values are generated. Exclusions are the characters an operator leaves
// unencoded and treats as a delimiter (documented in docs/uri-templates.md): a label cannot hold '.',
// a reserved value cannot hold '#', and reserved expansion keeps a '%XX' it finds.
type Generator = (r: ReturnType<typeof random>) => UriTemplateValues;
const templates: [string, Generator][] = [
  ['weather://forecast/{city}/{date}', (r) => ({ city: r.string(), date: r.string() })],
  ['a://x/{a}-{b}.json', (r) => ({ a: r.string('-'), b: r.string() })],
  ['file:///{+path}', (r) => ({ path: r.string('#%') })],
  ['file:///{+path}{?v}', (r) => ({ path: r.string('#%?'), v: r.string() })],
  ['a://x{/a,b}', (r) => ({ a: r.string('', 0), b: r.int(2) ? r.string('', 0) : undefined })],
  ['a://x{/list*}', (r) => ({ list: Array.from({ length: 1 + r.int(4) }, () => r.string('', 0)) })],
  ['a://x/{name}{.ext}', (r) => ({ name: r.string('.'), ext: r.int(2) ? r.string('.', 0) : undefined })],
  ['a://x{;a,b}', (r) => ({ a: r.string('', 0), b: r.int(2) ? r.string() : undefined })],
  ['a://s{?q,lang}{&page}', (r) => ({ q: r.string('', 0), lang: r.int(2) ? r.string() : undefined, page: r.int(99) })],
  ['a://s{?tags*}', (r) => ({ tags: Array.from({ length: 1 + r.int(4) }, () => r.string('', 0)) })],
  ['a://x/{id}{#frag}', (r) => ({ id: r.string(), frag: r.string('%', 0) })],
  ['a://x/{id:3}{rest}', (r) => ({ id: [...r.string(), 'z', 'z'].slice(0, 3).join(''), rest: r.string() })],
];

/** What `match` should give back: strings for scalars, arrays for lists, nothing for undefined. */
function expected(values: UriTemplateValues): UriTemplateParams {
  const out: UriTemplateParams = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

describe('UriTemplate round trip: match(expand(values)) gives the values back', () => {
  it.each(templates)('%s', (source, generate) => {
    const template = new UriTemplate(source);
    const r = random(source.length * 7919);
    for (let run = 0; run < 300; run++) {
      const values = generate(r);
      const uri = template.expand(values);
      expect({ uri, params: template.match(uri) }).toEqual({ uri, params: expected(values) });
    }
  });

  it('holds for the RFC variables on simple templates', () => {
    const t = new UriTemplate('x://h/{hello}/{half}{/path}{?who,dub}');
    const values = { hello: 'Hello World!', half: '50%', path: '/foo/bar', who: 'fred', dub: 'me/too' };
    expect(t.match(t.expand(values))).toEqual(values);
  });
});
