import 'reflect-metadata';
import { IsString } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { FIELD_METADATA, Field, getFieldMetadata } from '../../src/decorators/field.decorator.js';

describe('@Field', () => {
  it('records plain data under FIELD_METADATA on the class itself, not enumerable', () => {
    class Input {
      @Field({ description: 'what', examples: ['x'] }) @IsString() q!: string;
    }
    const own = (Input as unknown as Record<symbol, Map<string, unknown>>)[FIELD_METADATA];
    expect(own).toBeInstanceOf(Map);
    expect(own.get('q')).toEqual({ description: 'what', examples: ['x'] });
    expect(Object.keys(Input)).toEqual([]);
  });

  it('merges several @Field on one property, the first written winning', () => {
    class Input {
      @Field({ description: 'first' })
      @Field({ description: 'second', title: 'T' })
      @IsString()
      q!: string;
    }
    expect(getFieldMetadata(Input).get('q')).toEqual({ description: 'first', title: 'T' });
  });

  it('inherits records; a subclass record replaces its parent one, without touching the parent', () => {
    class Base {
      @Field({ description: 'base a' }) @IsString() a!: string;
      @Field({ description: 'base b' }) @IsString() b!: string;
    }
    class Child extends Base {
      @Field({ description: 'child b' }) @IsString() override b!: string;
    }
    expect(Object.fromEntries(getFieldMetadata(Child))).toEqual({
      a: { description: 'base a' },
      b: { description: 'child b' },
    });
    expect(getFieldMetadata(Base).get('b')).toEqual({ description: 'base b' });
  });

  it('ignores Symbol-keyed properties: JSON has none', () => {
    const key = Symbol('k');
    class Input {
      @Field({ description: 'x' }) [key]!: string;
    }
    expect(getFieldMetadata(Input).size).toBe(0);
  });
});
