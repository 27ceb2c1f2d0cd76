// The error model of docs/errors.md, pinned for every primitive kind in both protocol eras: the same
// cause (a guard refusal, a UserError, invalid input) gives the same message everywhere — as an
// isError result for a tool, as a JSON-RPC error with the table's code for a resource, a template
// and a prompt.
import 'reflect-metadata';
import { ArrayMinSize, ArrayUnique, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Arg,
  Args,
  Complete,
  Field,
  type Guard,
  Param,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  UseGuards,
  UserError,
} from '../../packages/core/src/index.js';
import { createTestClient, ERAS, type TestClient } from '../../packages/testing/src/index.js';

/** Refuses mallory, whatever the kind (tool and prompt arguments, template variables). */
const notMallory: Guard = ({ args }) => args.who !== 'mallory';
const nobody = () => new UserError('No one is called "nobody"; try a real name.');

class SearchInput {
  @Field({ description: 'Words to look for' }) @IsString() query!: string;
  @Field({ description: 'How many results' }) @IsOptional() @IsInt() @Min(1) @Max(50) limit?: number;
}

class TagsInput {
  @Field({ description: 'Tags' }) @ArrayMinSize(1) @ArrayUnique() @IsString({ each: true }) tags!: string[];
}

class Kinds {
  @Tool({ description: 'Tags something' })
  tag(@Args() input: TagsInput): string {
    return input.tags.join(',');
  }

  @Tool({ description: 'Greets someone' })
  @UseGuards(notMallory)
  greet(@Arg('who') who: string): string {
    if (who === 'nobody') throw nobody();
    return `hello ${who}`;
  }

  @Tool({ description: 'Searches' })
  search(@Args() input: SearchInput): string {
    return `found ${input.query}`;
  }

  @Resource('kinds://closed', { name: 'closed' })
  @UseGuards(() => false)
  closed(): string {
    return 'never read';
  }

  @Resource('kinds://missing', { name: 'missing' })
  missing(): string {
    throw nobody();
  }

  @ResourceTemplate('kinds://people/{who}{?age}', { name: 'person' })
  @UseGuards(notMallory)
  person(@Param('who') who: string, @Param('age') age: number): string {
    if (who === 'nobody') throw nobody();
    return `${who} (${age})`;
  }

  @Complete({ prompt: 'welcome', argument: 'who' })
  names(value: string): string[] {
    if (value === 'nobody') throw nobody();
    if (value === '!') throw new Error('the name index is down (host 10.0.0.7)');
    return ['ada', 'grace'].filter((n) => n.startsWith(value));
  }

  @Prompt({ description: 'Welcomes someone' })
  @UseGuards(notMallory)
  welcome(@Arg('who') who: string): string {
    if (who === 'nobody') throw nobody();
    return `welcome ${who}`;
  }
}

const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const refused = (subject: string) => `Not allowed: a guard refused ${subject}`;
const invalid = (subject: string, ...lines: string[]) => [`Invalid arguments for ${subject}:`, ...lines].join('\n');
const USER_MESSAGE = 'No one is called "nobody"; try a real name.';

describe.each(ERAS)('one error model for every kind (%s era)', (era) => {
  const logged: string[] = [];
  const logger = { warn: () => undefined, error: (message: string) => void logged.push(message) };
  const connect = async () => {
    const client = await createTestClient([Kinds], { era, appOptions: { logger } });
    clients.push(client);
    return client;
  };

  it('tool: a refusal, a UserError and invalid input are isError results with the table messages', async () => {
    const client = await connect();
    const failure = async (args: Record<string, unknown>) => {
      const result = await client.callTool('greet', args);
      expect(result.isError).toBe(true);
      return result.text;
    };
    expect(await failure({ who: 'mallory' })).toBe(refused('tool "greet"'));
    expect(await failure({ who: 'nobody' })).toBe(USER_MESSAGE);
    expect(await failure({})).toBe(invalid('tool "greet"', 'who is required'));
  });

  it('resource: a refusal is -32600 and a UserError -32603, with the same messages', async () => {
    const client = await connect();
    await expect(client.readResource('kinds://closed')).rejects.toMatchObject({
      code: -32600,
      message: refused('resource "kinds://closed"'),
    });
    await expect(client.readResource('kinds://missing')).rejects.toMatchObject({ code: -32603, message: USER_MESSAGE });
  });

  it('template: a refusal, a UserError and invalid variables are -32600, -32603 and -32602', async () => {
    const client = await connect();
    expect((await client.readResource('kinds://people/ada?age=36')).text).toBe('ada (36)');
    await expect(client.readResource('kinds://people/mallory?age=1')).rejects.toMatchObject({
      code: -32600,
      message: refused('resource "kinds://people/mallory?age=1"'),
    });
    await expect(client.readResource('kinds://people/nobody')).rejects.toMatchObject({
      code: -32603,
      message: USER_MESSAGE,
    });
    await expect(client.readResource('kinds://people/ada?age=old')).rejects.toMatchObject({
      code: -32602,
      message: invalid('resource "kinds://people/ada?age=old"', 'age must be a number'),
      data: { issues: [{ path: 'age', message: 'age must be a number' }] },
    });
  });

  it('prompt: a refusal, a UserError and invalid arguments are -32600, -32603 and -32602', async () => {
    const client = await connect();
    await expect(client.getPrompt('welcome', { who: 'mallory' })).rejects.toMatchObject({
      code: -32600,
      message: refused('prompt "welcome"'),
    });
    await expect(client.getPrompt('welcome', { who: 'nobody' })).rejects.toMatchObject({
      code: -32603,
      message: USER_MESSAGE,
    });
    await expect(client.getPrompt('welcome', {})).rejects.toMatchObject({
      code: -32602,
      message: invalid('prompt "welcome"', 'who is required'),
      data: { issues: [{ path: 'who', message: 'who is required' }] },
    });
  });

  it('completion: the same table — a UserError -32603 with its message, anything else masked', async () => {
    const client = await connect();
    expect((await client.complete({ prompt: 'welcome' }, { name: 'who', value: 'a' })).values).toEqual(['ada']);
    await expect(client.complete({ prompt: 'welcome' }, { name: 'who', value: 'nobody' })).rejects.toMatchObject({
      code: -32603,
      message: USER_MESSAGE,
    });
    await expect(client.complete({ prompt: 'welcome' }, { name: 'who', value: '!' })).rejects.toMatchObject({
      code: -32603,
      message: 'Internal error',
    });
    expect(logged).toContain('[decorum] completion of "who" for welcome failed');
  });

  it('checks input before guards: a malformed call to a guarded primitive is told what to correct', async () => {
    const client = await connect();
    const result = await client.callTool('greet', { who: 'mallory', whom: 'x' });
    expect(result.text).toBe(invalid('tool "greet"', 'unknown argument "whom" (expected one of: who)'));
    await expect(client.readResource('kinds://people/mallory?age=old')).rejects.toMatchObject({ code: -32602 });
  });

  it('names each bad field once in what the live server answers', async () => {
    const client = await connect();
    const result = await client.callTool('search', { querry: 'weather', limit: 5 });
    expect(result).toMatchObject({ isError: true });
    // Before: 'querry unknown field "querry" (expected one of: query, limit)' (the path printed twice).
    expect(result.text).toBe(
      invalid('tool "search"', 'unknown field "querry" (expected one of: query, limit)', 'query is required'),
    );
  });

  it("words class-validator's clumsy array messages plainly", async () => {
    const client = await connect();
    expect((await client.callTool('tag', { tags: [] })).text).toBe(
      invalid('tool "tag"', 'tags must contain at least 1 element'),
    );
    expect((await client.callTool('tag', { tags: ['a', 'a'] })).text).toBe(
      invalid('tool "tag"', 'tags must not contain the same value twice'),
    );
  });

  it('suggests the closest name for an unknown tool, prompt or resource', async () => {
    const client = await connect();
    await expect(client.callTool('greeet')).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown tool: greeet. Did you mean "greet"?',
    });
    await expect(client.getPrompt('welcom')).rejects.toMatchObject({
      message: 'Unknown prompt: welcom. Did you mean "welcome"?',
    });
    await expect(client.readResource('kinds://closd')).rejects.toMatchObject({
      message: 'Resource not found: kinds://closd. Did you mean "kinds://closed"?',
    });
    await expect(client.callTool('completely_else')).rejects.toMatchObject({
      message: 'Unknown tool: completely_else',
    });
  });
});
