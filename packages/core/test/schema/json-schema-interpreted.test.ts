// Where code generation from strings is forbidden (Cloudflare Workers), JSON Schema inputs are interpreted by
// @cfworker/json-schema instead of compiled by Ajv. A client must not tell the two apart: for each input of a shared
// table, both give the same answer, the same filled-in defaults and the same issues (path and message).
import { describe, expect, it } from 'vitest';
import { AjvLoader, jsonSchemaValidator } from '../../src/schema/json-schema-validator.js';
import type { JsonSchemaObject } from '../../src/schema/schema-source.js';

const draft07: JsonSchemaObject = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2, maxLength: 20, pattern: '^[A-Z]' },
    days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
    unit: { enum: ['c', 'f'] },
    ratio: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    where: {
      type: 'object',
      properties: { lat: { type: 'number' }, zone: { type: 'string', default: 'UTC' } },
      required: ['lat'],
      additionalProperties: false,
    },
    kind: { const: 'weather' },
    either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    'a/b~c': { type: 'boolean' },
    email: { type: 'string', format: 'email' },
    when: { type: 'string', format: 'date-time' },
  },
  required: ['city'],
  additionalProperties: false,
};

const draft2020: JsonSchemaObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { point: { type: 'object', properties: { x: { type: 'number' }, label: { default: 'p' } }, required: ['x'] } },
  properties: {
    at: { $ref: '#/$defs/point' },
    name: { type: ['string', 'null'], maxLength: 3 },
    pair: { type: 'array', items: { type: 'integer' }, minItems: 2, uniqueItems: true },
    choice: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] },
  },
  required: ['at'],
};

const inputs: unknown[] = [
  {},
  undefined,
  { city: 'Oslo' },
  { city: 'Oslo', days: 5, unit: 'c', ratio: 1.5, tags: ['a'], where: { lat: 1 }, kind: 'weather', either: 2 },
  { city: 3 },
  { city: 'o' },
  { city: 'oslo' },
  { city: 'Oslo-by-the-fjord-and-more' },
  { city: 'Oslo', days: 0 },
  { city: 'Oslo', days: 8 },
  { city: 'Oslo', days: 2.5 },
  { city: 'Oslo', unit: 'k' },
  { city: 'Oslo', ratio: 0 },
  { city: 'Oslo', ratio: 0.3 },
  { city: 'Oslo', tags: ['a', 2] },
  { city: 'Oslo', tags: ['a', 'b', 'c'] },
  { city: 'Oslo', where: {} },
  { city: 'Oslo', where: { lat: 'x', extra: 1 } },
  { city: 'Oslo', kind: 'other' },
  { city: 'Oslo', either: true },
  { city: 'Oslo', 'a/b~c': 'yes' },
  { city: 'Oslo', extra: 1, more: 2 },
  { city: 7, days: 9, unit: 'k', extra: 1, tags: ['a', 2], where: {} },
  { city: 'Oslo', email: 'ada@example.com', when: '2026-12-03T09:00:00Z' },
  { city: 'Oslo', email: 'not an email', when: 'tomorrow' },
  'not an object',
  [1, 2],
];

const inputs2020: unknown[] = [
  {},
  { at: { x: 1 } },
  { at: {} },
  { at: { x: 'one' } },
  { at: { x: 1 }, name: null },
  { at: { x: 1 }, name: 5 },
  { at: { x: 1 }, name: 'long' },
  { at: { x: 1 }, pair: [1, 2] },
  { at: { x: 1 }, pair: ['a'] },
  { at: { x: 1 }, choice: 2 },
  { at: { x: 1 }, choice: -1.5 },
  { at: { x: 1 }, choice: 'x' },
];

async function answers(schema: JsonSchemaObject, table: unknown[], generatesCode: boolean) {
  const check = jsonSchemaValidator(schema, 'T.m input', new AjvLoader({ generatesCode }));
  await check.ready;
  const out: unknown[] = [];
  for (const input of table) {
    const copy = input === undefined ? undefined : structuredClone(input);
    out.push({
      input,
      accepted: check.accept(structuredClone(copy)) !== undefined,
      result: await check.validate(copy),
    });
  }
  return out;
}

describe('JSON Schema inputs without code generation', () => {
  it.each([
    ['draft-07', draft07, inputs],
    ['2020-12', draft2020, inputs2020],
  ] as const)('gives what Ajv gives for every input of the table (%s)', async (_name, schema, table) => {
    const interpreted = await answers(schema, table, false);
    expect(interpreted).toEqual(await answers(schema, table, true));
    // The table exercises both outcomes, and defaults are filled in.
    expect(interpreted.some((row) => (row as { accepted: boolean }).accepted)).toBe(true);
    expect(interpreted.some((row) => !(row as { accepted: boolean }).accepted)).toBe(true);
  });

  it('leaves a frozen schema as it is', async () => {
    const frozen = Object.freeze({
      type: 'object',
      properties: Object.freeze({ at: Object.freeze({ $ref: '#/definitions/point' }) }),
      definitions: Object.freeze({ point: Object.freeze({ type: 'number' }) }),
    });
    const check = jsonSchemaValidator(frozen, 'T.m input', new AjvLoader({ generatesCode: false }));
    await check.ready;
    expect(await check.validate({ at: 'x' })).toEqual({
      ok: false,
      issues: [{ path: 'at', message: 'at must be number' }],
    });
    expect(Object.getOwnPropertyNames(frozen.properties.at)).toEqual(['$ref']);
  });

  it('stops at startup on a schema it cannot read, naming the member', async () => {
    const odd = { type: 'object', properties: { at: { type: 'string', check: () => true } } };
    const check = jsonSchemaValidator(odd, 'T.m input', new AjvLoader({ generatesCode: false }));
    await expect(check.ready).rejects.toThrow(
      /^T\.m input: @cfworker\/json-schema cannot read the JSON Schema \(.*could not be cloned/,
    );
  });

  it('fills defaults and names each bad field once', async () => {
    const check = jsonSchemaValidator(draft07, 'T.m input', new AjvLoader({ generatesCode: false }));
    await check.ready;
    expect(await check.validate({ city: 'Oslo', where: { lat: 1 } })).toEqual({
      ok: true,
      value: { city: 'Oslo', days: 3, where: { lat: 1, zone: 'UTC' } },
    });
    expect(await check.validate({ city: 7, days: 9, extra: 1, where: {} })).toEqual({
      ok: false,
      issues: [
        { path: 'extra', message: 'unknown field "extra"' },
        { path: 'city', message: 'city must be string' },
        { path: 'days', message: 'days must be <= 7' },
        { path: 'where.lat', message: 'where.lat is required' },
      ],
    });
  });
});
