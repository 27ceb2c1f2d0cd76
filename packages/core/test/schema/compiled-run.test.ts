// Differential test of the compiled fast path: for many generated inputs (valid ones and mutations of
// them), the compiled validator and the class-transformer + class-validator pipeline must agree on
// accept/reject, on the error output, and on the instance (class, key order and values included).
import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsDate,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { describe, expect, it } from 'vitest';
import { Field } from '../../src/decorators/field.decorator.js';
import type { Class } from '../../src/metadata/types.js';
import { compileAccept } from '../../src/schema/compiled-codegen.js';
import { planFor } from '../../src/schema/compiled-plan.js';
import { acceptCompiled } from '../../src/schema/compiled-run.js';
import { limitProblem } from '../../src/schema/input-limits.js';
import { DtoValidator } from '../../src/schema/validate.js';
import {
  Address,
  EveryValidator,
  validEveryValidator as everyValid,
  LineItem,
  Org,
  TreeNode,
} from './fixtures/dtos.js';
import { clone, hasSpecialKeys, mutate, rng, sameValue } from './fixtures/generate.js';

class Forecast {
  @Field({ description: 'City name' }) @IsString() @MinLength(1) city!: string;
  @IsInt() @Min(1) @Max(14) days!: number;
  @IsIn(['metric', 'imperial']) units!: string;
}

class Base {
  @IsString() id!: string;
  @IsOptional() @IsBoolean() active = true;
}

class Derived extends Base {
  @IsOptional() @IsNumber() score?: number;
  @Field({ default: { depth: 1, tags: ['a'] } }) @IsOptional() meta?: { depth: number; tags: string[] };
}

class Conversions {
  @Type(() => Number) @IsNumber() count!: number;
  @IsOptional() @Type(() => String) @IsString() label?: string;
  @IsOptional() @Type(() => Boolean) flag?: boolean;
  @IsOptional() @Type(() => Date) @IsDate() when?: Date;
  @IsOptional() @IsDefined() anything?: unknown;
}

/** Flat (primitive properties, predicate validators), with optional ones, an initialiser and an `each` rule. */
class Flat {
  @IsString() @MaxLength(8) id!: string;
  @IsOptional() @IsBoolean() active = true;
  @IsOptional() @IsNumber() @Min(0) score?: number;
  @IsOptional() @IsString({ each: true }) @MinLength(1, { each: true }) tags?: string[];
}

class Wrapper {
  @ValidateNested() @Type(() => Forecast) forecast!: Forecast;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Address) places?: Address[];
  @IsOptional() @Type(() => LineItem) unchecked?: LineItem;
}

/** What each shape's valid inputs look like (mutations start from these). */
const SHAPES: [Class, unknown[]][] = [
  [
    Forecast,
    [
      { city: 'Oslo', days: 3, units: 'metric' },
      { city: 'x', days: 14, units: 'imperial' },
    ],
  ],
  [Derived, [{ id: 'a' }, { id: 'b', active: false, score: 1.5, meta: { depth: 2, tags: [] } }]],
  [Flat, [{ id: 'a' }, { id: 'b', active: false, score: 1.5, tags: ['x', 'yz'] }]],
  [Conversions, [{ count: 3 }, { count: '7', label: 5, flag: 0, when: '2024-05-01T10:00:00Z', anything: null }]],
  [Wrapper, [{ forecast: { city: 'Oslo', days: 1, units: 'metric' }, places: [{ city: 'Rome', zip: '00100' }] }]],
  [TreeNode, [{ label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }, { label: 'd' }] }]],
  [Org, [{ orgName: 'Acme', ceo: { name: 'Ada', reports: [{ name: 'Bob', manager: { name: 'Ada' } }] } }]],
  [EveryValidator, [everyValid()]],
];

const fast = new DtoValidator();
const slow = new DtoValidator({ compile: false });

describe('compiled DTO validation', () => {
  it.each(SHAPES.map(([dto, samples]) => [dto.name, dto, samples] as const))(
    '%s: same decisions, errors and instances as class-validator on 1,500 generated inputs',
    async (_name, dto, samples) => {
      expect(fast.isCompiled(dto)).toBe(true);
      const random = rng(dto.name.length * 7919);
      const plan = planFor(dto, new WeakMap());
      const acceptor = fast.acceptor(dto);
      let accepted = 0;
      let rejected = 0;
      for (let i = 0; i < 1500; i++) {
        const input = mutate(samples[i % samples.length], random, 0, i % 2 === 0 ? 1 : 0.04);
        const expected = await slow.validate(dto, clone(input));
        const actual = await fast.validate(dto, clone(input));
        expect(actual.ok, JSON.stringify(input)).toBe(expected.ok);
        if (actual.ok && expected.ok) expect(sameValue(actual.value, expected.value), JSON.stringify(input)).toBe(true);
        else expect(actual).toEqual(expected);
        // The fast path alone: it accepts every valid plain input, and only those.
        const raw = input === undefined ? {} : input;
        const plain = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
        const direct = plain ? acceptCompiled(plan, clone(raw) as object) : undefined;
        if (direct !== undefined)
          expect(expected.ok && sameValue(direct, expected.value), JSON.stringify(input)).toBe(true);
        else if (expected.ok && !hasSpecialKeys(input)) expect.fail(`fast path missed valid ${JSON.stringify(input)}`);
        // accept(): the same yes (and instance) at once, never a yes that validate() would refuse.
        const quick = fast.accept(dto, clone(input));
        if (quick !== undefined)
          expect(expected.ok && sameValue(quick, expected.value), JSON.stringify(input)).toBe(true);
        else if (expected.ok && plain && !hasSpecialKeys(input))
          expect.fail(`accept missed valid ${JSON.stringify(input)}`);
        // acceptor(): the class's accept resolved once, deciding as accept() does.
        const once = acceptor(clone(input));
        expect(once === undefined, JSON.stringify(input)).toBe(quick === undefined);
        if (once !== undefined) expect(sameValue(once, quick), JSON.stringify(input)).toBe(true);
        if (expected.ok) accepted++;
        else rejected++;
      }
      // The generator must exercise both sides.
      expect(accepted).toBeGreaterThan(50);
      expect(rejected).toBeGreaterThan(50);
    },
  );

  it.each(SHAPES.map(([dto, samples]) => [dto.name, dto, samples] as const))(
    '%s: the generated accept function answers as the interpreted one on 1,500 generated inputs',
    (_name, dto, samples) => {
      const plan = planFor(dto, new WeakMap());
      const accept = compileAccept(plan);
      // Flat classes get generated code; the others keep the interpreted path.
      expect(accept.name).toBe(dto === Forecast || dto === Flat ? 'accept' : 'interpreted');
      const random = rng(dto.name.length * 104729);
      for (let i = 0; i < 1500; i++) {
        const input = mutate(samples[i % samples.length], random, 0, i % 2 === 0 ? 1 : 0.04);
        if (typeof input !== 'object' || input === null || Array.isArray(input)) continue;
        const interpreted = acceptCompiled(plan, clone(input) as object);
        const generated = accept(clone(input) as object);
        if (interpreted === undefined) expect(generated, JSON.stringify(input)).toBeUndefined();
        else expect(generated !== undefined && sameValue(generated, interpreted), JSON.stringify(input)).toBe(true);
      }
    },
  );

  it('keeps nothing of a checked input in the plan (its validator arguments are reused, then emptied)', () => {
    const [dto, samples] = SHAPES[SHAPES.length - 1] as (typeof SHAPES)[number];
    const plan = planFor(dto, new WeakMap());
    for (const sample of samples) acceptCompiled(plan, clone(sample) as object);
    const rules = plan.properties.flatMap((property) => property.rules);
    expect(rules.some((rule) => rule.args !== undefined)).toBe(true);
    for (const rule of rules) expect([rule.args?.object, rule.args?.value]).toEqual([undefined, undefined]);
  });

  it('counts string lengths as class-validator does (surrogate pairs, variation selectors)', async () => {
    class Lengths {
      @MinLength(2) @MaxLength(3) word!: string;
    }
    const words = [
      'a',
      'ab',
      'abcd',
      '😀',
      '😀😀',
      '😀😀😀😀',
      'a\uFE0F',
      'ab\uFE0F',
      '\uFE0F\uFE0F',
      'ab\uD800',
      'abc',
    ];
    for (const word of words) {
      const expected = await slow.validate(Lengths, { word });
      expect(await fast.validate(Lengths, { word }), JSON.stringify(word)).toEqual(expected);
      const direct = acceptCompiled(planFor(Lengths, new WeakMap()), { word });
      expect(direct !== undefined, JSON.stringify(word)).toBe(expected.ok);
    }
  });

  it("leaves a user's validator under a built-in name to its own constraint", async () => {
    class OwnName {
      @IsString() code!: string;
    }
    registerDecorator({
      name: 'isString',
      target: OwnName,
      propertyName: 'code',
      validator: { validate: (value: unknown) => typeof value === 'string' && value.startsWith('A-') },
    });
    const plan = planFor(OwnName, new WeakMap());
    expect(acceptCompiled(plan, { code: 'B-1' })).toBeUndefined();
    expect(acceptCompiled(plan, { code: 'A-1' })).toBeInstanceOf(OwnName);
    expect((await fast.validate(OwnName, { code: 'B-1' })).ok).toBe(false);
  });

  it('hands each constraint the arguments class-validator does, from the generated code as well', async () => {
    const seen: unknown[] = [];
    const record = (target: Function, propertyName: string) =>
      registerDecorator({
        name: 'isString',
        target,
        propertyName,
        constraints: ['mine'],
        validator: {
          validate: (_value: unknown, args?: ValidationArguments) => {
            seen.push({ ...args });
            return true;
          },
        },
      });
    class Named {
      @IsString() code!: string;
      @IsInt() count!: number;
    }
    record(Named, 'code');
    const accept = compileAccept(planFor(Named, new WeakMap()));
    expect(accept.name).toBe('accept');
    const accepted = accept({ code: 'x', count: 1 });
    expect(accepted).toBeInstanceOf(Named);
    await slow.validate(Named, { code: 'x', count: 1 });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toStrictEqual(seen[1]);
    expect(seen[0]).toMatchObject({ targetName: 'Named', property: 'code', value: 'x', constraints: ['mine'] });
    expect((seen[0] as { object: unknown }).object).toBe(accepted);
    // A class whose name is a getter is asked for it per call, as class-validator's executor does.
    let label = 'first';
    class Renamed {
      @IsString() code!: string;
    }
    Object.defineProperty(Renamed, 'name', { get: () => label });
    record(Renamed, 'code');
    const renamed = compileAccept(planFor(Renamed, new WeakMap()));
    label = 'second';
    expect(renamed({ code: 'y' })).toBeInstanceOf(Renamed);
    expect(seen.at(-1)).toMatchObject({ targetName: 'second' });
  });

  it('refuses flat input over the value limit as the full walk does (the flat shortcut only ever admits)', () => {
    expect(limitProblem({ a: 1, b: 'x' }, 64, 3)).toBeUndefined();
    expect(limitProblem({ a: 1, b: 'x', c: true }, 64, 3)).toBe('arguments must hold at most 3 values');
    expect(limitProblem({ a: 1 }, 0, 10)).toBe('arguments must not nest deeper than 0 levels');
    expect(limitProblem({ a: { b: { c: 1 } } }, 2, 10)).toBe('arguments must not nest deeper than 2 levels');
  });

  it('fills initialisers and @Field defaults on instances of the right class, a fresh copy each call', async () => {
    const first = await fast.validate(Derived, { id: 'a' });
    expect(first.ok && first.value).toBeInstanceOf(Derived);
    expect(first.ok && { ...first.value }).toEqual({ active: true, id: 'a', meta: { depth: 1, tags: ['a'] } });
    if (first.ok) first.value.meta?.tags.push('mutated');
    const second = await fast.validate(Derived, { id: 'b' });
    expect(second.ok && second.value.meta).toEqual({ depth: 1, tags: ['a'] });
  });

  it('converts with @Type as class-transformer does, and builds nested instances', async () => {
    const result = await fast.validate(Conversions, { count: '7', when: '2024-05-01T10:00:00Z' });
    expect(result.ok && result.value.count).toBe(7);
    expect(result.ok && result.value.when).toEqual(new Date('2024-05-01T10:00:00Z'));
    const wrapped = await fast.validate(Wrapper, { forecast: { city: 'a', days: 2, units: 'metric' } });
    expect(wrapped.ok && wrapped.value.forecast).toBeInstanceOf(Forecast);
  });

  it('leaves classes it cannot reproduce to class-validator, with the same results', async () => {
    class WithValidateIf {
      @IsString() kind!: string;
      @ValidateIf((o: WithValidateIf) => o.kind === 'n') @IsInt() n?: number;
    }
    class WithTransform {
      @Transform(({ value }) => String(value).trim()) @IsString() name!: string;
    }
    class WithCustom {
      @IsString() name!: string;
    }
    registerDecorator({
      name: 'isShout',
      target: WithCustom,
      propertyName: 'name',
      validator: { validate: (value: unknown) => typeof value === 'string' && value === value.toUpperCase() },
    });
    class Holder {
      @ValidateNested() @Type(() => WithCustom) inner!: WithCustom;
    }
    for (const dto of [WithValidateIf, WithTransform, WithCustom, Holder]) expect(fast.isCompiled(dto)).toBe(false);
    expect(await fast.validate(WithTransform, { name: '  x ' })).toEqual(
      await slow.validate(WithTransform, { name: '  x ' }),
    );
    expect(await fast.validate(WithCustom, { name: 'no' })).toEqual(await slow.validate(WithCustom, { name: 'no' }));
    expect(await fast.validate(WithValidateIf, { kind: 's', n: 'x' })).toMatchObject({ ok: true });
  });

  it('never compiles when unknown fields are allowed', () => {
    expect(new DtoValidator({ allowUnknown: true }).isCompiled(Forecast)).toBe(false);
  });
});
