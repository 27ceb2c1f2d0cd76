// The extension seam at the router: with the tasks extension mounted, a tools/call of a tool that is
// not task-capable costs what it costs with tasks off — one request context, no tools list, answered
// in the turn it arrived — in both eras; only a call that may become a task (or must be refused) goes
// through the tasks. Counted, not timed: contexts made by the engine's one factory, list calls, and
// whether the response was sent before the transport's delivery returned.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as context from '../../src/engine/context.js';
import {
  type JsonObject,
  type JsonRpcMessage,
  ProtocolServer,
  type ServerExtension,
  type ToolsProvider,
  type Transport,
} from '../../src/index.js';
import { TasksExtension } from '../../src/tasks.js';

vi.mock('../../src/engine/context.js', async (original) => {
  const actual = await original<typeof import('../../src/engine/context.js')>();
  return { ...actual, createRequestContext: vi.fn(actual.createRequestContext) };
});
const made = vi.mocked(context.createRequestContext);

const TASKS = 'io.modelcontextprotocol/tasks';
const servers: ProtocolServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A transport the test drives by hand: what the server sends is recorded as it is sent. */
function handTransport() {
  const sent: JsonRpcMessage[] = [];
  const transport: Transport = {
    start: async () => {},
    send: async (message) => {
      sent.push(...(Array.isArray(message) ? message : [message]));
    },
    close: async () => {},
  };
  const deliver = (message: JsonObject) => (transport.onmessage as (value: unknown) => void)(message);
  const answer = (id: number) => sent.find((m) => 'id' in m && m.id === id) as JsonObject | undefined;
  return { transport, deliver, answer };
}

/** `plain` has no task support, `deploy` may be a task, `job` must be one; `wait` answers when cancelled. */
function tools(seen: { lists: number; signals: AbortSignal[] }): ToolsProvider {
  const policies: Record<string, { support: 'optional' | 'required' }> = {
    deploy: { support: 'optional' },
    job: { support: 'required' },
    wait: { support: 'optional' },
  };
  return {
    list: () => {
      seen.lists++;
      return ['plain', 'deploy', 'job', 'wait'].map((name) => ({ name, inputSchema: { type: 'object' } }));
    },
    call: ({ name }, ctx) => {
      if (name !== 'wait') return { content: [{ type: 'text', text: `${name} done` }] };
      seen.signals.push(ctx.signal);
      return new Promise((resolve) => {
        ctx.signal.addEventListener('abort', () => resolve({ content: [{ type: 'text', text: 'stopped' }] }));
      });
    },
    taskPolicy: (name) => policies[name],
  };
}

async function connected(extensions: ServerExtension[]) {
  const server = new ProtocolServer({ serverInfo: { name: 'seam', version: '1.0.0' }, extensions });
  servers.push(server);
  const seen = { lists: 0, signals: [] as AbortSignal[] };
  server.setTools(tools(seen), false);
  const hand = handTransport();
  await server.connect(hand.transport);
  hand.deliver({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  await vi.waitFor(() => expect(hand.answer(0)).toBeDefined());
  hand.deliver({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { server, seen, ...hand };
}

const modernMeta = (capabilities: JsonObject = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
});

const call = (id: number, name: string, more: JsonObject = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {}, ...more },
});

describe.each([
  ['tasks off', () => []],
  ['tasks on', () => [new TasksExtension()]],
])('a tool without task support, %s', (_label, extensions) => {
  it.each([
    ['2025-11-25', {}],
    ['2026-07-28', { _meta: modernMeta() }],
    // Opting into tasks changes nothing for a tool that cannot be one (2026-07-28: a plain answer).
    ['2026-07-28 with the tasks extension declared', { _meta: modernMeta({ extensions: { [TASKS]: {} } }) }],
  ])('%s: one context, no list, answered in the turn it arrived', async (_era, more) => {
    const { seen, deliver, answer } = await connected(extensions());
    for (let id = 1; id <= 3; id++) {
      made.mockClear();
      deliver(call(id, 'plain', more));
      // Sent before deliver returned: no promise anywhere between the transport and the tool.
      expect(answer(id)).toMatchObject({ result: { content: [{ type: 'text', text: 'plain done' }] } });
      expect(made).toHaveBeenCalledTimes(1);
    }
    expect(seen.lists).toBe(0);
  });
});

describe('tasks on: what goes through the tasks extension', () => {
  it('a call that opted in for a task-capable tool becomes a task (both eras)', async () => {
    const { deliver, answer } = await connected([new TasksExtension()]);
    deliver(call(1, 'deploy', { task: {} }));
    deliver(call(2, 'deploy', { _meta: modernMeta({ extensions: { [TASKS]: {} } }) }));
    await vi.waitFor(() => expect(answer(1) && answer(2)).toBeTruthy());
    expect(answer(1)).toMatchObject({ result: { task: { status: 'working' } } });
    expect(answer(2)).toMatchObject({ result: { resultType: 'task', status: 'working' } });
  });

  it('refuses a task-required tool called plainly, and a 2025-11-25 task request for a tool without support', async () => {
    const { deliver, answer } = await connected([new TasksExtension()]);
    deliver(call(1, 'job'));
    deliver(call(2, 'job', { _meta: modernMeta() }));
    deliver(call(3, 'plain', { task: {} }));
    await vi.waitFor(() => expect(answer(1) && answer(2) && answer(3)).toBeTruthy());
    expect(answer(1)).toMatchObject({ error: { code: -32601 } });
    expect(answer(2)).toMatchObject({ error: { code: -32021 } });
    expect(answer(3)).toMatchObject({ error: { code: -32601 } });
  });

  it.each([
    ['2025-11-25', {}],
    ['2026-07-28', { _meta: modernMeta() }],
  ])('%s: cancelling a plain call of an optional-task tool aborts ctx.signal', async (_era, more) => {
    const { seen, deliver, answer } = await connected([new TasksExtension()]);
    deliver(call(1, 'wait', more));
    await vi.waitFor(() => expect(seen.signals).toHaveLength(1));
    deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'enough' } });
    expect(seen.signals[0].aborted).toBe(true);
    // A cancelled request gets no response (the spec's SHOULD NOT); the signal is what the handler sees.
    expect(answer(1)).toBeUndefined();
  });
});

describe('the seam', () => {
  it('an extension adds methods, capabilities (its `extensions` entries, others only where absent) and wrappers', async () => {
    const calls: string[] = [];
    const echo: ServerExtension = {
      id: 'example.com/echo',
      capabilities: () => ({ extensions: { 'example.com/echo': {} }, tools: { listChanged: false }, logging: {} }),
      method: (name) => (name === 'echo/say' ? (params) => ({ said: params.text ?? '' }) : undefined),
      wrappers: {
        'tools/call': {
          applies: (params) => params.name === 'deploy',
          around: (wrapped) => {
            calls.push(`around ${wrapped.params.name}`);
            return wrapped.next(wrapped.ctx);
          },
        },
      },
    };
    const { server, deliver, answer } = await connected([echo]);
    const caps = server.capabilities('2025-11-25');
    expect(caps.extensions).toEqual({ 'example.com/echo': {} });
    expect(caps.tools).toEqual({ listChanged: true }); // the server's own, not the extension's
    deliver({ jsonrpc: '2.0', id: 1, method: 'echo/say', params: { text: 'hi' } });
    deliver(call(2, 'plain'));
    deliver(call(3, 'deploy'));
    await vi.waitFor(() => expect(answer(1) && answer(2) && answer(3)).toBeTruthy());
    expect(answer(1)).toMatchObject({ result: { said: 'hi' } });
    expect(calls).toEqual(['around deploy']);
    server.unmount('example.com/echo');
    expect(server.capabilities('2025-11-25').extensions).toBeUndefined();
    deliver({ jsonrpc: '2.0', id: 4, method: 'echo/say', params: {} });
    await vi.waitFor(() => expect(answer(4)).toMatchObject({ error: { code: -32601 } }));
  });
});
