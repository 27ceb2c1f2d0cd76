// A plain JSON Schema shaped for each dialect clients read (draft-07 before 2025-11-25, 2020-12 from it): validated
// by Ajv of that dialect, with the same verdicts on the same inputs (issue 40).
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { shapeJsonSchema } from '../../src/schema/json-schema-shape.js';
import { SchemaSourceError } from '../../src/schema/schema-source.js';

const contact = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { city: { type: 'string' } } } },
  properties: { address: { $ref: '#/$defs/address' }, home: { $ref: '#addressDef' }, email: { type: 'string' } },
  required: ['email'],
  additionalProperties: false,
};

describe('shapeJsonSchema', () => {
  it('moves definitions and anchors between dialects; both validate alike', () => {
    const old = shapeJsonSchema(contact, 'draft-07', 'T.m input');
    expect(old).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { address: { $id: '#addressDef' } },
      properties: { address: { $ref: '#/definitions/address' } },
    });
    expect(old).not.toHaveProperty('$defs');
    const modern = shapeJsonSchema(contact, '2020-12', 'T.m input');
    expect(modern).toEqual(contact);
    expect(shapeJsonSchema(old as never, '2020-12', 'T.m input')).toEqual(contact);
    const draft07 = new Ajv({ strict: false }).compile(old);
    const draft2020 = new Ajv2020({ strict: false }).compile(modern);
    for (const input of [
      { email: 'a@b.c' },
      { email: 'a@b.c', address: { city: 'Oslo' }, home: { city: 'Rome' } },
      { email: 'a@b.c', home: { city: 3 } },
      { address: { city: 'Oslo' } },
      { email: 'a@b.c', more: 1 },
    ]) {
      expect(draft07(input), JSON.stringify(input)).toBe(draft2020(input));
    }
  });

  it('refuses what one dialect cannot read, and a root that is not an object', () => {
    const tuple = { ...contact, properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }] } } };
    expect(() => shapeJsonSchema(tuple, 'draft-07', 'T.m input')).toThrow(SchemaSourceError);
    expect(shapeJsonSchema(tuple, '2020-12', 'T.m input')).toMatchObject({
      properties: { pair: { prefixItems: [{}] } },
    });
    expect(() => shapeJsonSchema({ type: 'array' }, '2020-12', 'T.m input')).toThrow(/not "object"/);
  });
});
