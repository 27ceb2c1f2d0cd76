// The same tool written as a DTO, a zod 4 schema, a valibot schema, an arktype type and a JSON Schema (issue 40):
// identical tools/list entries and identical answers over a shared input table, in both eras, over stdio and
// Streamable HTTP, with the official v1 SDK (legacy era) and the v2 client (legacy and 2026-07-28).
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { createSchemaKindsApp, KINDS } from '../../packages/core/test/fixtures/schema-kinds-app.js';
import { pinVersion } from '../../packages/protocol/test/support/sdk-client.js';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';

interface ToolEntry {
  name: string;
  inputSchema: Record<string, unknown>;
  description?: string;
}
interface CallAnswer {
  isError?: boolean;
  content: { type: string; text?: string }[];
}
/** What a test needs of a connected client, whichever SDK it is. */
interface Calls {
  listTools(): Promise<ToolEntry[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<CallAnswer>;
  close(): Promise<void>;
}

/** The shared table: valid input and the answer, or invalid input and the fields the answer must name. */
const TABLE: { args: Record<string, unknown>; text?: string; fields?: string[] }[] = [
  { args: { city: 'Oslo' }, text: 'Oslo: sunny for 1 day(s)' },
  { args: { city: 'Lima', days: 3 }, text: 'Lima: sunny for 3 day(s)' },
  { args: { city: '', days: 9 }, fields: ['city', 'days'] },
  { args: { city: 3 }, fields: ['city'] },
  { args: {}, fields: ['city'] },
  { args: { city: 'Rome', extra: true }, fields: ['extra'] },
  { args: { city: 'Rome', days: 1.5 }, fields: ['days'] },
];

/** The entry of one kind, its name and `$schema` (the dialect marker) aside: what must be the same for all five. */
function comparable(tool: ToolEntry): unknown {
  const { $schema: _dialect, ...schema } = tool.inputSchema;
  return { description: tool.description, inputSchema: schema };
}

/** The fields an `isError` answer names, each once, in a line of its own ("city …" or "city: …"). */
function namedFields(answer: CallAnswer): string[] {
  const [heading, ...lines] = answer.content
    .map((c) => c.text ?? '')
    .join('\n')
    .split('\n');
  expect(heading).toMatch(/^Invalid arguments for tool "forecast_[a-z]+":$/);
  return lines.map((line) => /^(?:unknown field ")?([a-z]+)/.exec(line)?.[1] ?? line);
}

function v1(connect: () => V1Stdio | V1Http): () => Promise<Calls> {
  return async () => {
    const client = new V1Client({ name: 'schema-kinds-v1', version: '1.0.0' });
    await client.connect(connect());
    return {
      listTools: async () => (await client.listTools()).tools as ToolEntry[],
      callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as CallAnswer,
      close: () => client.close(),
    };
  };
}

function v2(connect: () => V2Stdio | V2Http, modern: boolean): () => Promise<Calls> {
  return async () => {
    const versionNegotiation = modern ? ({ mode: { pin: '2026-07-28' } } as const) : undefined;
    const client = new V2Client(
      { name: 'schema-kinds-v2', version: '1.0.0' },
      { capabilities: {}, versionNegotiation },
    );
    await client.connect(connect());
    return {
      listTools: async () => (await client.listTools(undefined, { cacheMode: 'bypass' })).tools as ToolEntry[],
      callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as CallAnswer,
      close: () => client.close(),
    };
  };
}

function suite(label: string, open: () => Promise<Calls>, dialect: string) {
  describe(`one tool five ways, ${label}`, () => {
    let calls: Calls;
    beforeAll(async () => {
      calls = await open();
    });
    afterAll(() => calls.close());

    it('lists the same entry for every kind, in the dialect of the revision', async () => {
      const tools = await calls.listTools();
      const byKind = KINDS.map((kind) => tools.find((t) => t.name === `forecast_${kind}`) as ToolEntry);
      for (const tool of byKind) expect(tool.inputSchema.$schema, tool.name).toBe(dialect);
      const [first, ...rest] = byKind.map(comparable);
      for (const [i, other] of rest.entries()) expect(other, KINDS[i + 1]).toEqual(first);
      expect(first).toMatchObject({ inputSchema: { required: ['city'], additionalProperties: false } });
    });

    it('answers the shared input table the same way for every kind', async () => {
      for (const row of TABLE) {
        for (const kind of KINDS) {
          const answer = await calls.callTool(`forecast_${kind}`, row.args);
          const what = `${kind} ${JSON.stringify(row.args)}`;
          if (row.text !== undefined) {
            expect({ isError: answer.isError, content: answer.content }, what).toEqual({
              isError: undefined,
              content: [{ type: 'text', text: row.text }],
            });
          } else {
            expect(answer.isError, what).toBe(true);
            expect(namedFields(answer), `${what}: ${answer.content[0]?.text}`).toEqual(row.fields);
            expect(answer.content[0]?.text, what).not.toMatch(/\n\s+at |Error:/);
          }
        }
      }
    });
  });
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
const stdio = () => tsCommand('packages/core/test/fixtures/schema-kinds-stdio.ts');

let app: McpApp;
let url: URL;
beforeAll(async () => {
  app = createSchemaKindsApp();
  url = (await app.listen({ http: { port: 0 } })).url as URL;
});
afterAll(() => app.close());

suite(
  'v1 SDK over stdio',
  v1(() => new V1Stdio({ ...stdio(), cwd: REPO_ROOT })),
  DRAFT_2020,
);
suite(
  'v1 SDK over HTTP',
  v1(() => new V1Http(url)),
  DRAFT_2020,
);
// A client of 2025-06-18 reads draft-07: every kind is shaped for it.
const record = () => ({ logs: [], updated: [], toolsChanged: 0, received: [], sentMethods: new Map() });
suite(
  'v1 SDK at 2025-06-18 over HTTP',
  v1(() => pinVersion(new V1Http(url), '2025-06-18', record()) as V1Http),
  DRAFT_07,
);
suite(
  'v2 client, legacy era, over HTTP',
  v2(() => new V2Http(url), false),
  DRAFT_2020,
);
suite(
  'v2 client, 2026-07-28, over HTTP',
  v2(() => new V2Http(url), true),
  DRAFT_2020,
);
suite(
  'v2 client, 2026-07-28, over stdio',
  v2(() => new V2Stdio({ ...stdio(), cwd: REPO_ROOT }), true),
  DRAFT_2020,
);
