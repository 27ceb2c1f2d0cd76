// `npm run smoke`: drives the everything server with the official MCP client, over stdio (a child
// process) and over Streamable HTTP (in this process), and fails on any wrong answer.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { PNG_BASE64, WAV_BASE64 } from './fixtures.js';
import { createEverythingApp } from './server.js';

const TOOLS = [
  'confirm_delete',
  'failing_job',
  'greet',
  'json_schema_2020_12_tool',
  'multi_input',
  'protocol_error_job',
  'slow_compute',
  'test_audio_content',
  'test_elicitation',
  'test_elicitation_sep1034_defaults',
  'test_elicitation_sep1330_enums',
  'test_embedded_resource',
  'test_error_handling',
  'test_image_content',
  'test_input_required_result_capabilities',
  'test_input_required_result_elicitation',
  'test_input_required_result_list_roots',
  'test_input_required_result_multi_round',
  'test_input_required_result_multiple_inputs',
  'test_input_required_result_request_state',
  'test_input_required_result_sampling',
  'test_input_required_result_tampered_state',
  'test_logging_tool',
  'test_missing_capability',
  'test_multiple_content_types',
  'test_reconnection',
  'test_sampling',
  'test_simple_text',
  'test_streaming_elicitation',
  'test_tool_with_logging',
  'test_tool_with_progress',
  'test_tool_with_task',
  'test_trigger_prompt_change',
  'test_trigger_tool_change',
  'test_x_mcp_header',
];

const PROMPTS = [
  'test_input_required_result_prompt',
  'test_prompt_with_arguments',
  'test_prompt_with_embedded_resource',
  'test_prompt_with_image',
  'test_simple_prompt',
];

/** A client that answers sampling, elicitation and roots requests the way the suite's client does. */
export function createSmokeClient(): { client: Client; logs: unknown[] } {
  const client = new Client(
    { name: 'everything-smoke', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: {}, roots: {} } },
  );
  const logs: unknown[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logs.push(notification.params.data);
  });
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    role: 'assistant',
    content: { type: 'text', text: 'Paris' },
    model: 'smoke-model',
    stopReason: 'endTurn',
  }));
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const properties = Object.keys(
      (request.params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {},
    );
    const content = Object.fromEntries(
      properties.map((name) => [name, name === 'ok' ? true : name === 'email' ? 'ada@example.com' : 'Ada']),
    );
    return { action: 'accept', content };
  });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///smoke', name: 'smoke' }] }));
  return { client, logs };
}

const textOf = (result: unknown): string => {
  const blocks = (result as { content: { type: string; text?: string }[] }).content;
  assert.equal(blocks[0]?.type, 'text');
  return blocks[0]?.text ?? '';
};

/** The text of a prompt's first message. */
const promptText = (result: { messages: { content: unknown }[] }): string =>
  (result.messages[0]?.content as { text?: string } | undefined)?.text ?? '';

/** Every check of the smoke test, against a connected client (`logs` collects its log messages). */
export async function checkEverything(client: Client, logs: unknown[]): Promise<void> {
  const tools = (await client.listTools()).tools;
  assert.deepEqual(
    tools.map((t) => t.name),
    TOOLS,
  );
  const contact = tools.find((t) => t.name === 'json_schema_2020_12_tool')?.inputSchema as Record<string, unknown>;
  assert.equal(contact.$schema, 'https://json-schema.org/draft/2020-12/schema');
  for (const keyword of ['$defs', 'allOf', 'if', 'then', 'else'])
    assert.ok(keyword in contact, `inputSchema.${keyword}`);
  assert.equal(contact.additionalProperties, false);
  // The tool's input is a zod schema (contact-input.ts): its `.meta()` keys and its registered `$defs` entry listed.
  assert.equal((contact.$defs as { address?: { $anchor?: unknown } }).address?.$anchor, 'addressDef');
  const header = tools.find((t) => t.name === 'test_x_mcp_header')?.inputSchema as {
    properties: Record<string, Record<string, unknown>>;
  };
  assert.equal(header.properties.region?.['x-mcp-header'], 'Region');

  const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
  assert.equal(textOf(await call('test_simple_text')), 'This is a simple text response for testing.');
  assert.deepEqual((await call('test_image_content')).content, [
    { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
  ]);
  assert.deepEqual((await call('test_audio_content')).content, [
    { type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' },
  ]);
  assert.deepEqual((await call('test_embedded_resource')).content, [
    {
      type: 'resource',
      resource: {
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource content.',
      },
    },
  ]);
  const mixed = (await call('test_multiple_content_types')).content as { type: string }[];
  assert.deepEqual(
    mixed.map((block) => block.type),
    ['text', 'image', 'resource'],
  );
  const failed = await call('test_error_handling');
  assert.equal(failed.isError, true);
  assert.equal(textOf(failed), 'This tool intentionally returns an error for testing');

  await client.setLoggingLevel('debug');
  logs.length = 0;
  assert.equal(textOf(await call('test_tool_with_logging')), 'Tool with logging executed successfully');
  assert.deepEqual(logs, ['Tool execution started', 'Tool processing data', 'Tool execution completed']);

  // The progress notifications are read off the wire, in the order they came: the SDK client runs a notification's
  // handler a microtask later but a response at once, and drops the request's progress handler with it, so when a
  // busy client reads the last progress and the response in one chunk, `onprogress` never sees it (the server sent it
  // first, and a macrotask before the response).
  const progress: number[] = [];
  const transport = client.transport as Transport;
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message && message.method === 'notifications/progress')
      progress.push(Number(message.params?.progress));
    deliver?.(message, extra);
  };
  try {
    await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, { onprogress: () => {} });
  } finally {
    transport.onmessage = deliver;
  }
  assert.deepEqual(progress, [0, 50, 100]);

  assert.equal(textOf(await call('test_sampling', { prompt: 'Capital of France?' })), 'LLM response: Paris');
  assert.equal(
    textOf(await call('test_elicitation', { message: 'Who are you?' })),
    'User response: action=accept, content={"username":"Ada","email":"ada@example.com"}',
  );
  assert.match(textOf(await call('test_elicitation_sep1034_defaults')), /^Elicitation completed: action=accept/);
  assert.match(textOf(await call('test_elicitation_sep1330_enums')), /^Elicitation completed: action=accept/);
  assert.match(textOf(await call('test_reconnection')), /^Reconnection test completed successfully/);
  assert.equal(
    textOf(await call('json_schema_2020_12_tool', { name: 'Ada', contactMethod: 'email', email: 'ada@example.com' })),
    'JSON Schema 2020-12 tool called with: {"name":"Ada","contactMethod":"email","email":"ada@example.com"}',
  );
  // Checked against the schema's rules: a phone contact without a phone is refused, the field named.
  assert.match(
    textOf(await call('json_schema_2020_12_tool', { contactMethod: 'phone', email: 'a@b.c' })),
    /^phone is required/m,
  );
  assert.equal(textOf(await call('test_x_mcp_header', { region: 'eu' })), 'Region: eu');

  // The 2026-07-28 fixtures, as a legacy client sees them: real requests to the client.
  assert.equal(textOf(await call('test_missing_capability')), 'Success');
  assert.equal(textOf(await call('test_input_required_result_elicitation')), 'Hello, Ada!');
  assert.equal(textOf(await call('test_input_required_result_sampling')), 'Sampling result: Paris');
  assert.equal(textOf(await call('test_input_required_result_list_roots')), 'Found 1 root(s)');
  assert.equal(textOf(await call('test_input_required_result_request_state')), 'state-ok: requestState validated');
  assert.equal(
    textOf(await call('test_input_required_result_multiple_inputs')),
    'Name: Ada; Greeting: Paris; Roots: 1',
  );
  assert.equal(
    textOf(await call('test_input_required_result_multi_round')),
    'Multi-round complete for Ada who likes Ada',
  );
  assert.equal(
    textOf(await call('test_input_required_result_capabilities')),
    'capabilities-ok: received elicitation,sampling',
  );
  assert.equal(textOf(await call('test_trigger_tool_change')), 'Tool list change announced');

  const resources = (await client.listResources()).resources.map((r) => r.uri);
  assert.deepEqual(resources, [
    'test://static-text',
    'test://static-binary',
    'test://watched-resource',
    'skill://everything-tour/SKILL.md',
  ]);
  // The SEP-2640 scenarios: one skill, its manifest complete, each file matching its digest.
  const { skills } = (await client.request({ method: 'skills/list', params: {} } as never, ResultSchema)) as {
    skills: { uri: string; resources: { uri: string; digest: string; size: number }[] }[];
  };
  assert.deepEqual(
    skills.map((s) => s.uri),
    ['skill://everything-tour/SKILL.md'],
  );
  for (const file of skills[0]?.resources ?? []) {
    const [content] = (await client.readResource({ uri: file.uri })).contents as { text: string }[];
    const bytes = Buffer.from(content?.text ?? '', 'utf8');
    assert.equal(bytes.length, file.size);
    assert.equal(`sha256:${createHash('sha256').update(bytes).digest('hex')}`, file.digest);
  }
  assert.deepEqual((await client.readResource({ uri: 'test://static-text' })).contents, [
    { uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
  ]);
  assert.deepEqual((await client.readResource({ uri: 'test://static-binary' })).contents, [
    { uri: 'test://static-binary', mimeType: 'image/png', blob: PNG_BASE64 },
  ]);
  assert.deepEqual((await client.readResource({ uri: 'test://template/123/data' })).contents, [
    {
      uri: 'test://template/123/data',
      mimeType: 'application/json',
      text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}',
    },
  ]);
  const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
  assert.deepEqual(templates, ['test://template/{id}/data']);
  await client.subscribeResource({ uri: 'test://watched-resource' });
  await client.unsubscribeResource({ uri: 'test://watched-resource' });

  assert.deepEqual(
    (await client.listPrompts()).prompts.map((p) => p.name),
    PROMPTS,
  );
  const simple = await client.getPrompt({ name: 'test_simple_prompt' });
  assert.deepEqual(simple.messages, [
    { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
  ]);
  const withArgs = await client.getPrompt({
    name: 'test_prompt_with_arguments',
    arguments: { arg1: 'testValue1', arg2: 'testValue2' },
  });
  assert.equal(promptText(withArgs), "Prompt with arguments: arg1='testValue1', arg2='testValue2'");
  const embedded = await client.getPrompt({
    name: 'test_prompt_with_embedded_resource',
    arguments: { resourceUri: 'test://example-resource' },
  });
  assert.deepEqual(embedded.messages[0]?.content, {
    type: 'resource',
    resource: {
      uri: 'test://example-resource',
      mimeType: 'text/plain',
      text: 'Embedded resource content for testing.',
    },
  });
  const withImage = await client.getPrompt({ name: 'test_prompt_with_image' });
  assert.deepEqual(withImage.messages[0]?.content, { type: 'image', data: PNG_BASE64, mimeType: 'image/png' });
  const withInput = await client.getPrompt({ name: 'test_input_required_result_prompt' });
  assert.equal(promptText(withInput), 'Prompt with context: Ada');

  const completion = await client.complete({
    ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
    argument: { name: 'arg1', value: 'test' },
  });
  assert.deepEqual(completion.completion.values, ['testValue1', 'test-alpha', 'test-beta']);
  assert.deepEqual(await client.ping(), {});
}

async function smoke(label: string, transport: Transport): Promise<void> {
  const { client, logs } = createSmokeClient();
  const started = performance.now();
  await client.connect(transport);
  try {
    await checkEverything(client, logs);
  } finally {
    await client.close();
  }
  console.log(`${label}: all checks passed in ${Math.round(performance.now() - started)} ms`);
}

// Run when executed as a program (vitest imports checkEverything instead).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await smoke(
    'stdio',
    new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=@decorum/source',
        '--import',
        '@decorum/cli/register',
        new URL('./server.ts', import.meta.url).pathname,
        '--stdio',
      ],
      stderr: 'inherit',
    }),
  );
  const app = createEverythingApp();
  const { url } = await app.listen({ http: { port: 0 } });
  try {
    await smoke(`http ${url}`, new StreamableHTTPClientTransport(new URL(String(url))));
  } finally {
    await app.close();
  }
}
