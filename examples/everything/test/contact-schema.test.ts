// json_schema_2020_12_tool written with zod 4 (the example's, src/contact-input.ts) and as a plain JSON Schema object
// (test/fixtures/contact-json-schema.ts), served side by side: the same listing, up to each form's dialect details,
// and the same answers for a table of valid and invalid inputs, in both eras, with the official v1 and v2 clients.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinVersion } from '../../../packages/protocol/test/support/sdk-client.js';
import { JsonSchemaTools } from '../src/content-tools.js';
import { JsonSchemaObjectTools } from './fixtures/contact-json-schema.js';

interface ToolEntry {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}
interface CallAnswer {
  isError?: boolean;
  content: { type: string; text?: string }[];
}
interface Calls {
  listTools(): Promise<ToolEntry[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<CallAnswer>;
  close(): Promise<void>;
}

const ZOD = 'json_schema_2020_12_tool';
const JSON_OBJECT = 'json_schema_2020_12_tool_json';

/** Valid input and the answer's echo, or invalid input and the fields the answer must name (in this order). */
const TABLE: { args: Record<string, unknown>; fields?: string[] }[] = [
  { args: { name: 'Ada', contactMethod: 'email', email: 'ada@example.com' } },
  { args: { contactMethod: 'phone', phone: '+44 20 7946 0000' } },
  { args: { email: 'ada@example.com' } },
  { args: { phone: '1', email: 'a@b.c', address: { street: '1 Main St', city: 'Oslo' } } },
  { args: { contactMethod: 'phone', phone: '1', email: 'a@b.c', address: {} } },
  { args: {}, fields: ['phone', 'email'] },
  { args: { name: 'Ada' }, fields: ['phone', 'email'] },
  { args: { contactMethod: 'phone', email: 'a@b.c' }, fields: ['phone'] },
  { args: { contactMethod: 'email', phone: '1' }, fields: ['email'] },
  { args: { phone: '1' }, fields: ['email'] },
  { args: { email: 'a@b.c', fax: '2' }, fields: ['fax'] },
  { args: { fax: '2' }, fields: ['email', 'fax', 'phone'] },
  { args: { name: 7, contactMethod: 'phone' }, fields: ['email', 'name', 'phone'] },
  { args: { contactMethod: 'phone', email: 7 }, fields: ['email', 'phone'] },
  { args: { phone: 3 }, fields: ['email', 'phone'] },
  { args: { email: 'a@b.c', contactMethod: 'pigeon' }, fields: ['contactMethod'] },
  { args: { email: 'a@b.c', name: 7 }, fields: ['name'] },
  { args: { email: 'a@b.c', address: { city: 3 } }, fields: ['address.city'] },
  { args: { email: 'a@b.c', address: 'Oslo' }, fields: ['address'] },
];

/**
 * The fields an `isError` answer names, sorted. Ajv adds a line for the composite keyword that failed at the root
 * ("arguments must match a schema in anyOf", "… "then" schema") beside the fields it names; zod's rules name the
 * fields only. Those root lines are the one difference in the answers, so they are left out here.
 */
function namedFields(answer: CallAnswer, tool: string): string[] {
  const [heading, ...lines] = answer.content
    .map((c) => c.text ?? '')
    .join('\n')
    .split('\n');
  expect(heading).toBe(`Invalid arguments for tool "${tool}":`);
  return lines
    .filter((line) => !line.startsWith('arguments must match'))
    .map((line) => /^(?:unknown field ")?([a-zA-Z.]+)/.exec(line)?.[1] ?? line)
    .sort();
}

/** The echoed arguments of a valid call: zod's output has its shape's key order, Ajv's the input's. */
function echoed(answer: CallAnswer): unknown {
  expect(answer.isError).toBeUndefined();
  const text = answer.content.map((c) => c.text ?? '').join('');
  const prefix = 'JSON Schema 2020-12 tool called with: ';
  expect(text.startsWith(prefix), text).toBe(true);
  return JSON.parse(text.slice(prefix.length));
}

/**
 * The draft-07 listing of the zod form in the words of the JSON Schema form. zod's draft-07 converter wraps a `$ref`
 * that sits beside nothing in `allOf` (draft-07 ignores a `$ref`'s siblings, so it wraps every one) and keeps
 * `$anchor` as written; Decorum's shaping of a plain JSON Schema says the anchor as draft-07 does (`$id: "#name"`).
 * Both are the same schema to a draft-07 validator.
 */
function inDraft07Words(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inDraft07Words);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const only = entries.length === 1 && entries[0]?.[0] === 'allOf' ? (entries[0][1] as unknown[]) : undefined;
  const ref = only?.length === 1 ? (only[0] as { $ref?: unknown }) : undefined;
  if (ref !== undefined && Object.keys(ref).length === 1 && typeof ref.$ref === 'string') return { $ref: ref.$ref };
  return Object.fromEntries(
    entries.map(([key, item]) => (key === '$anchor' ? ['$id', `#${String(item)}`] : [key, inDraft07Words(item)])),
  );
}

function v1(connect: () => V1Http): () => Promise<Calls> {
  return async () => {
    const client = new V1Client({ name: 'contact-schema-v1', version: '1.0.0' });
    await client.connect(connect());
    return {
      listTools: async () => (await client.listTools()).tools as ToolEntry[],
      callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as CallAnswer,
      close: () => client.close(),
    };
  };
}

function v2(connect: () => V2Http): () => Promise<Calls> {
  return async () => {
    const versionNegotiation = { mode: { pin: '2026-07-28' } } as const;
    const client = new V2Client(
      { name: 'contact-schema-v2', version: '1.0.0' },
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

let app: McpApp;
let url: URL;
beforeAll(async () => {
  app = new McpApp({ name: 'contact-schema', version: '1.0.0', providers: [JsonSchemaTools, JsonSchemaObjectTools] });
  url = (await app.listen({ http: { port: 0 } })).url as URL;
});
afterAll(() => app.close());

function suite(label: string, open: () => Promise<Calls>, dialect: string) {
  describe(`json_schema_2020_12_tool, zod and JSON Schema, ${label}`, () => {
    let calls: Calls;
    beforeAll(async () => {
      calls = await open();
    });
    afterAll(() => calls.close());

    it('lists the same input schema for both forms', async () => {
      const tools = await calls.listTools();
      const zod = tools.find((t) => t.name === ZOD) as ToolEntry;
      const json = tools.find((t) => t.name === JSON_OBJECT) as ToolEntry;
      expect(zod.inputSchema.$schema).toBe(dialect);
      expect(json.inputSchema.$schema).toBe(dialect);
      expect(zod.description).toBe(json.description);
      const listed = dialect === DRAFT_07 ? inDraft07Words(zod.inputSchema) : zod.inputSchema;
      expect(listed).toEqual(json.inputSchema);
      if (dialect === DRAFT_2020) {
        // What the conformance scenario json-schema-2020-12 checks, stated here too.
        expect(zod.inputSchema).toMatchObject({
          $defs: { address: { $anchor: 'addressDef' } },
          properties: { address: { $ref: '#/$defs/address' } },
          allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
          if: { required: ['contactMethod'] },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional keyword, not a thenable
          then: { required: ['phone'] },
          else: { required: ['email'] },
          additionalProperties: false,
        });
      }
    });

    it('answers the table the same way in both forms', async () => {
      for (const row of TABLE) {
        const zod = await calls.callTool(ZOD, row.args);
        const json = await calls.callTool(JSON_OBJECT, row.args);
        const what = JSON.stringify(row.args);
        if (row.fields === undefined) {
          expect(echoed(zod), what).toEqual(row.args);
          expect(echoed(json), what).toEqual(row.args);
          continue;
        }
        expect([zod.isError, json.isError], what).toEqual([true, true]);
        expect(namedFields(zod, ZOD), `${what}: ${zod.content[0]?.text}`).toEqual([...row.fields].sort());
        expect(namedFields(json, JSON_OBJECT), `${what}: ${json.content[0]?.text}`).toEqual([...row.fields].sort());
        for (const answer of [zod, json]) expect(answer.content[0]?.text, what).not.toMatch(/\n\s+at |Error:/);
      }
    });
  });
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
const record = () => ({ logs: [], updated: [], toolsChanged: 0, received: [], sentMethods: new Map() });

suite(
  'v1 SDK over HTTP (2025-11-25)',
  v1(() => new V1Http(url)),
  DRAFT_2020,
);
// A client of 2025-06-18 reads draft-07: both forms are shaped for it.
suite(
  'v1 SDK at 2025-06-18 over HTTP',
  v1(() => pinVersion(new V1Http(url), '2025-06-18', record()) as V1Http),
  DRAFT_07,
);
suite(
  'v2 client, 2026-07-28, over HTTP',
  v2(() => new V2Http(url)),
  DRAFT_2020,
);
