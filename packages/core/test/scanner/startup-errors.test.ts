// Each named startup error, with a message that says what to add.
import { IsString } from 'class-validator';
import { describe, expect, it } from 'vitest';
import {
  Arg,
  Args,
  Ctx,
  DecorumStartupError,
  DuplicateNameError,
  InvalidNameError,
  McpApp,
  MissingDescriptionError,
  Param,
  ParameterError,
  ResourceDeclarationError,
  ResourceTemplate,
  Tool,
} from '../../src/index.js';
import { DtoMetadataError } from '../../src/schema/errors.js';

const build = (...providers: Function[]) =>
  new McpApp({ name: 'x', version: '1', providers: providers as never, logger: { warn() {}, error() {} } });

describe('startup errors', () => {
  it('duplicate tool names name both declarations', () => {
    class A {
      @Tool({ name: 'same', description: 'd' }) one() {}
    }
    class B {
      @Tool({ name: 'same', description: 'd' }) two() {}
    }
    expect(() => build(A, B)).toThrow(DuplicateNameError);
    expect(() => build(A, B)).toThrow(/Duplicate tool "same": declared by A\.one and B\.two/);
  });

  it('tool names outside the spec rules', () => {
    class A {
      @Tool({ name: 'has space', description: 'd' }) one() {}
    }
    expect(() => build(A)).toThrow(InvalidNameError);
    expect(() => build(A)).toThrow(/A–Z, a–z, 0–9, _, - and \./);
  });

  it('a missing description (and the opt-out)', () => {
    class A {
      @Tool() quiet() {}
    }
    expect(() => build(A)).toThrow(MissingDescriptionError);
    expect(() => new McpApp({ name: 'x', version: '1', providers: [A], requireDescriptions: false })).not.toThrow();
  });

  it('an undecorated parameter, and @Args without a knowable type', () => {
    class A {
      @Tool({ description: 'd' }) one(_x: string) {}
    }
    expect(() => build(A)).toThrow(ParameterError);
    expect(() => build(A)).toThrow(/add @Args\(\), @Arg\(name\), @Param\(name\) or @Ctx\(\)/);
    class B {
      @Tool({ description: 'd' }) two(@Args() _input: { a: string }) {}
    }
    expect(() => build(B)).toThrow(/Pass it explicitly: @Args\(MyDto\)/);
    class C {
      @Tool({ description: 'd' }) three(@Arg('tags') _tags: string[]) {}
    }
    expect(() => build(C)).toThrow(/\{ type: \[String\] \}/);
  });

  it('parameter decorators in the wrong place', () => {
    class A {
      @Tool({ description: 'd' }) one(@Param('id') _id: string) {}
    }
    expect(() => build(A)).toThrow(/cannot be used on a tool/);
    class B {
      @ResourceTemplate('x://{id}') two(@Arg('id') _id: string, @Ctx() _ctx: unknown) {}
    }
    expect(() => build(B)).toThrow(ParameterError);
  });

  it('a DTO without class-validator metadata', () => {
    class Bare {
      name!: string;
    }
    class A {
      @Tool({ description: 'd' }) one(@Args() _input: Bare) {}
    }
    expect(() => build(A)).toThrow(DtoMetadataError);
    expect(() => build(A)).toThrow(/add class-validator decorators such as @IsString\(\)/);
  });

  it('conflicting resource templates', () => {
    class A {
      @ResourceTemplate('docs://{id}') one(@Param('id') _id: string) {}
      @ResourceTemplate('docs://{name}') two(@Param('name') _name: string) {}
    }
    expect(() => build(A)).toThrow(ResourceDeclarationError);
  });

  it('every one of them is a DecorumStartupError with a code', () => {
    class Dto {
      @IsString() a!: string;
    }
    class A {
      @Tool() one(@Args() _d: Dto) {}
    }
    try {
      build(A);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DecorumStartupError);
      expect((error as DecorumStartupError).code).toBe('missing-description');
    }
  });
});
