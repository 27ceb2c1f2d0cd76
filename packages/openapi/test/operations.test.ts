import { describe, expect, it } from 'vitest';
import { readOperations } from '../src/operations.js';

const document = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } } },
  security: [{ key: [] }],
  paths: {
    '/items/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
      ],
      servers: [{ url: 'https://items.example.com' }],
      put: {
        operationId: 'putItem',
        parameters: [
          { name: 'verbose', in: 'query', schema: { type: 'integer' }, description: 'Level' },
          { name: 'Accept', in: 'header', schema: { type: 'string' } },
          { name: 'id', in: 'header', schema: { type: 'string' } },
          { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
        ],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        security: [{}],
        responses: { '200': { description: 'ok' }, '201': { description: 'created' } },
      },
      get: { responses: { '200': { description: 'ok', content: { 'text/plain': { schema: { type: 'string' } } } } } },
    },
  },
};

describe('readOperations', () => {
  const [get, put] = readOperations({ document, version: '3.0' });

  it('reads methods in OpenAPI order, inheriting path-level parameters, servers and the document security', () => {
    expect(get?.method).toBe('get');
    expect(get?.parameters.map((p) => p.key)).toEqual(['id', 'verbose']);
    expect(get?.servers).toEqual([{ url: 'https://items.example.com' }]);
    expect(get?.security).toEqual([[{ name: 'key', scheme: { type: 'apiKey', in: 'header', name: 'x-key' } }]]);
    // A text response has no JSON schema: no output schema.
    expect(get?.response).toBeUndefined();
  });

  it('lets operation parameters override path-level ones, ignores Accept, renames collisions', () => {
    expect(put?.parameters.map((p) => [p.key, p.in])).toEqual([
      ['path_id', 'path'],
      ['verbose', 'query'],
      ['header_id', 'header'],
      ['filter', 'query'],
    ]);
    expect(put?.parameters.find((p) => p.key === 'verbose')?.schema).toEqual({ type: 'integer', description: 'Level' });
    expect(put?.parameters.find((p) => p.key === 'filter')).toMatchObject({ json: true, schema: { type: 'object' } });
    expect(put?.body).toEqual({
      required: false,
      contentType: 'application/json',
      encoding: 'json',
      schema: { type: 'object' },
    });
  });

  it('an empty requirement among the alternatives means anonymous access; two 2xx responses, no output schema', () => {
    expect(put?.security).toEqual([[]]);
    expect(put?.response).toBeUndefined();
  });
});
