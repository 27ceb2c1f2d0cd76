// Runs the code of docs/schemas.md ("one tool, five ways") and of docs/migrating-from-the-sdk.md (an official SDK
// server with registerTool and zod, and the decorated class it becomes), asserting what those pages claim.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { createLinkedTransports } from '../../packages/protocol/src/index.js';

// Loaded by path: the examples belong to the `docs` TypeScript project (see examples.test.ts).
const load = async <T>(name: string) => (await import(`../../docs/examples/${name}.ts`)) as T;

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function connectApp(app: McpApp): Promise<Client> {
  const client = new Client({ name: 'docs-test', version: '1.0.0' });
  const [clientSide, serverSide] = createLinkedTransports();
  await app.connect(serverSide);
  await client.connect(clientSide as unknown as SdkTransport);
  closers.push(
    () => app.close(),
    () => client.close(),
  );
  return client;
}

async function connectSdk(server: McpServer): Promise<Client> {
  const client = new Client({ name: 'docs-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  closers.push(
    () => server.close(),
    () => client.close(),
  );
  return client;
}

type Answer = { isError?: boolean; content: { type: string; text?: string }[] };
const text = (answer: unknown) => (answer as Answer).content.map((c) => c.text).join('\n');

describe('docs/examples/schema-kinds.ts', () => {
  it('lists the same input schema for the tool written five ways, and answers alike', async () => {
    const client = await connectApp((await load<{ createApp(): McpApp }>('schema-kinds')).createApp());
    const { tools } = await client.listTools();
    const schemas = tools.map(({ inputSchema: { $schema: _dialect, ...schema } }) => schema);
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['forecast_arktype', 'forecast_dto', 'forecast_json', 'forecast_valibot', 'forecast_zod'].sort(),
    );
    for (const schema of schemas.slice(1)) expect(schema).toEqual(schemas[0]);
    expect(schemas[0]).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 7 },
      },
      required: ['city'],
      additionalProperties: false,
    });
    for (const tool of tools) {
      expect(text(await client.callTool({ name: tool.name, arguments: { city: 'Oslo', days: 2 } }))).toBe(
        'Oslo: sunny for 2 day(s)',
      );
      const bad = (await client.callTool({ name: tool.name, arguments: { city: 'Oslo', days: 9 } })) as Answer;
      expect(bad.isError, tool.name).toBe(true);
      expect(text(bad).split('\n').slice(1), tool.name).toEqual([expect.stringMatching(/^days\b/)]);
    }
  });
});

describe('docs/examples/migrate-before.ts → migrate-after.ts', () => {
  it('serves the same tool before and after the migration', async () => {
    const before = await connectSdk((await load<{ createSdkServer(): McpServer }>('migrate-before')).createSdkServer());
    const after = await connectApp((await load<{ createApp(): McpApp }>('migrate-after')).createApp());
    const [sdkTool] = (await before.listTools()).tools;
    const [ourTool] = (await after.listTools()).tools;
    const { $schema: _a, ...sdkSchema } = sdkTool?.inputSchema ?? {};
    const { $schema: _b, ...ourSchema } = ourTool?.inputSchema ?? {};
    expect({ ...ourTool, inputSchema: ourSchema }).toEqual({
      ...sdkTool,
      inputSchema: sdkSchema,
      execution: undefined,
    });
    for (const args of [{ city: 'Oslo' }, { city: 'Lima', days: 3 }]) {
      const expected = await before.callTool({ name: 'forecast', arguments: args });
      expect(await after.callTool({ name: 'forecast', arguments: args })).toEqual(expected);
    }
    // Refused by both, each its own way (the SDK's message, Decorum's "Invalid arguments" naming the field).
    for (const [args, field] of [
      [{ city: '' }, 'city'],
      [{ days: 2 }, 'city'],
      [{ city: 'Oslo', days: 0 }, 'days'],
    ] as const) {
      const [sdk, ours] = [
        (await before.callTool({ name: 'forecast', arguments: args })) as Answer,
        (await after.callTool({ name: 'forecast', arguments: args })) as Answer,
      ];
      expect([sdk.isError, ours.isError]).toEqual([true, true]);
      expect(text(ours).split('\n')).toEqual([
        'Invalid arguments for tool "forecast":',
        expect.stringMatching(`^${field}: `),
      ]);
    }
  });
});
