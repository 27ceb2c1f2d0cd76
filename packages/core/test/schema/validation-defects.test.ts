// The defects a differential fuzz of the compiled path against class-transformer + class-validator found (issue 35).
// Each runs through DtoValidator as an app does: `acceptor` first (the quick path), `validate` for the rest.
import 'reflect-metadata';
import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { plainToInstance, Type } from 'class-transformer';
import {
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  registerDecorator,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { describe, expect, it, vi } from 'vitest';
import { Field } from '../../src/decorators/field.decorator.js';
import { Args, McpApp, Tool } from '../../src/index.js';
import { DtoValidator } from '../../src/schema/validate.js';

/** What a compiled handler does per call: the quick accept, else the full check. */
async function check<T>(validator: DtoValidator, dto: new () => T, input: unknown) {
  const accepted = validator.acceptor(dto)(input);
  if (accepted !== undefined) return { ok: true as const, value: accepted };
  return validator.validate(dto, input);
}

/** A project's own integer check, registered under class-validator's name: only small integers. */
function IsSmallInt(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isInt',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value < 100,
        defaultMessage: () => `${String(propertyName)} must be an integer below 100`,
      },
    });
}

class Quantity {
  @IsSmallInt()
  count!: number;
}

class Address {
  @IsString()
  city!: string;
}

class Person {
  @ValidateNested()
  @Type(() => Address)
  @Field({ default: { city: 'Paris' } })
  home!: Address;
}

class Contact {
  @IsEmail()
  email!: string;
}

class Circle {
  @IsString()
  kind!: string;
}

class Drawing {
  @ValidateNested({ each: true })
  @Type(() => Circle, { discriminator: { property: 'kind', subTypes: [{ value: Circle, name: 'circle' }] } })
  shape!: Circle[];
}

class Named {
  @IsString()
  name!: string;

  @IsOptional()
  @IsInt()
  age?: number;
}

describe('validation defects (issue 35)', () => {
  it("runs a project's own validator registered under a built-in name, not class-validator's", async () => {
    const validator = new DtoValidator();
    validator.prepare(Quantity);
    const result = await check(validator, Quantity, { count: 1000 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toEqual([{ path: 'count', message: 'count must be an integer below 100' }]);
    expect((await check(validator, Quantity, { count: 7 })).ok).toBe(true);
  });

  it('fills a @Field default of a @ValidateNested property as an instance of its class', async () => {
    const validator = new DtoValidator();
    validator.prepare(Person);
    const result = await check(validator, Person, {});
    expect(result).toEqual({ ok: true, value: expect.any(Person) });
    if (result.ok) {
      expect(result.value.home).toBeInstanceOf(Address);
      expect(result.value.home.city).toBe('Paris');
    }
    // The slow path (no quick accept) agrees.
    const slow = await new DtoValidator({ compile: false }).validate(Person, {});
    expect(slow.ok && slow.value.home instanceof Address && slow.value.home.city === 'Paris').toBe(true);
  });

  it('answers a lone surrogate on @IsEmail with the field error, not an exception', async () => {
    const validator = new DtoValidator();
    const result = await check(validator, Contact, JSON.parse('{"email":"\\ud800"}'));
    expect(result).toEqual({ ok: false, issues: [{ path: 'email', message: 'email must be an email' }] });
  });

  it('answers a null item under a @Type discriminator with the field error, not an exception', async () => {
    const validator = new DtoValidator();
    const result = await check(validator, Drawing, { shape: ['a', null] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path)).toEqual(['shape']);
  });

  it('keeps explicit undefined keys as class-transformer does', async () => {
    const validator = new DtoValidator();
    validator.prepare(Named);
    const input = { name: 'Ada', age: undefined };
    const result = await check(validator, Named, input);
    const expected = plainToInstance(Named, input, { enableImplicitConversion: false, exposeDefaultValues: true });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(Object.keys(result.value as object)).toEqual(Object.keys(expected));
      expect(result.value).toStrictEqual(expected);
    }
  });
});

describe('validation defects through an app (issue 35)', () => {
  class Tools {
    @Tool({ description: 'Mails' })
    mail(@Args() input: Contact) {
      return input.email;
    }

    @Tool({ description: 'Draws' })
    draw(@Args() input: Drawing) {
      return String(input.shape.length);
    }
  }

  it('answers a throwing validator or transform with "Invalid arguments", logging nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = new McpApp({ name: 't', version: '1', providers: [Tools] });
    const client = new Client({ name: 't', version: '1' });
    const [c, s] = createLinkedTransports();
    await app.connect(s);
    await client.connect(c as unknown as SdkTransport);
    try {
      expect(await client.callTool({ name: 'mail', arguments: JSON.parse('{"email":"\\ud800"}') })).toEqual({
        isError: true,
        content: [{ type: 'text', text: 'Invalid arguments for tool "mail":\nemail must be an email' }],
      });
      const drawn = await client.callTool({ name: 'draw', arguments: { shape: ['a', null] } });
      expect(drawn).toMatchObject({
        isError: true,
        content: [{ text: expect.stringMatching(/^Invalid arguments for tool "draw":\nshape /) }],
      });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await client.close();
      await app.close();
    }
  });
});
