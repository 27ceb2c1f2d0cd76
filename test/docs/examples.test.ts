// Every runnable snippet of docs/ (docs/examples/*.ts) driven by the official SDK client, asserting what its page
// claims. The examples are loaded by path at run time: they belong to the `docs` TypeScript project, which
// type-checks them (tsc -b); a static import would pull them into this project too (TS6307), so the test
// declares only the few exports it calls.
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { type AuthInfo, createLinkedTransports, type Transport } from '../../packages/protocol/src/index.js';
import { tsCommand } from '../support/spawn-fixture.js';

type Example<T = object> = { createApp(...args: never[]): McpApp } & T;

async function load<T = object>(name: string): Promise<Example<T>> {
  return (await import(`../../docs/examples/${name}.ts`)) as Example<T>;
}

const apps: McpApp[] = [];
const clients: Client[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

interface ConnectOptions {
  capabilities?: NonNullable<ClientOptions['capabilities']>;
  /** What the transport says about the caller, as HTTP authentication would. */
  authInfo?: AuthInfo;
  setup?: (client: Client) => void;
}

async function connect(app: McpApp, options: ConnectOptions = {}): Promise<Client> {
  apps.push(app);
  const client = new Client({ name: 'docs-test', version: '1.0.0' }, { capabilities: options.capabilities ?? {} });
  options.setup?.(client);
  const [clientSide, serverSide] = createLinkedTransports();
  await app.connect(serverSide);
  if (options.authInfo) {
    const server: Transport = serverSide;
    const deliver = server.onmessage;
    server.onmessage = (value, info) => deliver?.(value, { ...info, authInfo: options.authInfo });
  }
  await client.connect(clientSide as unknown as SdkTransport);
  clients.push(client);
  return client;
}

type Logger = { warn(message: string, detail?: unknown): void; error(message: string, detail?: unknown): void };
const quiet: Logger = { warn: () => undefined, error: () => undefined };

/** Keeps the default logger's masked-error reports out of the test output; returns what it got. */
function silenceConsole(): unknown[][] {
  const logged: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
  return logged;
}

const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[])
    .map((b) => b.text ?? `<${b.type}>`)
    .join('\n');

describe('docs/examples/tool.ts', () => {
  it('lists the tools with name, title, annotations and schema, and converts', async () => {
    const client = await connect((await load('tool')).createApp());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['convert_temperature', 'units']);
    expect(tools[0]).toMatchObject({
      title: 'Convert a temperature',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      inputSchema: {
        properties: {
          celsius: { type: 'number', description: 'Temperature in degrees Celsius', examples: [21.5] },
          to: { enum: ['fahrenheit', 'kelvin'], default: 'fahrenheit' },
        },
        required: ['celsius'],
      },
    });
    expect(tools[1]?.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    expect(textOf(await client.callTool({ name: 'convert_temperature', arguments: { celsius: 100 } }))).toBe(
      '100 °C is 212.0 °F',
    );
    expect(
      textOf(await client.callTool({ name: 'convert_temperature', arguments: { celsius: 0, to: 'kelvin' } })),
    ).toBe('0 °C is 273.1 K');
    expect(textOf(await client.callTool({ name: 'units', arguments: {} }))).toBe('["fahrenheit","kelvin"]');
    const bad = await client.callTool({ name: 'convert_temperature', arguments: { celsius: 'hot' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(
      'Invalid arguments for tool "convert_temperature":\ncelsius must be a number conforming to the specified constraints',
    );
  });
});

describe('docs/examples/resource.ts', () => {
  it('lists and reads JSON, text and bytes', async () => {
    const client = await connect((await load('resource')).createApp());
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      {
        uri: 'config://app/settings',
        name: 'settings',
        title: 'Application settings',
        description: 'The settings the app runs with',
        mimeType: 'application/json',
        annotations: { audience: ['assistant'], priority: 0.8 },
      },
      { uri: 'docs://changelog', name: 'changelog', mimeType: 'text/markdown' },
      { uri: 'assets://pixel.png', name: 'pixel', mimeType: 'image/png', size: 4 },
    ]);
    expect((await client.readResource({ uri: 'config://app/settings' })).contents).toEqual([
      { uri: 'config://app/settings', mimeType: 'application/json', text: '{"theme":"dark","language":"en"}' },
    ]);
    expect((await client.readResource({ uri: 'docs://changelog' })).contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: '# Changelog\n\n- 1.0.0: first release\n',
    });
    expect((await client.readResource({ uri: 'assets://pixel.png' })).contents).toEqual([
      { uri: 'assets://pixel.png', mimeType: 'image/png', blob: 'iVBORw==' },
    ]);
    await expect(client.readResource({ uri: 'config://app/other' })).rejects.toMatchObject({ code: -32002 });
  });
});

describe('docs/examples/resource-template.ts', () => {
  it('lists the templates and the listed instances, reads by id, refuses bad ids', async () => {
    const client = await connect((await load('resource-template')).createApp());
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      {
        uriTemplate: 'notes://{id}',
        name: 'note',
        title: 'A note',
        description: 'The latest revision of a note, as Markdown',
        mimeType: 'text/markdown',
      },
      { uriTemplate: 'notes://{id}/revisions/{revision}', name: 'note-revision', mimeType: 'text/markdown' },
    ]);
    const description = 'The latest revision of a note, as Markdown';
    expect((await client.listResources()).resources).toEqual([
      { uri: 'notes://1', name: 'note', title: 'Note 1', description, mimeType: 'text/markdown' },
      { uri: 'notes://2', name: 'note', title: 'Note 2', description, mimeType: 'text/markdown' },
    ]);
    expect((await client.readResource({ uri: 'notes://1' })).contents).toEqual([
      { uri: 'notes://1', mimeType: 'text/markdown', text: '# Groceries\n\n- milk\n- bread' },
    ]);
    expect((await client.readResource({ uri: 'notes://1/revisions/1' })).contents[0]).toMatchObject({
      text: '# Groceries\n\n- milk',
    });
    await expect(client.readResource({ uri: 'notes://7' })).rejects.toMatchObject({ code: -32002 });
    await expect(client.readResource({ uri: 'notes://seven' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('id must be a number'),
    });
    await expect(client.readResource({ uri: 'notes://1/revisions/0' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('revision must be a positive number'),
    });
    await expect(client.readResource({ uri: 'notes://1/revisions/3' })).rejects.toMatchObject({ code: -32002 });
  });
});

describe('docs/examples/prompt.ts', () => {
  it('lists prompts with their arguments and renders messages', async () => {
    const client = await connect((await load('prompt')).createApp());
    expect((await client.listPrompts()).prompts).toEqual([
      {
        name: 'code_review',
        title: 'Code review',
        description: 'Ask for a review of some code',
        arguments: [
          { name: 'code', description: 'The code to review', required: true },
          { name: 'focus', description: 'What to focus on', required: false },
        ],
      },
      {
        name: 'explain',
        description: 'Explain a topic briefly',
        arguments: [{ name: 'topic', description: 'What to explain', required: true }],
      },
    ]);
    expect(await client.getPrompt({ name: 'explain', arguments: { topic: 'DNS' } })).toEqual({
      description: 'Explain a topic briefly',
      messages: [{ role: 'user', content: { type: 'text', text: 'Explain DNS in two sentences.' } }],
    });
    expect((await client.getPrompt({ name: 'code_review', arguments: { code: 'x = 1' } })).messages).toEqual([
      { role: 'assistant', content: { type: 'text', text: 'I will review your code for bugs.' } },
      { role: 'user', content: { type: 'text', text: 'Please review this code:\n\nx = 1' } },
    ]);
    await expect(
      client.getPrompt({ name: 'code_review', arguments: { code: 'x', focus: 'naming' } }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('focus must be one of') });
  });
});

describe('docs/examples/args.ts', () => {
  it('validates into the DTO, with defaults, and names every problem', async () => {
    const client = await connect((await load('args')).createApp());
    const { tools } = await client.listTools();
    expect(tools[0]?.inputSchema).toEqual(tools[1]?.inputSchema);
    expect(tools.find((t) => t.name === 'search')?.inputSchema).toMatchObject({
      properties: {
        query: { type: 'string', minLength: 2 },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['query'],
      additionalProperties: false,
    });
    expect(textOf(await client.callTool({ name: 'search', arguments: { query: 'prog' } }))).toBe(
      'The Pragmatic Programmer\nProgramming Pearls',
    );
    expect(textOf(await client.callTool({ name: 'count', arguments: { query: 'prog', limit: 1 } }))).toBe('2');
    const bad = await client.callTool({ name: 'search', arguments: { query: 'x', limit: 99 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(
      [
        'Invalid arguments for tool "search":',
        'query must be longer than or equal to 2 characters',
        'limit must not be greater than 50',
      ].join('\n'),
    );
    const unknown = await client.callTool({ name: 'search', arguments: { query: 'prog', sort: 'asc' } });
    expect(textOf(unknown)).toContain('unknown field "sort" (expected one of: query, limit, tags)');
  });
});

describe('docs/examples/arg.ts', () => {
  it('builds the schema from the parameters and checks each value', async () => {
    const client = await connect((await load('arg')).createApp());
    const { tools } = await client.listTools();
    const schema = (name: string) => tools.find((t) => t.name === name)?.inputSchema;
    expect(schema('add')).toEqual({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number', description: 'The second term' } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    expect(schema('round')).toEqual({
      type: 'object',
      properties: {
        value: { type: 'number', title: 'Value', description: 'The number to round' },
        places: { type: 'number', minimum: 0, description: 'Decimal places (default 0)' },
      },
      required: ['value'],
      additionalProperties: false,
    });
    expect(schema('sum')?.properties).toEqual({ values: { type: 'array', items: { type: 'number' } } });
    expect(schema('weekday')?.properties).toEqual({
      date: { type: 'string', format: 'date-time', description: 'An ISO 8601 date-time' },
    });
    expect(textOf(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } }))).toBe('5');
    expect(textOf(await client.callTool({ name: 'round', arguments: { value: 1.23456, places: 2 } }))).toBe('1.23');
    expect(textOf(await client.callTool({ name: 'round', arguments: { value: 2.5 } }))).toBe('3');
    expect(textOf(await client.callTool({ name: 'sum', arguments: { values: [1, 2, 3.5] } }))).toBe('6.5');
    expect(textOf(await client.callTool({ name: 'weekday', arguments: { date: '2025-01-01T00:00:00Z' } }))).toBe(
      'Wednesday',
    );
    const bad = await client.callTool({ name: 'add', arguments: { a: '2', c: 1 } });
    expect(textOf(bad)).toBe(
      'Invalid arguments for tool "add":\na must be a number\nb is required\nunknown argument "c" (expected one of: a, b)',
    );
    silenceConsole();
    // `schema` keywords are advertised, not enforced: -1 passes the check and reaches the method (toFixed throws).
    expect(await client.callTool({ name: 'round', arguments: { value: 1, places: -1 } })).toMatchObject({
      isError: true,
      content: [{ text: 'Internal error' }],
    });
  });
});

describe('docs/examples/param.ts', () => {
  it('passes template variables typed by the parameter', async () => {
    const client = await connect((await load('param')).createApp());
    const read = async (uri: string) =>
      JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    expect(await read('weather://oslo/forecast/2')).toEqual({ city: 'oslo', days: 2 });
    expect(await read('weather://oslo/forecast/2?detailed=true')).toEqual({
      city: 'oslo',
      daily: [
        { day: 1, sky: 'sunny' },
        { day: 2, sky: 'cloudy' },
      ],
    });
    await expect(client.readResource({ uri: 'weather://oslo/forecast/soon' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'Invalid arguments for resource "weather://oslo/forecast/soon":\ndays must be a number',
      ),
    });
    await expect(client.readResource({ uri: 'weather://oslo/forecast/2?detailed=yes' })).rejects.toMatchObject({
      code: -32602,
    });
    expect((await client.readResource({ uri: 'files:///src/app/main.ts' })).contents[0]).toMatchObject({
      text: 'contents of src/app/main.ts',
    });
    expect(await read('tree://root/a/b/c')).toEqual({ depth: 3, segments: ['a', 'b', 'c'] });
    expect(await read('tree://root')).toEqual({ depth: 0, segments: [] });
    await expect(client.readResource({ uri: 'weather://a/b/forecast/2' })).rejects.toMatchObject({ code: -32002 });
  });
});

describe('docs/examples/ctx.ts', () => {
  it('reports progress and logs, elicits, samples, lists roots and notifies subscribers', async () => {
    const logs: unknown[] = [];
    const updated: string[] = [];
    const client = await connect((await load('ctx')).createApp(), {
      capabilities: { elicitation: {}, sampling: {}, roots: {} },
      setup(c) {
        c.setRequestHandler(ElicitRequestSchema, async (request) => {
          expect(request.params.message).toBe('Delete the note "todo"?');
          expect((request.params as { requestedSchema?: unknown }).requestedSchema).toMatchObject({
            properties: { confirm: { type: 'boolean' }, reason: { type: 'string' } },
            required: ['confirm'],
          });
          return { action: 'accept', content: { confirm: true, reason: 'done' } };
        });
        c.setRequestHandler(CreateMessageRequestSchema, async () => ({
          role: 'assistant',
          content: { type: 'text', text: 'A short summary.' },
          model: 'test-model',
        }));
        c.setRequestHandler(ListRootsRequestSchema, async () => ({
          roots: [{ uri: 'file:///home/ada/project', name: 'project' }, { uri: 'file:///tmp' }],
        }));
        c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
          logs.push(n.params);
        });
        c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
          updated.push(n.params.uri);
        });
      },
    });
    const progress: unknown[] = [];
    const imported = await client.callTool({ name: 'import_files', arguments: { count: 3 } }, undefined, {
      onprogress: ({ progress: p, total, message }) => progress.push({ p, total, message }),
    });
    expect(textOf(imported)).toBe('imported 3 files');
    expect(progress).toEqual([
      { p: 1, total: 3, message: 'file 1 of 3' },
      { p: 2, total: 3, message: 'file 2 of 3' },
      { p: 3, total: 3, message: 'file 3 of 3' },
    ]);
    expect(logs).toEqual([{ level: 'info', data: 'importing 3 files', logger: 'importer' }]);
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toBe(
      'docs-test speaking 2025-11-25 (legacy)',
    );
    await client.subscribeResource({ uri: 'workspace://status' });
    expect(textOf(await client.callTool({ name: 'delete', arguments: { name: 'todo' } }))).toBe('deleted todo (done)');
    expect((await client.readResource({ uri: 'workspace://status' })).contents[0]).toMatchObject({
      text: '{"revision":2,"notes":[]}',
    });
    expect(updated).toEqual(['workspace://status']);
    expect(textOf(await client.callTool({ name: 'summarize', arguments: { text: 'long text' } }))).toBe(
      'A short summary.',
    );
    expect(textOf(await client.callTool({ name: 'folders', arguments: {} }))).toBe('project, file:///tmp');
  });

  it('fails a call that needs a capability the client did not declare', async () => {
    const client = await connect((await load('ctx')).createApp());
    const result = await client.callTool({ name: 'summarize', arguments: { text: 'x' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/^The client cannot do this: Cannot use sampling/);
  });
});

describe('docs/examples/complete.ts', () => {
  it('completes prompt arguments and template variables, using earlier arguments', async () => {
    const client = await connect((await load('complete')).createApp());
    const forPrompt = await client.complete({
      ref: { type: 'ref/prompt', name: 'explain' },
      argument: { name: 'language', value: 'ja' },
    });
    expect(forPrompt.completion).toEqual({ values: ['java', 'javascript'], total: 2, hasMore: false });
    const forTemplate = await client.complete({
      ref: { type: 'ref/resource', uri: 'docs://{language}/{page}' },
      argument: { name: 'language', value: 'r' },
    });
    expect(forTemplate.completion.values).toEqual(['rust']);
    const pages = await client.complete({
      ref: { type: 'ref/resource', uri: 'docs://{language}/{page}' },
      argument: { name: 'page', value: '' },
      context: { arguments: { language: 'python' } },
    });
    expect(pages.completion).toEqual({ values: ['asyncio', 'typing'], total: 2, hasMore: false });
    const none = await client.complete({
      ref: { type: 'ref/prompt', name: 'explain' },
      argument: { name: 'feature', value: 'a' },
    });
    expect(none.completion).toEqual({ values: [], hasMore: false });
  });
});

describe('docs/examples/field.ts', () => {
  it('documents each property in the input schema', async () => {
    const client = await connect((await load('field')).createApp());
    const { tools } = await client.listTools();
    expect(tools[0]?.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        subject: {
          type: 'string',
          title: 'Subject',
          description: 'One line saying what is wrong',
          maxLength: 120,
          examples: ['Login fails'],
        },
        customer: { type: 'string', description: 'The customer who reported it', maxLength: 12 },
        priority: { type: 'string', description: 'How urgent it is', enum: ['low', 'high'], default: 'low' },
        notify: { type: 'string', description: 'Who to notify', format: 'email' },
        labels: { type: 'array', description: 'Labels to add', items: { type: 'string' } },
      },
      required: ['subject', 'customer'],
      additionalProperties: false,
    });
    expect(
      textOf(await client.callTool({ name: 'open', arguments: { subject: 'Login fails', customer: 'C42' } })),
    ).toBe('opened "Login fails" for C42 (low)');
  });
});

describe('docs/examples/guards-interceptors.ts', () => {
  it('refuses without the scope, applies method guards, wraps with interceptors in order', async () => {
    const example = await load<{ createApp(auditLog?: string[]): McpApp }>('guards-interceptors');
    const audit: string[] = [];
    const anonymous = await connect(example.createApp(audit));
    expect(await anonymous.callTool({ name: 'deploy', arguments: { service: 'api', environment: 'staging' } })).toEqual(
      {
        isError: true,
        content: [{ type: 'text', text: 'Not allowed: a guard refused tool "deploy"' }],
      },
    );
    await expect(anonymous.readResource({ uri: 'deploy://log' })).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('Not allowed: a guard refused resource "deploy://log"'),
    });
    expect(audit).toEqual([]);

    const deployer = await connect(example.createApp(audit), {
      authInfo: { subject: 'ada', scopes: ['deploy'] },
    });
    expect(
      textOf(await deployer.callTool({ name: 'deploy', arguments: { service: 'api', environment: 'staging' } })),
    ).toBe('deployed api to staging');
    expect(
      await deployer.callTool({ name: 'deploy', arguments: { service: 'api', environment: 'production' } }),
    ).toMatchObject({ isError: true });
    expect((await deployer.readResource({ uri: 'deploy://log' })).contents[0]).toMatchObject({
      text: 'nothing deployed yet',
    });
    expect(await deployer.callTool({ name: 'pipeline', arguments: {} })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'pipeline timed out; try again in a minute.' }],
    });
    expect(audit).toEqual(['tool deploy by ada', 'resource deploy-log by ada', 'tool pipeline by ada']);
  });
});

describe('docs/examples/dependency-injection.ts', () => {
  it('injects services, replaces them, and takes other containers', async () => {
    const example = await load<{
      createAppAt(hour: number): McpApp;
      createAppWithInstances(): McpApp;
      createAppWithFactories(): McpApp;
    }>('dependency-injection');
    const greet = async (app: McpApp) => textOf(await (await connect(app)).callTool({ name: 'greet', arguments: {} }));
    expect(await greet(example.createApp())).toMatch(/^Good (morning|afternoon|evening)$/);
    expect(await greet(example.createAppAt(8))).toBe('Good morning');
    expect(await greet(example.createAppAt(15))).toBe('Good afternoon');
    expect(await greet(example.createAppWithInstances())).toBe('Good evening');
    expect(await greet(example.createAppWithFactories())).toBe('Good morning');
  });
});

describe('docs/examples/errors.ts', () => {
  it('UserError reaches the model, other errors are masked, McpError is a protocol error', async () => {
    const example = await load<{
      createApp(options?: { exposeErrors?: boolean; logger?: Logger }): McpApp;
      startBroken(): string;
    }>('errors');
    const logged: unknown[] = [];
    const client = await connect(
      example.createApp({ logger: { warn: () => undefined, error: (...args: unknown[]) => logged.push(args) } }),
    );
    expect(await client.callTool({ name: 'temperature', arguments: { city: 'Atlantis' } })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'No city named "Atlantis"; try one of: oslo,lima.' }],
    });
    expect(await client.callTool({ name: 'refresh', arguments: {} })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Internal error' }],
    });
    expect(logged).toHaveLength(1);
    await expect(client.callTool({ name: 'modern', arguments: {} })).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('This tool needs a newer client'),
      data: { minimum: '2025-06-18' },
    });
    await expect(client.readResource({ uri: 'weather://alerts' })).rejects.toMatchObject({ code: -32002 });
    const bad = await client.callTool({ name: 'temperature', arguments: {} });
    expect(bad).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Invalid arguments for tool "temperature":\ncity is required' }],
    });

    const exposed = await connect(example.createApp({ exposeErrors: true, logger: quiet }));
    expect(textOf(await exposed.callTool({ name: 'refresh', arguments: {} }))).toMatch(/^connect ECONNREFUSED/);

    expect(example.startBroken()).toBe(
      "missing-description: Broken.undocumented: the tool has no description. Add { description: '…' } (models pick tools by it), or create the app with { requireDescriptions: false }.",
    );
  });
});

describe('docs/examples/results.ts', () => {
  it('turns return values into content, structured content and binary blocks', async () => {
    const client = await connect((await load('results')).createApp());
    const call = (name: string) => client.callTool({ name, arguments: {} });
    expect(await call('greeting')).toEqual({ content: [{ type: 'text', text: 'Hello!' }] });
    expect(await call('numbers')).toEqual({ content: [{ type: 'text', text: '[1,2,3]' }] });
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'forecast')?.outputSchema).toMatchObject({
      type: 'object',
      properties: { temperature: { type: 'number' }, sky: { type: 'string' } },
      required: ['temperature', 'sky'],
    });
    expect(await call('forecast')).toEqual({
      content: [{ type: 'text', text: '{"temperature":4,"sky":"snow"}' }],
      structuredContent: { temperature: 4, sky: 'snow' },
    });
    const picture = await call('picture');
    expect(picture.content).toEqual([
      { type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBORw0KGgo/) },
    ]);
    const media = (await call('media')).content as Record<string, unknown>[];
    expect(media.map((b) => b.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource']);
    expect(media[2]).toEqual({ type: 'audio', mimeType: 'audio/wav', data: 'UklGRgAAAABXQVZF' });
    expect(media[3]).toEqual({
      type: 'resource_link',
      uri: 'file:///reports/q3.pdf',
      name: 'q3-report',
      mimeType: 'application/pdf',
      description: 'Q3 report',
    });
    expect(media[4]).toEqual({
      type: 'resource',
      resource: { uri: 'memo://today', text: 'Ship on Friday.', mimeType: 'text/plain' },
    });
    expect(await call('raw')).toEqual({ content: [{ type: 'text', text: 'partly done' }], isError: true });
  });
});

describe('docs/examples/mcp-app.ts', () => {
  type McpAppExample = {
    serveHttp(port?: number): Promise<{ app: McpApp; url: URL }>;
    toggleAdmin(app: McpApp, on: boolean): void;
  };

  it('introduces itself, and adds and removes providers while connected', async () => {
    const example = await load<McpAppExample>('mcp-app');
    const app = example.createApp();
    const client = await connect(app);
    expect(client.getServerVersion()).toEqual({ name: 'echo', version: '1.0.0', title: 'Echo server' });
    expect(client.getInstructions()).toBe('Call "echo" with a message to hear it back.');
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    example.toggleAdmin(app, true);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo', 'uptime']);
    example.toggleAdmin(app, false);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    await client.ping();
    expect(changed).toBe(2);
  });

  it('serves Streamable HTTP with listen, and any Fetch runtime with fetch', async () => {
    const example = await load<McpAppExample>('mcp-app');
    const logged = silenceConsole();
    const { app, url } = await example.serveHttp(0);
    apps.push(app);
    expect(url.pathname).toBe('/mcp');
    expect(logged).toEqual([[`MCP endpoint: ${url}`]]);
    const client = new Client({ name: 'docs-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url) as unknown as SdkTransport);
    clients.push(client);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'over HTTP' } }))).toBe('over HTTP');

    const fetched = example.createApp();
    apps.push(fetched);
    const response = await fetched.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fetch', version: '1' } },
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeTruthy();
  });

  it('runs as a program over stdio, and serve.ts runs any example', async () => {
    for (const [file, extra, tool] of [
      ['docs/examples/mcp-app.ts', [], 'echo'],
      ['docs/examples/serve.ts', ['tool'], 'convert_temperature'],
    ] as const) {
      const { command, args, cwd } = tsCommand(file);
      const client = new Client({ name: 'docs-test', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command, args: [...args, ...extra], cwd, stderr: 'pipe' }));
      clients.push(client);
      expect((await client.listTools()).tools.map((t) => t.name)).toContain(tool);
    }
  });
});
