import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../src/json-schema.js';

describe('toJsonSchema', () => {
  it('turns OpenAPI 3.0 nullable into anyOf with null, annotations kept on top', () => {
    expect(toJsonSchema({ type: 'string', nullable: true, description: 'd', enum: ['a'] }, '3.0', 'input')).toEqual({
      description: 'd',
      anyOf: [{ type: 'string', enum: ['a', null] }, { type: 'null' }],
    });
  });

  it('turns 3.0 boolean exclusive bounds into numbers, and example into examples', () => {
    expect(
      toJsonSchema(
        { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false, example: 3 },
        '3.0',
        'input',
      ),
    ).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 9, examples: [3] });
  });

  it('drops OpenAPI-only keywords, x- extensions and formats JSON Schema does not define', () => {
    const schema = {
      type: 'object',
      'x-internal': true,
      discriminator: { propertyName: 'kind' },
      xml: { name: 'pet' },
      properties: { id: { type: 'integer', format: 'int64' }, at: { type: 'string', format: 'date-time' } },
    };
    expect(toJsonSchema(schema, '3.1', 'output')).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, at: { type: 'string', format: 'date-time' } },
    });
  });

  it('leaves readOnly properties out of requests and writeOnly ones out of responses (and out of required)', () => {
    const schema = {
      type: 'object',
      required: ['id', 'password', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        password: { type: 'string', writeOnly: true },
        name: { type: 'string' },
      },
    };
    expect(toJsonSchema(schema, '3.1', 'input')).toMatchObject({
      properties: { password: {}, name: {} },
      required: ['password', 'name'],
    });
    expect(Object.keys(toJsonSchema(schema, '3.1', 'output').properties as object)).toEqual(['id', 'name']);
  });

  it('cuts a recursive schema (an object cycle after dereferencing) where it recurs', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).children = { type: 'array', items: node };
    const converted = toJsonSchema(node, '3.1', 'output');
    expect(converted).toEqual({ type: 'object', properties: { children: { type: 'array', items: {} } } });
    expect(() => JSON.stringify(converted)).not.toThrow();
  });

  it('does not change its input', () => {
    const schema = { type: 'integer', nullable: true, example: 1 };
    toJsonSchema(schema, '3.0', 'input');
    expect(schema).toEqual({ type: 'integer', nullable: true, example: 1 });
  });
});
