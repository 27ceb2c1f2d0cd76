import { describe, expect, it } from 'vitest';
import {
  clientRequestDefinitions,
  RESULT_DEFINITIONS,
  SPEC_VERSIONS,
  type SpecVersion,
  serverNotificationDefinitions,
  serverRequestDefinitions,
  specDefinitionNames,
  validateDefinition,
  validateServerMessage,
} from './spec-schema.js';

type LegacyVersion = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25';
const LEGACY: readonly LegacyVersion[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const atLeast = (version: string, min: string) => version >= min;
const CLOSED = { closed: true } as const;

const response = (result: unknown, id: number | string = 1) => ({ jsonrpc: '2.0', id, result });
const notification = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
const request = (method: string, params?: unknown, id: number | string = 'srv-1') => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});

const ICON = { src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' };

/** An InitializeResult carrying every server field the revision defines. */
function initializeResult(version: LegacyVersion) {
  const serverInfo: Record<string, unknown> = { name: 'demo', version: '1.0.0' };
  if (atLeast(version, '2025-06-18')) serverInfo.title = 'Demo';
  if (atLeast(version, '2025-11-25')) {
    Object.assign(serverInfo, { description: 'A demo server', websiteUrl: 'https://example.com', icons: [ICON] });
  }
  const capabilities: Record<string, unknown> = {
    logging: {},
    prompts: { listChanged: true },
    resources: { subscribe: true, listChanged: true },
    tools: { listChanged: true },
    experimental: { 'decorum/demo': { on: true } },
  };
  if (atLeast(version, '2025-03-26')) capabilities.completions = {};
  return { protocolVersion: version, capabilities, serverInfo, instructions: 'Call the tools.', _meta: { x: 1 } };
}

/** A Tool carrying every field the revision defines. */
function tool(version: LegacyVersion) {
  const result: Record<string, unknown> = {
    name: 'add',
    description: 'Adds two numbers',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false, // JSON Schema keywords beyond the declared ones stay allowed
    },
  };
  if (atLeast(version, '2025-03-26')) result.annotations = { title: 'Add', readOnlyHint: true, openWorldHint: false };
  if (atLeast(version, '2025-06-18')) {
    Object.assign(result, {
      title: 'Add',
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
      _meta: { 'decorum/x': 1 },
    });
  }
  if (atLeast(version, '2025-11-25')) Object.assign(result, { icons: [ICON], execution: { taskSupport: 'optional' } });
  return result;
}

describe('dispatch tables read from the schemas', () => {
  it.each(SPEC_VERSIONS)('%s: every client request has a result definition the schema defines', (version) => {
    const defined = new Set(specDefinitionNames(version));
    for (const method of clientRequestDefinitions(version).keys()) {
      expect(RESULT_DEFINITIONS[method], method).toBeDefined();
      expect(defined.has(RESULT_DEFINITIONS[method]), `${version} ${RESULT_DEFINITIONS[method]}`).toBe(true);
    }
  });

  it('finds the server notifications of each revision', () => {
    const common = {
      'notifications/cancelled': 'CancelledNotification',
      'notifications/progress': 'ProgressNotification',
      'notifications/message': 'LoggingMessageNotification',
      'notifications/resources/updated': 'ResourceUpdatedNotification',
      'notifications/resources/list_changed': 'ResourceListChangedNotification',
      'notifications/prompts/list_changed': 'PromptListChangedNotification',
      'notifications/tools/list_changed': 'ToolListChangedNotification',
    };
    const table = (version: SpecVersion) => Object.fromEntries(serverNotificationDefinitions(version));
    expect(table('2024-11-05')).toEqual(common);
    expect(table('2025-03-26')).toEqual(common);
    expect(table('2025-06-18')).toEqual(common);
    expect(table('2025-11-25')).toEqual({
      ...common,
      'notifications/elicitation/complete': 'ElicitationCompleteNotification',
      'notifications/tasks/status': 'TaskStatusNotification',
    });
    expect(table('2026-07-28')).toEqual({
      ...common,
      'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
    });
  });

  it('finds the server-to-client requests of each revision (none in 2026-07-28)', () => {
    const table = (version: SpecVersion) => Object.fromEntries(serverRequestDefinitions(version));
    const base = {
      ping: 'PingRequest',
      'sampling/createMessage': 'CreateMessageRequest',
      'roots/list': 'ListRootsRequest',
    };
    expect(table('2024-11-05')).toEqual(base);
    expect(table('2025-03-26')).toEqual(base);
    expect(table('2025-06-18')).toEqual({ ...base, 'elicitation/create': 'ElicitRequest' });
    expect(table('2025-11-25')).toEqual({
      ...base,
      'elicitation/create': 'ElicitRequest',
      'tasks/get': 'GetTaskRequest',
      'tasks/result': 'GetTaskPayloadRequest',
      'tasks/cancel': 'CancelTaskRequest',
      'tasks/list': 'ListTasksRequest',
    });
    expect(table('2026-07-28')).toEqual({});
  });

  it('names the JSON-RPC envelopes as each revision does', () => {
    for (const version of ['2024-11-05', '2025-03-26', '2025-06-18'] as const) {
      expect(specDefinitionNames(version)).toEqual(expect.arrayContaining(['JSONRPCResponse', 'JSONRPCError']));
      expect(specDefinitionNames(version)).not.toContain('JSONRPCErrorResponse');
    }
    for (const version of ['2025-11-25', '2026-07-28'] as const) {
      expect(specDefinitionNames(version)).toEqual(
        expect.arrayContaining(['JSONRPCResultResponse', 'JSONRPCErrorResponse']),
      );
      expect(specDefinitionNames(version)).not.toContain('JSONRPCError');
    }
  });
});

describe.each(LEGACY)('%s: messages shaped for the revision', (version) => {
  it('accepts an initialize result, also with objects closed', () => {
    const message = response(initializeResult(version));
    expect(validateServerMessage(version, message, 'initialize')).toEqual([]);
    expect(validateServerMessage(version, message, 'initialize', CLOSED)).toEqual([]);
  });

  it('accepts a tools/list result and a tools/call result', () => {
    expect(
      validateServerMessage(version, response({ tools: [tool(version)], nextCursor: 'c2' }), 'tools/list', CLOSED),
    ).toEqual([]);
    const call: Record<string, unknown> = { content: [{ type: 'text', text: '3' }], isError: false };
    if (atLeast(version, '2025-06-18')) call.structuredContent = { sum: 3 };
    expect(validateServerMessage(version, response(call), 'tools/call', CLOSED)).toEqual([]);
  });

  it('accepts notifications/message, notifications/progress and list_changed notifications', () => {
    const log = notification('notifications/message', { level: 'warning', logger: 'db', data: { rows: 3 } });
    expect(validateServerMessage(version, log, undefined, CLOSED)).toEqual([]);
    const progress = notification('notifications/progress', { progressToken: 'p1', progress: 1, total: 2 });
    expect(validateServerMessage(version, progress, undefined, CLOSED)).toEqual([]);
    expect(validateServerMessage(version, notification('notifications/tools/list_changed'), undefined, CLOSED)).toEqual(
      [],
    );
    const updated = notification('notifications/resources/updated', { uri: 'file:///a.txt' });
    expect(validateServerMessage(version, updated, undefined, CLOSED)).toEqual([]);
  });

  it('accepts the other results a server sends', () => {
    const results: [string, unknown][] = [
      ['ping', {}],
      ['logging/setLevel', {}],
      ['resources/subscribe', {}],
      ['resources/unsubscribe', {}],
      ['resources/list', { resources: [{ uri: 'file:///a.txt', name: 'a', mimeType: 'text/plain', size: 2 }] }],
      [
        'resources/templates/list',
        { resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 'files', description: 'Any file' }] },
      ],
      ['resources/read', { contents: [{ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hi' }] }],
      ['prompts/list', { prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }] }],
      [
        'prompts/get',
        {
          description: 'Greets',
          messages: [
            { role: 'user', content: { type: 'text', text: 'Hello' } },
            { role: 'assistant', content: { type: 'resource', resource: { uri: 'file:///a.txt', text: 'hi' } } },
          ],
        },
      ],
      ['completion/complete', { completion: { values: ['alice'], total: 1, hasMore: false } }],
    ];
    for (const [method, result] of results) {
      expect(validateServerMessage(version, response(result), method, CLOSED), method).toEqual([]);
    }
  });

  it('accepts an error response and server-to-client requests', () => {
    const error = { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Unknown tool', data: { name: 'x' } } };
    expect(validateServerMessage(version, error, undefined, CLOSED)).toEqual([]);
    expect(validateServerMessage(version, request('ping'), undefined, CLOSED)).toEqual([]);
    expect(validateServerMessage(version, request('roots/list'), undefined, CLOSED)).toEqual([]);
    const sampling = request('sampling/createMessage', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }],
      maxTokens: 100,
      modelPreferences: { hints: [{ name: 'claude' }], speedPriority: 0.5 },
      includeContext: 'none',
    });
    expect(validateServerMessage(version, sampling, undefined, CLOSED)).toEqual([]);
  });

  it('rejects a Tool without inputSchema and a wrong type, naming where', () => {
    const errors = validateServerMessage(version, response({ tools: [{ name: 42 }] }), 'tools/list');
    expect(errors).toEqual([
      'ListToolsResult at /result/tools/0: missing required property "inputSchema"',
      'ListToolsResult at /result/tools/0/name: must be string',
    ]);
  });

  it('rejects an unknown logging level and a bad envelope', () => {
    const errors = validateServerMessage(version, notification('notifications/message', { level: 'verbose', data: 1 }));
    expect(errors).toEqual([
      'LoggingMessageNotification at /params/level: must be one of "alert", "critical", "debug", "emergency", "error", "info", "notice", "warning"',
    ]);
    const wrongVersion = { jsonrpc: '1.0', id: 1, result: {} };
    expect(validateServerMessage(version, wrongVersion, 'ping')).toContainEqual(
      expect.stringMatching(/^JSONRPC(Result)?Response at \/jsonrpc: must be "2\.0"$/),
    );
  });

  it('rejects a content block whose type the union does not have', () => {
    const errors = validateServerMessage(version, response({ content: [{ type: 'video', url: 'x' }] }), 'tools/call');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^CallToolResult at \/result\/content\/0: "type": "video" matches none of TextContent, /);
  });

  it('reports methods the revision does not define, and a response without requestMethod', () => {
    expect(validateServerMessage(version, response({}), 'server/discover')).toEqual([
      `"server/discover" is not a client request in ${version}, so no result is defined for it`,
    ]);
    expect(validateServerMessage(version, notification('notifications/bogus'))[0]).toMatch(
      new RegExp(`^/: "notifications/bogus" is not a server-to-client notification in ${version} \\(defined: `),
    );
    expect(validateServerMessage(version, response({}))).toEqual([
      'response: pass requestMethod to pick the result definition',
    ]);
  });
});

interface Feature {
  readonly name: string;
  readonly since: LegacyVersion;
  readonly until?: LegacyVersion;
  /** True when the official (open) schema already rejects it before `since`; false when only `closed` does. */
  readonly rejectedByOpenSchema: boolean;
  readonly message: (version: LegacyVersion) => unknown;
  readonly method?: string | Record<string, string>;
  /** What one of the errors says before `since` (closed mode). */
  readonly error: RegExp;
}

const minimalTool = { name: 'add', inputSchema: { type: 'object' } };
const withTool = (extra: Record<string, unknown>) => response({ tools: [{ ...minimalTool, ...extra }] });
const undeclared = (definition: string, at: string) =>
  new RegExp(`^${definition} at ${at.replaceAll('/', '\\/')}: property not declared by the schema$`);

const FEATURES: Feature[] = [
  {
    name: 'Tool.annotations',
    since: '2025-03-26',
    rejectedByOpenSchema: false,
    message: () => withTool({ annotations: { readOnlyHint: true } }),
    method: 'tools/list',
    error: undeclared('ListToolsResult', '/result/tools/0/annotations'),
  },
  {
    name: 'Tool.title',
    since: '2025-06-18',
    rejectedByOpenSchema: false,
    message: () => withTool({ title: 'Add' }),
    method: 'tools/list',
    error: undeclared('ListToolsResult', '/result/tools/0/title'),
  },
  {
    name: 'Tool.outputSchema',
    since: '2025-06-18',
    rejectedByOpenSchema: false,
    message: () => withTool({ outputSchema: { type: 'object' } }),
    method: 'tools/list',
    error: undeclared('ListToolsResult', '/result/tools/0/outputSchema'),
  },
  {
    name: 'Tool._meta',
    since: '2025-06-18',
    rejectedByOpenSchema: false,
    message: () => withTool({ _meta: { a: 1 } }),
    method: 'tools/list',
    error: undeclared('ListToolsResult', '/result/tools/0/_meta'),
  },
  {
    name: 'Tool.icons',
    since: '2025-11-25',
    rejectedByOpenSchema: false,
    message: () => withTool({ icons: [ICON] }),
    method: 'tools/list',
    error: undeclared('ListToolsResult', '/result/tools/0/icons'),
  },
  {
    name: 'Tool.execution',
    since: '2025-11-25',
    rejectedByOpenSchema: false,
    message: () => withTool({ execution: { taskSupport: 'forbidden' } }),
    method: 'tools/list',
    error: undeclared('ListToolsResult', '/result/tools/0/execution'),
  },
  {
    name: 'CallToolResult.structuredContent',
    since: '2025-06-18',
    rejectedByOpenSchema: false,
    message: () => response({ content: [], structuredContent: { sum: 3 } }),
    method: 'tools/call',
    error: undeclared('CallToolResult', '/result/structuredContent'),
  },
  {
    name: 'audio content',
    since: '2025-03-26',
    rejectedByOpenSchema: true,
    message: () => response({ content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }),
    method: 'tools/call',
    error:
      /^CallToolResult at \/result\/content\/0: "type": "audio" matches none of TextContent, ImageContent, EmbeddedResource$/,
  },
  {
    name: 'resource_link content',
    since: '2025-06-18',
    rejectedByOpenSchema: true,
    message: () => response({ content: [{ type: 'resource_link', uri: 'file:///a.txt', name: 'a' }] }),
    method: 'tools/call',
    error: /^CallToolResult at \/result\/content\/0: "type": "resource_link" matches none of /,
  },
  {
    name: 'serverInfo.title',
    since: '2025-06-18',
    rejectedByOpenSchema: false,
    message: (v) =>
      response({ protocolVersion: v, capabilities: {}, serverInfo: { name: 's', version: '1', title: 'S' } }),
    method: 'initialize',
    error: undeclared('InitializeResult', '/result/serverInfo/title'),
  },
  {
    name: 'serverInfo.icons, websiteUrl, description',
    since: '2025-11-25',
    rejectedByOpenSchema: false,
    message: (v) =>
      response({
        protocolVersion: v,
        capabilities: {},
        serverInfo: { name: 's', version: '1', icons: [ICON], websiteUrl: 'https://example.com', description: 'd' },
      }),
    method: 'initialize',
    error: undeclared('InitializeResult', '/result/serverInfo/description'),
  },
  {
    name: 'capabilities.completions',
    since: '2025-03-26',
    rejectedByOpenSchema: false,
    message: (v) =>
      response({ protocolVersion: v, capabilities: { completions: {} }, serverInfo: { name: 's', version: '1' } }),
    method: 'initialize',
    error: undeclared('InitializeResult', '/result/capabilities/completions'),
  },
  {
    name: 'Resource.title and Resource._meta',
    since: '2025-06-18',
    rejectedByOpenSchema: false,
    message: () => response({ resources: [{ uri: 'file:///a', name: 'a', title: 'A', _meta: {} }] }),
    method: 'resources/list',
    error: undeclared('ListResourcesResult', '/result/resources/0/_meta'),
  },
  {
    name: 'annotations.lastModified',
    since: '2025-06-18',
    rejectedByOpenSchema: false,
    message: () =>
      response({ resources: [{ uri: 'file:///a', name: 'a', annotations: { lastModified: '2025-01-01T00:00:00Z' } }] }),
    method: 'resources/list',
    error: undeclared('ListResourcesResult', '/result/resources/0/annotations/lastModified'),
  },
  {
    name: 'ProgressNotification.params.message',
    since: '2025-03-26',
    rejectedByOpenSchema: false,
    message: () => notification('notifications/progress', { progressToken: 1, progress: 1, message: 'Half way' }),
    error: undeclared('ProgressNotification', '/params/message'),
  },
  {
    name: 'elicitation/create (form)',
    since: '2025-06-18',
    rejectedByOpenSchema: true,
    message: () =>
      request('elicitation/create', {
        message: 'Your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', title: 'Name' } },
          required: ['name'],
        },
      }),
    error: /^\/: "elicitation\/create" is not a server-to-client request in 20\d\d-\d\d-\d\d \(defined: ping, /,
  },
  {
    name: 'elicitation/create (url mode)',
    since: '2025-11-25',
    rejectedByOpenSchema: true,
    message: () =>
      request('elicitation/create', {
        mode: 'url',
        message: 'Sign in',
        url: 'https://example.com/auth',
        elicitationId: 'e1',
      }),
    // 2025-06-18: form mode only; earlier: no elicitation at all.
    error:
      /^(ElicitRequest at \/params: missing required property "requestedSchema"|\/: "elicitation\/create" is not a server-to-client request in .*)$/,
  },
  {
    name: 'notifications/elicitation/complete',
    since: '2025-11-25',
    rejectedByOpenSchema: true,
    message: () => notification('notifications/elicitation/complete', { elicitationId: 'e1' }),
    error: /^\/: "notifications\/elicitation\/complete" is not a server-to-client notification in 20\d\d-\d\d-\d\d /,
  },
  {
    name: 'sampling tools and toolChoice',
    since: '2025-11-25',
    rejectedByOpenSchema: false,
    message: () =>
      request('sampling/createMessage', {
        messages: [{ role: 'user', content: { type: 'text', text: 'Weather?' } }],
        maxTokens: 100,
        tools: [minimalTool],
        toolChoice: { mode: 'auto' },
      }),
    error: undeclared('CreateMessageRequest', '/params/toolChoice'),
  },
  {
    name: 'error response without id',
    since: '2025-11-25',
    rejectedByOpenSchema: true,
    message: () => ({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }),
    error: /^JSONRPCError at \/: missing required property "id"$/,
  },
  {
    name: 'JSON-RPC batch',
    since: '2025-03-26',
    until: '2025-03-26',
    rejectedByOpenSchema: true,
    message: () => [response({}, 1), response({ tools: [] }, 2)],
    method: { '1': 'ping', '2': 'tools/list' },
    error: /^JSON-RPC batches are not part of the 20\d\d-\d\d-\d\d schema$/,
  },
  // Present from the first revision on: never rejected.
  {
    name: 'Resource.size, InitializeResult.instructions, EmbeddedResource in prompts',
    since: '2024-11-05',
    rejectedByOpenSchema: false,
    message: () =>
      response({
        description: 'd',
        messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'file:///a', blob: 'AAAA' } } }],
      }),
    method: 'prompts/get',
    error: /never/,
  },
];

describe.each(FEATURES)('version shaping: $name', (feature) => {
  it.each(LEGACY)('%s', (version) => {
    const message = feature.message(version);
    const supported = version >= feature.since && (!feature.until || version <= feature.until);
    const closedErrors = validateServerMessage(version, message, feature.method, CLOSED);
    const openErrors = validateServerMessage(version, message, feature.method);
    if (supported) {
      expect(closedErrors).toEqual([]);
      expect(openErrors).toEqual([]);
    } else {
      expect(closedErrors).toContainEqual(expect.stringMatching(feature.error));
      // The official schemas only reject what breaks a declared shape; extra fields pass them.
      if (feature.rejectedByOpenSchema) expect(openErrors).not.toEqual([]);
      else expect(openErrors).toEqual([]);
    }
  });
});

describe('validateDefinition', () => {
  it('validates one definition, open or closed', () => {
    const tool = { name: 'add', title: 'Add', inputSchema: { type: 'object' } };
    expect(validateDefinition('2025-03-26', 'Tool', tool)).toEqual([]);
    expect(validateDefinition('2025-03-26', 'Tool', tool, CLOSED)).toEqual([
      'Tool at /title: property not declared by the schema',
    ]);
    expect(validateDefinition('2025-06-18', 'Tool', tool, CLOSED)).toEqual([]);
    expect(validateDefinition('2025-06-18', 'Tool', { ...tool, annotations: { readOnlyHint: 'yes' } })).toEqual([
      'Tool at /annotations/readOnlyHint: must be boolean',
    ]);
  });

  it('checks formats (ajv-formats)', () => {
    expect(validateDefinition('2025-06-18', 'Resource', { uri: 'not a uri', name: 'a' })).toEqual([
      'Resource at /uri: must be a valid "uri"',
    ]);
    expect(
      validateDefinition('2025-06-18', 'ImageContent', { type: 'image', data: '@@', mimeType: 'image/png' }),
    ).toEqual(['ImageContent at /data: must be a valid "byte"']);
  });

  it('reports an unknown definition or version', () => {
    expect(validateDefinition('2024-11-05', 'ElicitRequest', {})).toEqual([
      'ElicitRequest is not defined in the 2024-11-05 schema',
    ]);
    expect(validateDefinition('1999-01-01' as SpecVersion, 'Tool', {})).toEqual(['unknown spec version "1999-01-01"']);
  });
});

describe('2025-11-25 specifics', () => {
  const v = '2025-11-25';
  const task = {
    taskId: 't1',
    status: 'working',
    createdAt: '2025-11-25T10:00:00Z',
    lastUpdatedAt: '2025-11-25T10:00:01Z',
    ttl: 60000,
    pollInterval: 1000,
  };

  it('accepts a task-augmented tools/call answered with CreateTaskResult, and the tasks methods', () => {
    expect(validateServerMessage(v, response({ task }), 'tools/call', CLOSED)).toEqual([]);
    expect(validateServerMessage(v, response({ task: { ...task, status: 'sleeping' } }), 'tools/call')).toEqual([
      'CreateTaskResult at /result/task/status: must be one of "cancelled", "completed", "failed", "input_required", "working"',
    ]);
    expect(validateServerMessage(v, response(task), 'tasks/get', CLOSED)).toEqual([]);
    expect(validateServerMessage(v, response({ tasks: [task] }), 'tasks/list', CLOSED)).toEqual([]);
    expect(validateServerMessage(v, notification('notifications/tasks/status', task), undefined, CLOSED)).toEqual([]);
  });

  it('checks URLElicitationRequiredError by its code', () => {
    const bare = { jsonrpc: '2.0', id: 3, error: { code: -32042, message: 'Needs sign-in' } };
    expect(validateServerMessage(v, bare)).toEqual([
      'URLElicitationRequiredError at /error: missing required property "data"',
    ]);
    const full = {
      ...bare,
      error: {
        ...bare.error,
        data: { elicitations: [{ mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'e' }] },
      },
    };
    expect(validateServerMessage(v, full, undefined, CLOSED)).toEqual([]);
  });
});

describe('batches', () => {
  it('validates a 2025-03-26 batch element-wise, with the request method looked up by id', () => {
    const batch = [response({}, 1), response({ tools: [{ name: 'x' }] }, 2)];
    expect(validateServerMessage('2025-03-26', batch, { '1': 'ping', '2': 'tools/list' })).toEqual([
      'ListToolsResult at /1/result/tools/0: missing required property "inputSchema"',
    ]);
  });

  it('rejects mixing responses with notifications, and an empty batch', () => {
    const mixed = [response({}, 1), notification('notifications/tools/list_changed')];
    expect(validateServerMessage('2025-03-26', mixed, 'ping')).toEqual([
      'a batch holds either responses (JSONRPCBatchResponse) or requests/notifications (JSONRPCBatchRequest)',
    ]);
    expect(validateServerMessage('2025-03-26', [])).toEqual(['an empty JSON-RPC batch is invalid']);
  });
});

describe('2026-07-28', () => {
  const v = '2026-07-28';

  it('requires resultType and the cache fields, and accepts input_required where the schema allows it', () => {
    const list = { resultType: 'complete', ttlMs: 60000, cacheScope: 'public', tools: [minimalTool] };
    expect(validateServerMessage(v, response(list), 'tools/list', CLOSED)).toEqual([]);
    expect(validateServerMessage(v, response({ tools: [] }), 'tools/list')).toEqual([
      'JSONRPCResultResponse at /result: missing required property "resultType"',
      'ListToolsResult at /result: missing required property "cacheScope"',
      'ListToolsResult at /result: missing required property "resultType"',
      'ListToolsResult at /result: missing required property "ttlMs"',
    ]);
    const inputRequired = {
      resultType: 'input_required',
      inputRequests: {
        name: {
          method: 'elicitation/create',
          params: { message: 'Name?', requestedSchema: { type: 'object', properties: { n: { type: 'string' } } } },
        },
      },
      requestState: 'opaque',
    };
    expect(validateServerMessage(v, response(inputRequired), 'tools/call', CLOSED)).toEqual([]);
    expect(validateServerMessage(v, response(inputRequired), 'tools/list')).toContain(
      'ListToolsResult at /result: missing required property "tools"',
    );
  });

  it('has no ping, no server-to-client requests and a code-specific UnsupportedProtocolVersionError', () => {
    expect(validateServerMessage(v, response({ resultType: 'complete' }), 'ping')).toEqual([
      '"ping" is not a client request in 2026-07-28, so no result is defined for it',
    ]);
    expect(validateServerMessage(v, request('roots/list'))).toEqual([
      '/: "roots/list" is not a server-to-client request in 2026-07-28 (defined: none)',
    ]);
    const unsupported = { jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported protocol version' } };
    expect(validateServerMessage(v, unsupported)).toEqual([
      'UnsupportedProtocolVersionError at /error: missing required property "data"',
    ]);
  });
});
