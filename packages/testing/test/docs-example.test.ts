// The example of docs/testing.md: its code blocks are verbatim excerpts of this file (docs-page.test.ts checks).
import 'reflect-metadata';
import { Args, type Context, Ctx, Field, Tool } from '@decorum/core';
import { createTestClient, ERAS, override } from '@decorum/testing';
import { IsString, MinLength } from 'class-validator';
import { Service } from 'typedi';
import { describe, expect, it } from 'vitest';

@Service()
export class Clock {
  now(): Date {
    return new Date();
  }
}

export class Booking {
  @Field({ description: 'Where to' }) @IsString() @MinLength(2) city!: string;
}

@Service()
export class Trips {
  constructor(private readonly clock: Clock) {}

  @Tool({ description: 'Books a trip once the user confirms' })
  async book(@Args() input: Booking, @Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      `Book ${input.city}?`,
    );
    if (answer.action !== 'accept' || answer.data.confirm !== true) return 'not booked';
    await ctx.progress(1, 1, 'booked');
    await ctx.log.info(`booked ${input.city}`);
    return `booked ${input.city} on ${this.clock.now().toISOString().slice(0, 10)}`;
  }
}

const fixedClock = override(Clock, { now: () => new Date('2025-06-01T10:00:00Z') });

describe.each(ERAS)('Trips, %s era', (era) => {
  it('books once the user confirms', async () => {
    const client = await createTestClient([Trips], {
      era,
      onElicit: () => ({ action: 'accept', content: { confirm: true } }),
      overrides: [fixedClock],
    });
    const result = await client.callTool('book', { city: 'Lisbon' });
    expect(result).toMatchObject({ isError: false, text: 'booked Lisbon on 2025-06-01' });
    expect(client.inputRequests).toMatchObject([{ method: 'elicitation/create', params: { message: 'Book Lisbon?' } }]);
    expect(client.progress).toEqual([{ progress: 1, total: 1, message: 'booked' }]);
    expect(client.logs).toEqual([{ level: 'info', data: 'booked Lisbon' }]);
    await client.close();
  });

  it('answers bad input with an isError result', async () => {
    const client = await createTestClient([Trips], { era });
    const result = await client.callTool('book', { city: 'L' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/city/);
    await client.close();
  });
});

it('keeps the tool schemas as reviewed', async () => {
  const client = await createTestClient([Trips]);
  expect(await client.toolsSnapshot()).toMatchInlineSnapshot(`
    "[
      {
        "name": "book",
        "description": "Books a trip once the user confirms",
        "inputSchema": {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "additionalProperties": false,
          "properties": {
            "city": {
              "description": "Where to",
              "minLength": 2,
              "type": "string"
            }
          },
          "required": ["city"],
          "type": "object"
        }
      }
    ]"
  `);
  await client.close();
});
