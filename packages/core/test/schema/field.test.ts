import 'reflect-metadata';
import { IsString } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { Field, getFieldMetadata } from '../../src/decorators/field.decorator.js';
import { Tool } from '../../src/decorators/tool.decorator.js';
import { readFields, readMembers } from '../../src/metadata/store.js';

describe('@Field', () => {
  it('records plain data in the per-class store every decorator uses: own, not enumerable, read by one reader', () => {
    class Input {
      @Field({ description: 'what', examples: ['x'] }) @IsString() q!: string;
      @Tool({ description: 'a tool on the same class' }) run() {}
    }
    expect(readFields(Input).get('q')).toEqual({ description: 'what', examples: ['x'] });
    expect(readMembers(Input).map((m) => m.method)).toEqual(['run']);
    // One store: the same kind of own, non-enumerable Symbol slots as @Tool's, nothing else.
    const slots = Object.getOwnPropertySymbols(Input).map((s) => s.description);
    expect(slots.sort()).toEqual(['decorum.fields', 'decorum.members']);
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
