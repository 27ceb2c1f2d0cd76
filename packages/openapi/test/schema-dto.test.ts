// The contract with core: a generated DTO is built by core's SchemaBuilder into exactly the schemas
// given, and core's DtoValidator checks values with them (Ajv) and words failures as core does.
import { DtoValidator, formatIssues, SchemaBuilder } from '@decorum/core';
import { describe, expect, it } from 'vitest';
import { describeErrors, SchemaChecker, SchemaCompileError, schemaDto } from '../src/schema-dto.js';

const checker = new SchemaChecker();
const dto = schemaDto(
  'Sample',
  [
    { name: 'id', schema: { type: 'integer', minimum: 1 }, required: true },
    { name: 'any', schema: {}, required: false },
    { name: 'either', schema: { anyOf: [{ type: 'string' }, { type: 'null' }] }, required: false },
    { name: 'list', schema: { type: ['string', 'null'] }, required: false },
    {
      name: 'body',
      schema: { type: 'object', required: ['n'], properties: { n: { type: 'string' } } },
      required: false,
    },
  ],
  checker,
);

describe('schemaDto', () => {
  it('core builds the schemas as given: no type where the schema has none, type lists kept', () => {
    const schema = new SchemaBuilder().build(dto, '2020-12');
    expect(schema).toMatchObject({
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        any: {},
        either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        list: { type: ['string', 'null'] },
        body: { type: 'object', required: ['n'], properties: { n: { type: 'string' } } },
      },
      required: ['id'],
      additionalProperties: false,
    });
    expect((schema.properties as Record<string, object>).any).toEqual({});
  });

  it('core validates with the schemas and words failures its way', async () => {
    const validator = new DtoValidator();
    expect(await validator.validate(dto, { id: 2, any: [1], either: null, list: 'x', body: { n: 'a' } })).toMatchObject(
      {
        ok: true,
      },
    );
    const bad = await validator.validate(dto, { id: 0, either: 3, body: { n: 1 }, other: true });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const text = formatIssues(bad.issues);
    expect(text).toContain('id must be >= 1');
    expect(text).toContain('either must be string');
    expect(text).toContain('body.n must be string');
    expect(text).toContain('unknown field "other"');
    const missing = await validator.validate(dto, {});
    expect(missing.ok === false && formatIssues(missing.issues)).toBe('id is required');
  });

  it('names the property whose schema Ajv cannot compile', () => {
    expect(() =>
      schemaDto('Broken', [{ name: 'code', schema: { type: 'string', pattern: '(' }, required: true }], checker),
    ).toThrow(SchemaCompileError);
  });

  it('describes Ajv errors by dotted path, each once', () => {
    const check = checker.compile({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
    });
    check({ tags: ['a', 2, 3] });
    expect(describeErrors('body', check.errors)).toBe('body.tags.1 must be string; body.tags.2 must be string');
  });
});
