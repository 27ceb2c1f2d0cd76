// Each named startup error, with a message that says what to add.
import { IsString } from 'class-validator';
import { describe, expect, it } from 'vitest';
import {
  Arg,
  Args,
  Complete,
  Ctx,
  DecorumStartupError,
  DuplicateNameError,
  InvalidNameError,
  McpApp,
  MissingDescriptionError,
  Param,
  ParameterError,
  Prompt,
  Resource,
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
    expect(() => build(C)).toThrow(/\{ type: \[Item\] \}\) with Item one of String, Number, Boolean/);
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

  it('prompt arguments that are not strings, relative resource URIs, and template list methods that do not exist', () => {
    class P {
      @Prompt({ description: 'd' }) p(@Arg('n') _n: number) {
        return '';
      }
    }
    expect(() => build(P)).toThrow(/prompt arguments are strings/);
    class R {
      @Resource('readme') r() {
        return '';
      }
    }
    expect(() => build(R)).toThrow(/not an absolute URI/);
    class L {
      @ResourceTemplate('x://{id}', { list: 'nope' }) t(@Param('id') _id: string) {
        return '';
      }
    }
    expect(() => build(L)).toThrow(/\{ list: 'nope' \} names no method/);
  });

  it('@Complete targets that do not exist, or that two methods claim', () => {
    class Orphan {
      @Complete({ prompt: 'missing', argument: 'a' }) c() {
        return [];
      }
    }
    expect(() => build(Orphan)).toThrow(/names no prompt or resource template/);
    class Twice {
      @Prompt({ description: 'd' }) p(@Arg('a') _a: string) {
        return '';
      }
      @Complete({ prompt: 'p', argument: 'a' }) one() {
        return [];
      }
      @Complete({ member: 'p', argument: 'a' }) two() {
        return [];
      }
    }
    expect(() => build(Twice)).toThrow(/both complete the same argument "a"/);
  });

  it('a provider the container cannot create fails at startup, naming the fix', () => {
    class Needs {
      constructor(readonly dep: { x: number }) {}
      @Tool({ description: 'd' }) t() {
        return String(this.dep.x);
      }
    }
    expect(() => build(Needs)).toThrow(/Cannot create provider Needs: .*@Service\(\)/);
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
