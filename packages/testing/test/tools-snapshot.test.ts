// toolsSnapshot: one stable string per set of tools, whatever the era, declaration order or key order.
import 'reflect-metadata';
import { Arg, Field, Tool } from '@decorum/core';
import type { ToolDefinition } from '@decorum/protocol';
import { IsIn, IsString } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { createTestClient, ERAS, renderToolsSnapshot } from '../src/index.js';

class Greeting {
  @Field({ description: 'Who to greet' }) @IsString() name!: string;
  @Field({ description: 'How' }) @IsIn(['warm', 'dry']) tone!: 'warm' | 'dry';
}

class Greeter {
  @Tool({ description: 'Greets someone', input: Greeting, annotations: { readOnlyHint: true } })
  greet(): string {
    return 'hi';
  }

  @Tool({ description: 'Says goodbye' })
  bye(@Arg('name') name: string): string {
    return `bye ${name}`;
  }
}

// The same tools, declared in the other order and with the DTO's fields swapped.
class Greeting2 {
  @Field({ description: 'How' }) @IsIn(['warm', 'dry']) tone!: 'warm' | 'dry';
  @Field({ description: 'Who to greet' }) @IsString() name!: string;
}

class GreeterReordered {
  @Tool({ description: 'Says goodbye' })
  bye(@Arg('name') name: string): string {
    return `bye ${name}`;
  }

  @Tool({ annotations: { readOnlyHint: true }, input: Greeting2, description: 'Greets someone' })
  greet(): string {
    return 'hi';
  }
}

describe('toolsSnapshot', () => {
  it('renders tools sorted by name, name first, keys sorted', async () => {
    const client = await createTestClient([Greeter]);
    expect(await client.toolsSnapshot()).toMatchInlineSnapshot(`
      "[
        {
          "name": "bye",
          "description": "Says goodbye",
          "inputSchema": {
            "additionalProperties": false,
            "properties": {
              "name": {
                "type": "string"
              }
            },
            "required": ["name"],
            "type": "object"
          }
        },
        {
          "name": "greet",
          "annotations": {
            "readOnlyHint": true
          },
          "description": "Greets someone",
          "inputSchema": {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "additionalProperties": false,
            "properties": {
              "name": {
                "description": "Who to greet",
                "type": "string"
              },
              "tone": {
                "description": "How",
                "enum": ["warm", "dry"],
                "type": "string"
              }
            },
            "required": ["name", "tone"],
            "type": "object"
          }
        }
      ]"
    `);
    await client.close();
  });

  it.each(ERAS)('is the same in the %s era and whatever the declaration order', async (era) => {
    const a = await createTestClient([Greeter], { era });
    const b = await createTestClient([GreeterReordered], { era });
    const legacy = await createTestClient([Greeter]);
    expect(await a.toolsSnapshot()).toBe(await b.toolsSnapshot());
    expect(await a.toolsSnapshot()).toBe(await legacy.toolsSnapshot());
    await Promise.all([a.close(), b.close(), legacy.close()]);
  });

  it('shows schema drift, and only drift', () => {
    const tool: ToolDefinition = {
      name: 't',
      inputSchema: {
        type: 'object',
        required: ['b', 'a'],
        properties: { b: { type: 'string' }, a: { type: 'number' } },
      },
    };
    const shuffled: ToolDefinition = {
      inputSchema: {
        properties: { a: { type: 'number' }, b: { type: 'string' } },
        required: ['a', 'b'],
        type: 'object',
      },
      name: 't',
    };
    expect(renderToolsSnapshot([tool])).toBe(renderToolsSnapshot([shuffled]));
    const drifted = { ...tool, inputSchema: { ...tool.inputSchema, required: ['a'] } };
    expect(renderToolsSnapshot([drifted])).not.toBe(renderToolsSnapshot([tool]));
    expect(JSON.parse(renderToolsSnapshot([tool]))).toEqual([{ name: 't', inputSchema: shuffled.inputSchema }]);
  });
});
