// The scenarios that exercise the protocol itself: list and call every tool (arguments made from each schema),
// read every resource, get every prompt, answering whatever the server asks.
import { type ClientHandlers, connectHttp, type McpClient } from '@decorum/protocol/client';
import type { Run } from './context.js';

type Schema = {
  type?: unknown;
  properties?: Record<string, Schema>;
  default?: unknown;
  enum?: unknown[];
  description?: unknown;
};

/** Answers to the server's questions: accept elicitations, a canned sampling reply, no roots. */
export const handlers: ClientHandlers = {
  elicitation: () => ({ action: 'accept', content: { confirmed: true } }),
  sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'conformance' }, model: 'conformance' }),
  roots: () => [],
};

// Strings whose property names ask for a kind of value (the header-encoding scenarios mirror them into headers).
const SAMPLES: [RegExp, string][] = [
  [/non_?ascii/i, 'Ñandú 東京'],
  [/leading/i, '  leading'],
  [/trailing/i, 'trailing  '],
  [/internal/i, 'internal  space'],
  [/whitespace/i, ' padded '],
  [/crlf/i, 'line\r\nbreak'],
  [/control/i, 'bell\u0007char'],
  [/tab/i, 'tab\there'],
  [/empty/i, ''],
];

/** A value for a schema: its default, its first enum value, else one of its type; null where it says so. */
function valueFor(key: string, schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (typeof schema.description === 'string' && /will be null/i.test(schema.description)) return null;
  switch (schema.type) {
    case 'integer':
      return 42;
    case 'number':
      return 2.5;
    case 'boolean':
      return true;
    case 'object':
      return argumentsFor(schema);
    case 'array':
      return [];
    default:
      return SAMPLES.find(([pattern]) => pattern.test(key))?.[1] ?? `${key} value`;
  }
}

/** Arguments for a tool: one value per declared property. */
export function argumentsFor(schema: Schema | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema?.properties ?? {})) args[key] = valueFor(key, property);
  return args;
}

/** Connects with the run's revision (and any extra options). */
export function connect(run: Run, options: Parameters<typeof connectHttp>[1] = {}): Promise<McpClient> {
  return connectHttp(run.serverUrl, { protocolVersion: run.protocolVersion, handlers, listen: false, ...options });
}

/** Everything the server offers, used once. */
export async function exercise(run: Run): Promise<void> {
  const client = await connect(run);
  try {
    const capabilities = client.serverCapabilities;
    for (const tool of await client.listTools()) {
      await client.callTool(tool.name, argumentsFor(tool.inputSchema as Schema));
    }
    if (capabilities.resources) {
      for (const resource of await client.listResources()) await client.readResource(resource.uri);
    }
    if (capabilities.prompts) {
      for (const prompt of await client.listPrompts()) {
        const args = Object.fromEntries((prompt.arguments ?? []).map((a) => [a.name, `${a.name} value`]));
        await client.getPrompt(prompt.name, args);
      }
    }
  } finally {
    await client.close();
  }
}

/** Lists the tools and stops (json-schema-ref-no-deref: a $ref URI must never be fetched). */
export async function listOnly(run: Run): Promise<void> {
  const client = await connect(run);
  await client.listTools();
  await client.close();
}

/** Calls the first tool with { a: 2, b: 3 } (initialize, tools_call). */
export async function basic(run: Run): Promise<void> {
  const client = await connect(run);
  const [tool] = await client.listTools();
  if (tool !== undefined) await client.callTool(tool.name, { a: 2, b: 3 });
  await client.close();
}

/** Echoes the focal tool's input schema back unchanged (json-schema-2020-12-preservation). */
export async function echoSchema(run: Run): Promise<void> {
  const client = await connect(run);
  const focal = (await client.listTools()).find((t) => t.name === 'json_schema_2020_12_tool');
  if (focal === undefined) throw new Error('json_schema_2020_12_tool is not listed');
  await client.callTool('json_schema_echo', { schema: focal.inputSchema });
  await client.close();
}

/** Accepts an elicitation with no content: the client fills the defaults (SEP-1034). */
export async function elicitationDefaults(run: Run): Promise<void> {
  const client = await connect(run, { handlers: { elicitation: () => ({ action: 'accept', content: {} }) } });
  await client.callTool('test_client_elicitation_defaults', {});
  await client.close();
}
