import { describe, expect, it } from 'vitest';
import { argumentKeys, type OperationSpec, type ParameterSpec } from '../src/operations.js';
import { applyAuth, planRequest } from '../src/request.js';

const param = (over: Partial<ParameterSpec>): ParameterSpec => ({
  key: over.name ?? 'p',
  name: 'p',
  in: 'query',
  required: false,
  schema: {},
  json: false,
  ...over,
});
const operation = (over: Partial<OperationSpec>): OperationSpec => ({
  method: 'get',
  path: '/items',
  tags: [],
  deprecated: false,
  parameters: [],
  security: [],
  ...over,
});

describe('planRequest', () => {
  it('serialises query parameters by style: form (exploded or not), deepObject, delimited', () => {
    const op = operation({
      parameters: [
        param({ name: 'ids' }),
        param({ name: 'tags', explode: false }),
        param({ name: 'filter', style: 'deepObject' }),
        param({ name: 'sizes', style: 'pipeDelimited' }),
      ],
    });
    const args = { ids: [1, 2], tags: ['a', 'b'], filter: { colour: 'red' }, sizes: ['s', 'm'] };
    const { url } = planRequest(op, 'http://api.test/v1/', args);
    expect(decodeURIComponent(url)).toBe('http://api.test/v1/items?ids=1&ids=2&tags=a,b&filter[colour]=red&sizes=s|m');
  });

  it('encodes path values, sends headers and cookies, and the body by content type', () => {
    const op = operation({
      method: 'post',
      path: '/items/{id}',
      parameters: [
        param({ name: 'id', in: 'path', required: true }),
        param({ name: 'X-Mode', in: 'header' }),
        param({ name: 'session', in: 'cookie' }),
      ],
      body: { required: true, contentType: 'application/x-www-form-urlencoded', encoding: 'form', schema: {} },
    });
    const planned = planRequest(op, 'http://api.test', {
      id: 'a/b c',
      'X-Mode': 'fast',
      session: 's 1',
      body: { q: 'x y', n: 2 },
    });
    expect(planned.url).toBe('http://api.test/items/a%2Fb%20c');
    expect(planned.method).toBe('POST');
    expect(planned.headers.get('x-mode')).toBe('fast');
    expect(planned.headers.get('cookie')).toBe('session=s%201');
    expect(planned.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(planned.body).toBe('q=x+y&n=2');
  });

  it('leaves out parameters that are absent or null', () => {
    const op = operation({ parameters: [param({ name: 'a' }), param({ name: 'b' })] });
    expect(planRequest(op, 'http://api.test', { a: null }).url).toBe('http://api.test/items');
  });
});

describe('argumentKeys', () => {
  it('keeps names, and renames those that collide (with each other or with body) by location', () => {
    const keys = argumentKeys([
      param({ name: 'id', in: 'path' }),
      param({ name: 'id', in: 'header' }),
      param({ name: 'body', in: 'query' }),
      param({ name: 'q', in: 'query' }),
      param({ name: 'constructor', in: 'query' }),
    ]).map((p) => p.key);
    expect(keys).toEqual(['path_id', 'header_id', 'query_body', 'q', 'query_constructor']);
  });
});

describe('applyAuth', () => {
  const schemes = {
    key: { type: 'apiKey', in: 'query', name: 'api_key' },
    bearer: { type: 'http', scheme: 'bearer' },
    basic: { type: 'http', scheme: 'basic' },
  };
  const request = () => ({ url: 'http://api.test/x', method: 'GET', headers: new Headers() });

  it('applies the first alternative the credentials satisfy', async () => {
    const security = [[{ name: 'bearer', scheme: schemes.bearer }], [{ name: 'key', scheme: schemes.key }]];
    const planned = request();
    expect(await applyAuth(security, { apiKey: 'k1' }, planned, undefined)).toBe(true);
    expect(planned.url).toBe('http://api.test/x?api_key=k1');
    expect(planned.headers.get('authorization')).toBeNull();
  });

  it('sends basic credentials, and a bearer token read per call', async () => {
    const both = [
      [
        { name: 'basic', scheme: schemes.basic },
        { name: 'bearer', scheme: schemes.bearer },
      ],
    ];
    const planned = request();
    await applyAuth(both, { basic: { username: 'u', password: 'p' } }, planned, undefined);
    expect(planned.headers.get('authorization')).toBeNull();
    const withToken = request();
    await applyAuth(
      [[{ name: 'bearer', scheme: schemes.bearer }]],
      { bearer: (ctx: string) => `t-${ctx}` },
      withToken,
      'c',
    );
    expect(withToken.headers.get('authorization')).toBe('Bearer t-c');
    const basic = request();
    await applyAuth(
      [[{ name: 'basic', scheme: schemes.basic }]],
      { basic: { username: 'u', password: 'p' } },
      basic,
      0,
    );
    expect(basic.headers.get('authorization')).toBe(`Basic ${btoa('u:p')}`);
  });

  it('reports when nothing satisfies the requirement (the request goes without)', async () => {
    expect(await applyAuth([[{ name: 'bearer', scheme: schemes.bearer }]], {}, request(), undefined)).toBe(false);
  });
});
