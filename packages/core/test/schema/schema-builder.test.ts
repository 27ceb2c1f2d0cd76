import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayNotEmpty,
  Equals,
  IsDate,
  IsDivisibleBy,
  IsIn,
  IsInt,
  IsIP,
  IsNotEmpty,
  IsNotEmptyObject,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { describe, expect, it } from 'vitest';
import { Field } from '../../src/decorators/field.decorator.js';
import { SchemaBuilder } from '../../src/schema/schema-builder.js';
import { buildChecked, compileChecked, DIALECTS } from './ajv-support.js';
import { Address, EveryValidator, TreeNode } from './fixtures/dtos.js';

const properties = (schema: Record<string, unknown>) => schema.properties as Record<string, Record<string, unknown>>;

describe('SchemaBuilder caching', () => {
  it('returns the same object for the same class and dialect, another one per dialect', () => {
    const builder = new SchemaBuilder();
    const first = builder.build(EveryValidator, '2020-12');
    expect(builder.build(EveryValidator, '2020-12')).toBe(first);
    const draft = builder.build(EveryValidator, 'draft-07');
    expect(draft).not.toBe(first);
    expect(builder.build(EveryValidator, 'draft-07')).toBe(draft);
    expect(draft.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(first.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('keeps its cache on the instance: another builder builds its own, equal schema', () => {
    const a = new SchemaBuilder().build(TreeNode, '2020-12');
    const b = new SchemaBuilder().build(TreeNode, '2020-12');
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
  });

  it('hands out deeply frozen schemas, so a caller cannot change what the next one gets', () => {
    const schema = new SchemaBuilder().build(EveryValidator, '2020-12');
    expect(Object.isFrozen(schema)).toBe(true);
    expect(Object.isFrozen(properties(schema).address.properties)).toBe(true);
    expect(() => {
      (schema.required as string[]).push('x');
    }).toThrow(TypeError);
  });

  it('allowUnknown leaves out additionalProperties at every level', () => {
    const schema = buildChecked(new SchemaBuilder({ allowUnknown: true }), EveryValidator, '2020-12');
    expect(schema.additionalProperties).toBeUndefined();
    expect(properties(schema).address.additionalProperties).toBeUndefined();
  });
});

describe('types, order and inheritance', () => {
  class Base {
    @IsString() id!: string;
    @IsOptional() @IsString() note?: string;
  }
  class Derived extends Base {
    @IsInt() size!: number;
    @IsString() override note?: string;
  }

  it.each(DIALECTS)('lists base properties first, in declaration order; a subclass can make one required (%s)', (d) => {
    const schema = buildChecked(new SchemaBuilder(), Derived, d);
    expect(Object.keys(properties(schema))).toEqual(['id', 'note', 'size']);
    expect(schema.required).toEqual(['id', 'size']); // @IsOptional is inherited: class-validator merges metadata
  });

  it('takes types from validators first, then @Type, then design:type', () => {
    class Typed {
      @IsNumber() @IsInt() whole!: number;
      @Min(0) implied!: number;
      @Allow() reflectedString!: string;
      @Allow() reflectedNumber!: number;
      @Allow() reflectedBoolean!: boolean;
      @Allow() list!: string[];
      @IsObject() bag!: Record<string, unknown>;
      @IsDate() @Type(() => Date) when!: Date;
      @Allow() @Type(() => Address) unvalidated!: Address;
    }
    const p = properties(buildChecked(new SchemaBuilder(), Typed, '2020-12'));
    expect(p.whole).toEqual({ type: 'integer' });
    expect(p.implied).toEqual({ type: 'number', minimum: 0 });
    expect([p.reflectedString, p.reflectedNumber, p.reflectedBoolean]).toEqual([
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
    ]);
    expect(p.list).toEqual({ type: 'array', items: {} });
    expect(p.bag).toEqual({ type: 'object' });
    expect(p.when).toEqual({ type: 'string', format: 'date-time' });
    // Without @ValidateNested class-validator never looks inside, so neither does the schema.
    expect(p.unvalidated).toEqual({ type: 'object' });
  });

  it('@IsNotEmpty adds minLength only to strings; several bounds tighten', () => {
    class Bounds {
      @IsNotEmpty() @IsInt() n!: number;
      @IsNotEmpty({ each: true }) @IsString({ each: true }) names!: string[];
      @Min(1) @Min(5) @IsInt() atLeastFive!: number;
      @Matches(/^a/) @Matches(/b$/) both!: string;
    }
    const p = properties(buildChecked(new SchemaBuilder(), Bounds, '2020-12'));
    expect(p.n).toEqual({ type: 'integer' });
    expect(p.names).toEqual({ type: 'array', items: { type: 'string', minLength: 1 } });
    expect(p.atLeastFive).toEqual({ type: 'integer', minimum: 5 });
    expect(p.both).toEqual({ type: 'string', pattern: 'b$', allOf: [{ pattern: '^a' }] });
  });
});

describe('the long tail of validators', () => {
  it.each(DIALECTS)('maps @IsNotEmptyObject, @Equals, @IsDivisibleBy, @IsIP, @ArrayNotEmpty, @ValidateIf (%s)', (d) => {
    class Tail {
      @IsNotEmptyObject() filters!: Record<string, unknown>;
      @Equals('v1') version!: 'v1';
      @IsDivisibleBy(5) step!: number;
      @IsIP('4') address!: string;
      @IsIP() anyAddress!: string;
      @ArrayNotEmpty() ids!: number[];
      @ValidateIf((o: Tail) => o.step > 10) @IsString() reason?: string;
    }
    const schema = buildChecked(new SchemaBuilder(), Tail, d);
    expect(schema.properties).toEqual({
      filters: { type: 'object', minProperties: 1 },
      version: { type: 'string', const: 'v1' },
      step: { type: 'number', multipleOf: 5 },
      address: { type: 'string', format: 'ipv4' },
      anyAddress: { type: 'string' },
      ids: { type: 'array', items: {}, minItems: 1 },
      reason: { type: 'string' },
    });
    expect(schema.required).toEqual(['filters', 'version', 'step', 'address', 'anyAddress', 'ids']);
  });
});

describe('nested DTOs', () => {
  it('inlines non-recursive nested classes, with @Field documentation on the property', () => {
    class Holder {
      @Field({ description: 'Home' }) @IsOptional() @ValidateNested() @Type(() => Address) home?: Address;
      @ValidateNested({ each: true }) @Type(() => Address) others!: Address[];
    }
    for (const dialect of DIALECTS) {
      const schema = buildChecked(new SchemaBuilder(), Holder, dialect);
      expect(properties(schema).home).toMatchObject({ type: 'object', description: 'Home', required: ['city'] });
      expect(properties(schema).others).toMatchObject({ type: 'array', items: { type: 'object', required: ['city'] } });
      expect(schema.required).toEqual(['others']);
      expect(schema.$defs ?? schema.definitions).toBeUndefined();
    }
  });

  it('puts mutually recursive classes in $defs / definitions under distinct names', () => {
    class Alpha {
      @IsOptional() @ValidateNested() @Type(() => Beta) beta?: unknown;
    }
    class Beta {
      @IsOptional() @ValidateNested() @Type(() => Alpha) alpha?: Alpha;
      @IsOptional() @ValidateNested() @Type(() => Gamma) gamma?: unknown;
    }
    class Gamma {
      @IsString() leaf!: string;
      @IsOptional() @ValidateNested() @Type(() => Alpha) back?: Alpha;
    }
    const root = buildChecked(new SchemaBuilder(), Alpha, 'draft-07');
    expect(Object.keys(root.definitions as object)).toEqual(['Beta', 'Alpha', 'Gamma']);
    const check = compileChecked(root, 'draft-07');
    expect(check({ beta: { alpha: { beta: { gamma: { leaf: 'x', back: {} } } } } })).toBe(true);
    expect(check({ beta: { gamma: { back: { beta: { gamma: {} } } } } })).toBe(false);
  });

  it('names two recursive classes that share a name apart', () => {
    const make = () => {
      class Node {
        @IsOptional() @ValidateNested() @Type(() => Node) next?: Node;
      }
      return Node;
    };
    const [First, Second] = [make(), make()];
    class Pair {
      @ValidateNested() @Type(() => First) a!: unknown;
      @ValidateNested() @Type(() => Second) b!: unknown;
    }
    const schema = buildChecked(new SchemaBuilder(), Pair, '2020-12');
    expect(Object.keys(schema.$defs as object)).toEqual(['Node', 'Node_2']);
    expect(properties(schema).b).toEqual({ $ref: '#/$defs/Node_2' });
  });
});

describe('defaults', () => {
  it('advertises JSON initialisers and @Field defaults, and makes those properties optional', () => {
    class Defaults {
      @IsOptional() @IsString() units = 'metric';
      @IsInt() retries = 3;
      @IsString({ each: true }) tags: string[] = ['a'];
      @IsOptional() @IsDate() @Type(() => Date) since: Date = new Date(0);
      @Field({ default: 'fast' }) @IsIn(['fast', 'slow']) @IsString() mode!: string;
      @Field({ default: 2 }) @IsOptional() @IsInt() overrides = 1;
      @IsString() needed!: string;
    }
    const schema = buildChecked(new SchemaBuilder(), Defaults, 'draft-07');
    const p = properties(schema);
    expect([p.units.default, p.retries.default, p.tags.default, p.mode.default, p.overrides.default]).toEqual([
      'metric',
      3,
      ['a'],
      'fast',
      2,
    ]);
    expect(p.since).toEqual({ type: 'string', format: 'date-time' }); // a Date is no JSON value
    expect(schema.required).toEqual(['needed']);
  });

  it('survives a constructor that needs arguments (no defaults then)', () => {
    class NeedsArgs {
      @IsString() name: string;
      constructor(name: string) {
        if (name === undefined) throw new Error('name required');
        this.name = name;
      }
    }
    expect(buildChecked(new SchemaBuilder(), NeedsArgs, '2020-12').required).toEqual(['name']);
  });
});
