import { describe, expect, it } from 'vitest';
import { UriTemplate, UriTemplateRouter } from '../../src/uri/index.js';

// Matching must stay linear in the URI length on hostile input (a resources/read URI comes from the
// client). A backtracking matcher shows up as a ~100x slowdown for 10x longer input; this linear one
// measures 11-23x (array-producing templates pay for garbage collection: docs/uri-templates.md). The
// bound below (40x) leaves room for a loaded CI machine without letting quadratic through.

const TEMPLATES = [
  'a://x/{id}',
  'a://x/{id}.json',
  'a://x/{a}-{b}.json',
  'a://x/{a}/{b}/{c}',
  'a://x/{a}/abcabcabd',
  'a://x/{id:3}{rest}',
  'a://x/{x,y,z}',
  'a://x/{list*}',
  'file:///{+path}',
  'file:///{+path}{?q}',
  'a://x/{+p}/end',
  'a://x{/seg*}',
  'a://x{/seg*}{.ext}',
  'a://x{/a,b}/{c}',
  'a://x{.labels*}',
  'a://x{;p,q}',
  'a://y{;list*}',
  'a://s{?a,b}{&c}',
  'a://t{?tags*}',
  'a://x{#frag}',
  'a://x/{id}{#f}',
  '{+uri}',
  '{scheme}://{+rest}',
];

function inputs(n: number): string[] {
  return [
    `${'a'.repeat(n)}!`,
    `a://x/${'a'.repeat(n)}!`,
    `a://x/${'/'.repeat(n)}`,
    `a://x/${'%'.repeat(n)}`,
    `a://x/${'%C3'.repeat(n / 3)}`,
    `a://x/${'a-'.repeat(n / 2)}.jso`,
    `a://x/${'abcabcabc'.repeat(n / 9)}`,
    `a://x/${','.repeat(n)}%`,
    `a://s?${'a=1&'.repeat(n / 4)}%`,
    `a://x;${'p=1;'.repeat(n / 4)}#`,
    `a://x${'.a'.repeat(n / 2)}/`,
    `file:///${'a/'.repeat(n / 2)}#`,
    `a://x#${','.repeat(n)}%`,
    `${'a:'.repeat(n / 2)}`,
  ];
}

function once(uris: string[], templates: UriTemplate[], router: UriTemplateRouter<number>): number {
  const start = performance.now();
  for (const uri of uris) {
    for (const template of templates) template.match(uri);
    router.match(uri);
  }
  return performance.now() - start;
}

/**
 * Best-of-N timings for both sizes, taken in alternation: a burst of load from another process then
 * hits both sizes alike instead of inflating one of them (a ratio, never an absolute time budget).
 */
function bestRatio(templates: UriTemplate[], router: UriTemplateRouter<number>): number {
  const small = inputs(10_000);
  const large = inputs(100_000);
  let bestSmall = Number.POSITIVE_INFINITY;
  let bestLarge = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 9; round++) {
    bestSmall = Math.min(bestSmall, once(small, templates, router));
    bestLarge = Math.min(bestLarge, once(large, templates, router));
  }
  return bestLarge / bestSmall;
}

describe('UriTemplate matching is linear in the URI length', () => {
  it('100 KB hostile URIs take 10-25x as long as 10 KB ones, not 100x', () => {
    const templates = TEMPLATES.map((t) => new UriTemplate(t));
    const router = new UriTemplateRouter<number>();
    TEMPLATES.forEach((t, i) => {
      router.add(t, i);
    });
    once(inputs(10_000), templates, router); // warm up the JIT
    expect(bestRatio(templates, router)).toBeLessThan(40);
  });

  it('gets the near misses right', () => {
    const uris = inputs(1_000);
    const matching = (template: string) => uris.filter((uri) => new UriTemplate(template).match(uri) !== undefined);
    expect(matching('a://x/{id}.json')).toEqual([]);
    expect(matching('a://x/{a}-{b}.json')).toEqual([]);
    expect(matching('a://x/{a}/abcabcabd')).toEqual([]);
    expect(new UriTemplate('a://x{/seg*}').match(`a://x/${'/'.repeat(1_000)}`)?.seg).toHaveLength(1_001);
  });
});
