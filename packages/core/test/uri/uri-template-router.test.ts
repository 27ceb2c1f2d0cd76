import { describe, expect, it } from 'vitest';
import { UriTemplate, UriTemplateConflictError, UriTemplateError, UriTemplateRouter } from '../../src/uri/index.js';

/** A template that counts how often the router tries it (through its public `match`). */
class CountingTemplate extends UriTemplate {
  calls = 0;
  override match(uri: string) {
    this.calls += 1;
    return super.match(uri);
  }
}

function routerOf(...templates: string[]): UriTemplateRouter<string> {
  const router = new UriTemplateRouter<string>();
  for (const template of templates) router.add(template, template);
  return router;
}

describe('UriTemplateRouter', () => {
  it('routes to the most specific template whatever the declaration order', () => {
    for (const order of [
      ['file:///{+path}', 'file:///docs/{name}'],
      ['file:///docs/{name}', 'file:///{+path}'],
    ]) {
      const router = routerOf(...order);
      expect(router.match('file:///docs/readme')).toMatchObject({
        value: 'file:///docs/{name}',
        params: { name: 'readme' },
      });
      expect(router.match('file:///docs/a/b')).toMatchObject({
        value: 'file:///{+path}',
        params: { path: 'docs/a/b' },
      });
      expect(router.match('file:///docs/readme')?.template).toBeInstanceOf(UriTemplate);
    }
  });

  it('prefers longer literals at the first difference, then tighter expressions', () => {
    const router = routerOf(
      'notes://{id}/{action}',
      'notes://{id}/edit',
      'notes://{+rest}',
      'notes://{id:3}/{action}',
      'notes://{id}{/more*}',
      'notes://{name}.{ext}/{action}',
    );
    expect(router.match('notes://12/edit')?.value).toBe('notes://{id}/edit');
    expect(router.match('notes://12/view')?.value).toBe('notes://{id:3}/{action}');
    expect(router.match('notes://1234/view')?.value).toBe('notes://{id}/{action}');
    expect(router.match('notes://a.md/view')?.value).toBe('notes://{name}.{ext}/{action}');
    expect(router.match('notes://1234/a/b')?.value).toBe('notes://{id}{/more*}');
    expect(router.match('notes://1234')?.value).toBe('notes://{id}{/more*}');
    expect(router.match('notes://a#b')?.value).toBeUndefined();
  });

  it('prefers fewer variables on equal literals, then declaration order', () => {
    expect(routerOf('a://x{?q}', 'a://x').match('a://x')?.value).toBe('a://x');
    expect(routerOf('a://x{?q}', 'a://x').match('a://x?q=1')?.value).toBe('a://x{?q}');
    expect(routerOf('a://x{.ext}', 'a://x{/seg}').match('a://x')?.value).toBe('a://x{.ext}');
    expect(routerOf('a://x{/seg}', 'a://x{.ext}').match('a://x')?.value).toBe('a://x{/seg}');
  });

  it('only tries templates of the URI scheme, and scheme-less templates in specificity order', () => {
    const router = new UriTemplateRouter<string>();
    const weather = new CountingTemplate('weather://forecast/{city}');
    const files = new CountingTemplate('file:///{+path}');
    const anything = new CountingTemplate('{scheme}://{+rest}');
    router.add(anything, 'any');
    router.add(weather, 'weather');
    router.add(files, 'files');
    expect(router.size).toBe(3);
    expect(router.match('WEATHER://forecast/Oslo')).toMatchObject({ value: 'weather', params: { city: 'Oslo' } });
    expect(router.match('git://host/repo')).toMatchObject({
      value: 'any',
      params: { scheme: 'git', rest: 'host/repo' },
    });
    expect(router.match('no scheme at all')).toBeUndefined();
    expect(files.calls).toBe(0);
    expect(weather.calls).toBe(1);
    expect(anything.calls).toBe(2);
  });

  it('rejects a template equivalent to one already added, naming both', () => {
    const conflicts: [string, string][] = [
      ['a://x/{id}', 'a://x/{name}'],
      ['A://X/{id}', 'a://x/{name}'],
      ['a://x{?a}', 'a://x{?b,c}'],
      ['a://x{?a}{&b}', 'a://x{?c,d}'],
      ['a://x{;a}', 'a://x{;b:3}'],
      ['a://x/{a,b*}', 'a://x/{c,d*}'],
    ];
    for (const [first, second] of conflicts) {
      const router = routerOf(first);
      let error: unknown;
      try {
        router.add(second, 'second');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(UriTemplateConflictError);
      expect(error).toMatchObject({ code: 'TEMPLATE_CONFLICT', existing: first, added: second });
      expect((error as Error).message).toBe(
        `Ambiguous resource templates: "${first}" and "${second}" match the same URIs ` +
          '(same literals and variable kinds); change a literal or remove one of them',
      );
      expect(router.size).toBe(1);
    }
  });

  it('accepts templates that differ in literals or variable kinds', () => {
    const router = routerOf(
      'a://x/{id}',
      'a://x/{+id}',
      'a://x/{id*}',
      'a://x/{id:3}',
      'a://y/{id}',
      'a://x/Doc/{id}',
      'a://x/doc/{id}',
      'a://x/{id}{?q}',
      'a://x/{id}{&q}',
      'b://x/{id}',
    );
    expect(router.size).toBe(10);
  });

  it('passes malformed templates through as UriTemplateError and stays unchanged', () => {
    const router = routerOf('a://x/{id}');
    expect(() => router.add('a://{oops', 'bad')).toThrow(UriTemplateError);
    expect(router.size).toBe(1);
    expect(router.add('a://y/{id}', 'ok')).toBeInstanceOf(UriTemplate);
  });

  it('behaves as the docs/uri-templates.md example says', () => {
    const forecast = new UriTemplate('weather://forecast/{city}/{date}{?units}');
    expect(forecast.match('weather://forecast/S%C3%A3o%20Paulo/today?units=metric')).toEqual({
      city: 'São Paulo',
      date: 'today',
      units: 'metric',
    });
    expect(forecast.match('weather://forecast/Paris')).toBeUndefined();
    expect(forecast.expand({ city: 'São Paulo', date: 'today' })).toBe('weather://forecast/S%C3%A3o%20Paulo/today');

    const router = new UriTemplateRouter<string>();
    router.add('file:///{+path}', 'any file');
    router.add('file:///docs/{name}', 'a doc');
    expect(router.match('file:///docs/readme')).toMatchObject({ value: 'a doc', params: { name: 'readme' } });
    expect(router.match('file:///src/main.ts')).toMatchObject({ value: 'any file', params: { path: 'src/main.ts' } });
    expect(() => router.add('file:///docs/{slug}', 'again')).toThrow(UriTemplateConflictError);
    expect(() => new UriTemplate('notes://{note-id}')).toThrow(
      'Invalid URI template "notes://{note-id}" at position 13: "-" cannot appear in a variable name',
    );
  });
});
