// Prompts, templates and structured output described by Standard Schemas and JSON Schemas, and the startup errors of
// schemas that cannot serve (issue 40). The five-ways tool over real transports is in test/core/schema-kinds.test.ts.
import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpApp, Prompt, ResourceTemplate, SchemaSourceError, Tool } from '../../src/index.js';

async function connect(app: McpApp) {
  const client = new Client({ name: 't', version: '1' });
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  await client.connect(c as unknown as SdkTransport);
  return client;
}

const app = (...providers: (new () => object)[]) => new McpApp({ name: 't', version: '1', providers });

describe('Standard Schema and JSON Schema sources', () => {
  it('takes prompt arguments from a schema: listed as prompt arguments, validated, handed to the method', async () => {
    class Prompts {
      @Prompt({ description: 'Plan a trip', input: z.object({ city: z.string().describe('Where to') }) })
      plan({ city }: { city: string }) {
        return `Plan a trip to ${city}`;
      }
    }
    const client = await connect(app(Prompts));
    expect((await client.listPrompts()).prompts[0]?.arguments).toEqual([
      { name: 'city', description: 'Where to', required: true },
    ]);
    const got = await client.getPrompt({ name: 'plan', arguments: { city: 'Kyoto' } });
    expect(got.messages[0]?.content).toEqual({ type: 'text', text: 'Plan a trip to Kyoto' });
    await expect(client.getPrompt({ name: 'plan', arguments: {} })).rejects.toThrow(/Invalid arguments.*\n?.*city/);
  });

  it("converts a template's variables by its schema's types, then validates them with it", async () => {
    const pageRef = type({ book: "'guide' | 'api'", page: '1 <= number.integer <= 500' });
    class Library {
      @ResourceTemplate('lib://{book}/{page}', { name: 'page', variables: pageRef })
      read({ book, page }: { book: string; page: number }) {
        return `${book} p.${page} (${typeof page})`;
      }
    }
    const client = await connect(app(Library));
    expect((await client.readResource({ uri: 'lib://api/12' })).contents[0]).toMatchObject({
      text: 'api p.12 (number)',
    });
    await expect(client.readResource({ uri: 'lib://api/900' })).rejects.toThrow(/page must be at most 500/);
  });

  it('lists and checks a structured result against a zod or JSON Schema output', async () => {
    const weather = z.strictObject({ temperature: z.number(), summary: z.string() });
    const json = {
      type: 'object',
      properties: { temperature: { type: 'number' } },
      required: ['temperature'],
      additionalProperties: false,
    };
    class Weather {
      @Tool({ description: 'Now', output: weather })
      now() {
        return { temperature: 12, summary: 'clear' };
      }

      @Tool({ description: 'Broken', output: weather })
      broken() {
        return { temperature: 'warm', summary: 'clear' };
      }

      @Tool({ description: 'Json', output: json })
      json() {
        return { temperature: 3 };
      }
    }
    const client = await connect(app(Weather));
    const tools = (await client.listTools()).tools;
    expect(tools.find((t) => t.name === 'now')?.outputSchema).toMatchObject({ required: ['temperature', 'summary'] });
    expect(tools.find((t) => t.name === 'json')?.outputSchema).toMatchObject({ required: ['temperature'] });
    expect((await client.callTool({ name: 'now', arguments: {} })).structuredContent).toEqual({
      temperature: 12,
      summary: 'clear',
    });
    expect((await client.callTool({ name: 'json', arguments: {} })).structuredContent).toEqual({ temperature: 3 });
    // The server checks its own output (validateOutput, on outside production): a mismatch is its own failure, masked.
    const broken = await client.callTool({ name: 'broken', arguments: {} });
    expect(broken.isError).toBe(true);
    expect(JSON.stringify(broken.content)).not.toMatch(/temperature|\n\s+at /);
  });

  it('lists the input side of an input transform and hands the method its output', async () => {
    const input = z.strictObject({ tags: z.string().transform((text) => text.split(',')) });
    class Tags {
      @Tool({ description: 'Tags', input })
      count({ tags }: { tags: string[] }) {
        return `${tags.length} tags`;
      }
    }
    const client = await connect(app(Tags));
    expect((await client.listTools()).tools[0]?.inputSchema).toMatchObject({
      properties: { tags: { type: 'string' } },
    });
    expect(await client.callTool({ name: 'count', arguments: { tags: 'a,b,c' } })).toMatchObject({
      content: [{ type: 'text', text: '3 tags' }],
    });
  });

  it('fills JSON Schema defaults and reports each bad field once', async () => {
    const input = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { city: { type: 'string', minLength: 2 }, days: { type: 'integer', default: 1 } },
      required: ['city'],
      additionalProperties: false,
    };
    class Forecast {
      @Tool({ description: 'Forecast', input })
      forecast({ city, days }: { city: string; days: number }) {
        return `${city} ${days}`;
      }
    }
    const client = await connect(app(Forecast));
    expect(await client.callTool({ name: 'forecast', arguments: { city: 'Rome' } })).toMatchObject({
      content: [{ type: 'text', text: 'Rome 1' }],
    });
    expect(await client.callTool({ name: 'forecast', arguments: { city: 'R', days: 'x', more: 1 } })).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'Invalid arguments for tool "forecast":\nunknown field "more"\ncity must NOT have fewer than 2 characters\ndays must be integer',
        },
      ],
    });
  });

  it("names each bad field once, with the library's own message (zod, valibot, arktype with .describe())", async () => {
    const zodInput = z.strictObject({
      city: z.string().min(1).describe('City name'),
      home: z.strictObject({ zip: z.string() }).optional(),
    });
    const valibotInput = toStandardJsonSchema(
      v.strictObject({
        city: v.pipe(v.string(), v.minLength(1), v.description('City name')),
        home: v.optional(v.strictObject({ zip: v.string() })),
      }),
    );
    const arktypeInput = type({
      '+': 'reject',
      city: type('string > 0').describe('City name'),
      'home?': type({ '+': 'reject', zip: type('string').describe('A postal code') }),
    });
    class Kinds {
      @Tool({ description: 'zod', input: zodInput })
      zod() {
        return 'ok';
      }
      @Tool({ description: 'valibot', input: valibotInput })
      valibot() {
        return 'ok';
      }
      @Tool({ description: 'arktype', input: arktypeInput })
      arktype() {
        return 'ok';
      }
    }
    const client = await connect(app(Kinds));
    const text = async (name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]?.text;
    const bad = { city: '', home: { zip: 3 } };
    expect(await text('zod', bad)).toBe(
      'Invalid arguments for tool "zod":\ncity: Too small: expected string to have >=1 characters\nhome.zip: Invalid input: expected string, received number',
    );
    expect(await text('valibot', bad)).toBe(
      'Invalid arguments for tool "valibot":\ncity: Invalid length: Expected >=1 but received 0\nhome.zip: Invalid type: Expected string but received 3',
    );
    // The description is for tools/list; the message says what is wrong ("city must be City name" did not).
    expect(await text('arktype', bad)).toBe(
      'Invalid arguments for tool "arktype":\ncity must be non-empty\nhome.zip must be a string (was a number)',
    );
    expect(await text('arktype', { city: 3 })).toBe(
      'Invalid arguments for tool "arktype":\ncity must be a string (was a number)',
    );
  });
});

describe('schemas that cannot serve are startup errors', () => {
  const startupError = (make: () => unknown) => {
    try {
      make();
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaSourceError);
      return (error as Error).message;
    }
    throw new Error('no startup error');
  };

  it('names the field a library cannot express as JSON Schema, and the fix', () => {
    class Custom {
      @Tool({ description: 'x', input: z.object({ when: z.custom<Date>(() => true), city: z.string() }) })
      run() {
        return '';
      }
    }
    expect(startupError(() => app(Custom))).toMatch(
      /^Custom\.run input, field "when": zod cannot express it as JSON Schema .*convert inside the method/,
    );
  });

  it('refuses a transform in an output schema', () => {
    class Transformed {
      @Tool({ description: 'x', output: z.object({ size: z.string().transform((s) => s.length) }) })
      run() {
        return { size: 'abc' };
      }
    }
    expect(startupError(() => app(Transformed))).toMatch(
      /Transformed\.run output, field "size": zod cannot express it/,
    );
  });

  it('refuses a schema that is not an object schema, and a valibot schema without its converter', () => {
    class NotObject {
      @Tool({ description: 'x', input: z.string() })
      run() {
        return '';
      }
    }
    expect(startupError(() => app(NotObject))).toMatch(/describes "string", not an object/);
    class Bare {
      @Tool({ description: 'x', input: v.object({ city: v.string() }) })
      run() {
        return '';
      }
    }
    expect(startupError(() => app(Bare))).toMatch(/toStandardJsonSchema\(\) from @valibot\/to-json-schema/);
    expect(toStandardJsonSchema(v.object({ city: v.string() }))).toBeDefined();
  });

  it('refuses a JSON Schema keyword draft-07 clients cannot read, and one Ajv cannot compile when serving starts', async () => {
    class Tuple {
      @Tool({
        description: 'x',
        input: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } },
        },
      })
      run() {
        return '';
      }
    }
    expect(startupError(() => app(Tuple))).toMatch(
      /uses "prefixItems", which clients of protocol revisions before 2025-11-25/,
    );
    class Broken {
      @Tool({ description: 'x', input: { type: 'object', properties: { n: { type: 'integer', minimum: 'one' } } } })
      run() {
        return '';
      }
    }
    const [, server] = createLinkedTransports();
    await expect(app(Broken).connect(server)).rejects.toThrow(/Broken\.run input: Ajv cannot compile the JSON Schema/);
  });
});
