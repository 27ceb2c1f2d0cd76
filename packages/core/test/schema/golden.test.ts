import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SchemaBuilder } from '../../src/schema/schema-builder.js';
import { DtoValidator } from '../../src/schema/validate.js';
import { buildChecked, compileChecked, DIALECTS } from './ajv-support.js';
import { EveryValidator, Org, TreeNode, validEveryValidator as valid } from './fixtures/dtos.js';

// golden.json holds the expected schemas; after a deliberate change, regenerate it with
// UPDATE_GOLDEN=1 npx vitest run packages/core/test/schema/golden.test.ts (then review the diff).
const GOLDEN = new URL('./golden.json', import.meta.url);

describe('golden schemas', () => {
  it('match golden.json in both dialects, key order included, and each is valid against its meta-schema', () => {
    const builder = new SchemaBuilder();
    const actual: Record<string, unknown> = {};
    for (const dto of [EveryValidator, TreeNode, Org]) {
      actual[dto.name] = Object.fromEntries(DIALECTS.map((d) => [d, buildChecked(builder, dto, d)]));
    }
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(GOLDEN)) {
      writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 2)}\n`);
    }
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8'));
    expect(actual).toEqual(golden);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(golden)); // toEqual ignores key order; clients see it
  });
});

/** One broken validator each: the schema (Ajv, both dialects) and class-validator must both refuse it. */
const broken: [string, Record<string, unknown>, string][] = [
  ['a required field left out', { text: undefined }, 'text'],
  ['@IsString', { text: 1 }, 'text'],
  ['@IsNumber', { ratio: '0.5' }, 'ratio'],
  ['@IsInt', { count: 1.5 }, 'count'],
  ['@IsBoolean', { enabled: 'true' }, 'enabled'],
  ['@IsOptional (present, wrong type)', { nickname: 5 }, 'nickname'],
  ['@IsEnum (string enum)', { color: 'blue' }, 'color'],
  ['@IsEnum (numeric enum)', { priority: 4 }, 'priority'],
  ['@IsIn', { units: 'kelvin' }, 'units'],
  ['@IsIn (mixed)', { mode: 2 }, 'mode'],
  ['@Min', { percent: -1 }, 'percent'],
  ['@Max', { percent: 101 }, 'percent'],
  ['@IsInt with @Min', { rating: 0 }, 'rating'],
  ['@IsInt with @Max', { rating: 2.5 }, 'rating'],
  ['@IsPositive', { amount: 0 }, 'amount'],
  ['@IsNegative', { offset: 0 }, 'offset'],
  ['@MinLength', { name: 'A' }, 'name'],
  ['@MaxLength', { name: 'x'.repeat(41) }, 'name'],
  ['@Length (min)', { code: 'ab' }, 'code'],
  ['@Length (max)', { code: 'abcdefghi' }, 'code'],
  ['@Matches with the i flag', { ticket: 'ABC12' }, 'ticket'],
  ['@Matches with a string pattern', { slug: 'a b' }, 'slug'],
  ['@IsEmail', { email: 'ada-at-example' }, 'email'],
  ['@IsUrl', { homepage: 'not a url' }, 'homepage'],
  ['@IsUUID', { id: 'not-a-uuid' }, 'id'],
  ['@IsDateString', { startsAt: 'yesterday' }, 'startsAt'],
  ['@IsISO8601', { endsAt: 'soon' }, 'endsAt'],
  ['@IsNotEmpty', { title: '' }, 'title'],
  ['@IsArray', { tags: 'a' }, 'tags'],
  ['@IsString({ each })', { tags: ['a', 1] }, 'tags'],
  ['@ArrayMinSize', { tags: [] }, 'tags'],
  ['@ArrayMaxSize', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'tags'],
  ['@ArrayUnique', { tags: ['a', 'a'] }, 'tags'],
  ['@IsInt({ each })', { scores: [1.5] }, 'scores'],
  ['@Min({ each })', { scores: [-1] }, 'scores'],
  ['@ValidateNested (nested field)', { address: { city: '' } }, 'address.city'],
  ['@ValidateNested (nested unknown field)', { address: { city: 'Oslo', planet: 'Earth' } }, 'address.planet'],
  ['@Matches in a nested object', { address: { city: 'Oslo', zip: '1' } }, 'address.zip'],
  ['@ValidateNested (not an object)', { address: 'Oslo' }, 'address'],
  [
    '@ValidateNested({ each })',
    {
      items: [
        { sku: 'a', quantity: 1 },
        { sku: 'b', quantity: 0 },
      ],
    },
    'items.1.quantity',
  ],
  ['@ArrayMinSize on nested items', { items: [] }, 'items'],
  ['default-valued @Min', { limit: 0 }, 'limit'],
  ['default-valued @IsIn', { sort: 'up' }, 'sort'],
  ['@Field default, wrong type', { locale: 7 }, 'locale'],
  ['@Field schema escape hatch + @IsString', { host: 5 }, 'host'],
  ['an unknown field', { colour: 'red' }, 'colour'],
];

describe('schemas agree with class-validator', () => {
  const builder = new SchemaBuilder();
  const validator = new DtoValidator();

  it.each(DIALECTS)('a valid value passes Ajv (%s) and class-validator', async (dialect) => {
    const check = compileChecked(builder.build(EveryValidator, dialect), dialect);
    expect(check(valid()), JSON.stringify(check.errors)).toBe(true);
    expect(await validator.validate(EveryValidator, valid())).toMatchObject({ ok: true });
  });

  it('optional and defaulted fields may be left out', async () => {
    const minimal: Record<string, unknown> = valid();
    for (const dialect of DIALECTS)
      expect(compileChecked(builder.build(EveryValidator, dialect), dialect)(minimal)).toBe(true);
    const result = await validator.validate(EveryValidator, minimal);
    expect(result.ok && [result.value.limit, result.value.sort, result.value.locale]).toEqual([10, 'asc', 'en']);
  });

  it.each(broken)('%s: refused by Ajv in both dialects and by class-validator', async (_name, patch, path) => {
    const input: Record<string, unknown> = { ...valid(), ...patch };
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete input[key];
    for (const dialect of DIALECTS) {
      const check = compileChecked(builder.build(EveryValidator, dialect), dialect);
      expect(check(input), `${dialect} accepted ${JSON.stringify(patch)}`).toBe(false);
    }
    const result = await validator.validate(EveryValidator, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path)).toContain(path);
  });

  it.each(DIALECTS)('recursive schemas (%s) resolve their $refs and check deep values', async (dialect) => {
    const tree = compileChecked(builder.build(TreeNode, dialect), dialect);
    const deep = { label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] };
    expect(tree(deep)).toBe(true);
    expect(await validator.validate(TreeNode, deep)).toMatchObject({ ok: true });
    const bad = { label: 'a', children: [{ label: 'b', children: [{ label: 3 }] }] };
    expect(tree(bad)).toBe(false);
    expect(await validator.validate(TreeNode, bad)).toMatchObject({
      ok: false,
      issues: [{ path: 'children.0.children.0.label' }],
    });

    const org = compileChecked(builder.build(Org, dialect), dialect);
    const company = { orgName: 'Acme', ceo: { name: 'Ada', reports: [{ name: 'Bob', manager: { name: 'Ada' } }] } };
    expect(org(company)).toBe(true);
    expect(await validator.validate(Org, company)).toMatchObject({ ok: true });
    const wrong = {
      orgName: 'Acme',
      ceo: { name: 'Ada', reports: [{ name: 'Bob', manager: { name: 'Ada', age: 3 } }] },
    };
    expect(org(wrong)).toBe(false);
    expect(await validator.validate(Org, wrong)).toMatchObject({
      ok: false,
      issues: [{ path: 'ceo.reports.0.manager.age' }],
    });
  });
});
