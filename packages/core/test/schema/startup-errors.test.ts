import 'reflect-metadata';
import { Type } from 'class-transformer';
import { Allow, IsArray, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { Field } from '../../src/decorators/field.decorator.js';
import { DecorumStartupError } from '../../src/errors.js';
import { DtoMetadataError, DtoPropertyTypeError } from '../../src/schema/errors.js';
import { SchemaBuilder } from '../../src/schema/schema-builder.js';
import { DtoValidator } from '../../src/schema/validate.js';
import { buildChecked, DIALECTS } from './ajv-support.js';
import { Address } from './fixtures/dtos.js';
import type { Celsius, GeoPoint } from './fixtures/geo.js';

const properties = (schema: Record<string, unknown>) => schema.properties as Record<string, Record<string, unknown>>;

describe('@Field({ type }) and the import type pitfall', () => {
  class Reading {
    @Allow() at!: GeoPoint;
  }
  class Branded {
    @Min(-273) temperature!: Celsius;
    @Allow() reading!: Celsius;
  }

  it('reflection turns a type brought in with `import type` (or a branded type) into Object', () => {
    expect(Reflect.getMetadata('design:type', Reading.prototype, 'at')).toBe(Object);
    expect(Reflect.getMetadata('design:type', Branded.prototype, 'reading')).toBe(Object);
  });

  it('so the builder refuses such a property, naming @Field({ type }) and `import type`', () => {
    const error = captured(() => new SchemaBuilder().build(Reading, '2020-12'));
    expect(error).toBeInstanceOf(DtoPropertyTypeError);
    expect(error).toBeInstanceOf(DecorumStartupError);
    expect(error).toMatchObject({ code: 'dto-property-type', dto: 'Reading', property: 'at' });
    expect(error.message).toContain('Reading.at');
    expect(error.message).toContain("@Field({ type: 'string' })");
    expect(error.message).toContain('import type');
    expect(captured(() => new SchemaBuilder().build(Branded, '2020-12')).message).toContain('Branded.reading');
  });

  it('@Field({ type }) is the explicit alternative, and beats reflection', async () => {
    class Explicit {
      @Field({ type: 'object', description: 'Where' }) @Allow() at!: GeoPoint;
      @Field({ type: 'number' }) @Allow() reading!: Celsius;
      @Field({ type: ['integer'] }) @IsOptional() @IsArray() counts?: unknown;
      @Field({ type: () => [String] }) @IsOptional() names?: unknown;
      @Field({ type: () => Address }) @IsOptional() @IsObject() shape?: unknown;
      @Field({ type: 'string' }) @Allow() overridden!: number;
    }
    for (const dialect of DIALECTS) {
      const p = properties(buildChecked(new SchemaBuilder(), Explicit, dialect));
      expect(p.at).toEqual({ type: 'object', description: 'Where' });
      expect(p.reading).toEqual({ type: 'number' });
      expect(p.counts).toEqual({ type: 'array', items: { type: 'integer' } });
      expect(p.names).toEqual({ type: 'array', items: { type: 'string' } });
      expect(p.shape).toMatchObject({ type: 'object', properties: { city: { type: 'string' } } });
      expect(p.overridden).toEqual({ type: 'string' });
    }
    const ok = await new DtoValidator().validate(Explicit, { at: { lat: 1, lon: 2 }, reading: 21.5, overridden: 'x' });
    expect(ok.ok).toBe(true);
  });
});

describe('startup errors', () => {
  it('DtoMetadataError: a class without class-validator metadata', () => {
    class Untouched {
      name = '';
    }
    const error = captured(() => new SchemaBuilder().build(Untouched, 'draft-07'));
    expect(error).toBeInstanceOf(DtoMetadataError);
    expect(error).toBeInstanceOf(DecorumStartupError);
    expect(error).toMatchObject({ name: 'DtoMetadataError', code: 'dto-metadata', dto: 'Untouched' });
    expect(error.message).toContain('DTO class Untouched');
    expect(error.message).toContain('add class-validator decorators such as @IsString() to its properties');
  });

  it('DtoMetadataError: a @Field property without a validator (validation would call it unknown)', () => {
    class HalfDone {
      @IsString() a!: string;
      @Field({ description: 'forgot the validator' }) b!: string;
    }
    const error = captured(() => new SchemaBuilder().build(HalfDone, 'draft-07'));
    expect(error).toMatchObject({ code: 'dto-metadata', dto: 'HalfDone', property: 'b' });
    expect(error.message).toContain('HalfDone.b');
    expect(error.message).toContain('@Allow()');
  });

  it('DtoPropertyTypeError: @ValidateNested without @Type, which class-transformer needs', () => {
    class Loose {
      @ValidateNested() address!: Address;
    }
    const error = captured(() => new SchemaBuilder().build(Loose, '2020-12'));
    expect(error).toMatchObject({ code: 'dto-property-type', property: 'address' });
    expect(error.message).toContain('@Type(() => Child)');
  });

  it('DtoPropertyTypeError: a type thunk that throws or returns no class', () => {
    class Throws {
      @Field({
        type: () => {
          throw new Error('boom');
        },
      })
      @Allow()
      x!: unknown;
    }
    class Undefined {
      @ValidateNested() @Type(() => undefined as never) x!: unknown;
    }
    expect(captured(() => new SchemaBuilder().build(Throws, '2020-12')).message).toContain('threw (boom)');
    expect(captured(() => new SchemaBuilder().build(Undefined, '2020-12')).message).toContain('returned undefined');
  });

  it('reports the error for a nested class too, and caches nothing broken', () => {
    class Broken {
      @Allow() what!: unknown;
    }
    class Outer {
      @ValidateNested() @Type(() => Broken) inner!: Broken;
    }
    const builder = new SchemaBuilder();
    expect(() => builder.build(Outer, '2020-12')).toThrow(/Broken\.what/);
    expect(() => builder.build(Outer, '2020-12')).toThrow(DtoPropertyTypeError);
  });
});

function captured(fn: () => unknown): Error & Record<string, unknown> {
  try {
    fn();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected an error');
}
