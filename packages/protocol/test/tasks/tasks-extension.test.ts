// TasksExtension: what the router mounts — capabilities per revision, method lookup per revision,
// and the tools/call wrapper with contexts built the engine's way.
import { describe, expect, it } from 'vitest';
import { Cancellation } from '../../src/engine/cancellation.js';
import { InputRequiredSignal, ModernRequest } from '../../src/engine/modern/modern-request.js';
import { TasksExtension } from '../../src/tasks/tasks-extension.js';
import { recordingChannel, TASKS } from './support.js';

const request = (params: Record<string, unknown>) => ({
  jsonrpc: '2.0' as const,
  id: 7,
  method: 'tools/call',
  params: { name: 'deploy', arguments: {}, ...params },
});

describe('TasksExtension', () => {
  it('advertises the extension on 2026-07-28 and the tasks capability on 2025-11-25, nothing before', () => {
    const tasks = new TasksExtension();
    expect(tasks.capabilities('2026-07-28')).toEqual({ extensions: { [TASKS]: {} } });
    expect(tasks.capabilities('2025-11-25', true)).toEqual({
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    expect(tasks.capabilities('2025-11-25')).toEqual({ tasks: { cancel: {}, requests: { tools: { call: {} } } } });
    expect(tasks.capabilities('2025-06-18')).toEqual({});
    expect(tasks.method('tasks/result', '2026-07-28')).toBeUndefined();
    expect(tasks.method('tasks/list', '2026-07-28')).toBeUndefined();
    expect(tasks.method('tasks/update', '2025-11-25')).toBeUndefined();
    expect(tasks.method('tasks/get', '2025-06-18')).toBeUndefined();
    expect(tasks.method('tasks/result', '2025-11-25')).toBeTypeOf('function');
    tasks.close();
  });

  it('finds no method named after a property of Object.prototype (method names are data)', () => {
    const tasks = new TasksExtension();
    for (const version of ['2026-07-28', '2025-11-25']) {
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        expect(tasks.method(name, version), `${name} on ${version}`).toBeUndefined();
      }
    }
    tasks.close();
  });

  it('a modern opted-in call becomes a task at once (immediate start); a plain one does not', async () => {
    const tasks = new TasksExtension();
    const { channel } = recordingChannel();
    const modern = (caps: Record<string, unknown>) => new ModernRequest('2026-07-28', caps, undefined, undefined, {});
    const serve = (caps: Record<string, unknown>) =>
      tasks.callTool({
        request: request({}),
        channel,
        cancellation: new Cancellation(),
        info: { authInfo: { token: 't', clientId: 'c', scopes: [], subject: 'alice' } },
        modern: modern(caps),
        policy: { support: 'optional' },
        invoke: async (ctx) => ({ content: [{ type: 'text', text: `by ${ctx.authInfo?.subject}` }] }),
      });
    expect(await serve({})).toEqual({ content: [{ type: 'text', text: 'by alice' }] });
    const created = await serve({ extensions: { [TASKS]: {} } });
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    const get = tasks.method('tasks/get', '2026-07-28');
    expect(get).toBeTypeOf('function');
    tasks.close();
  });

  it('a question before the task is pending on the request’s own envelope (what the MRTR codec reads)', async () => {
    const tasks = new TasksExtension();
    const original = new ModernRequest(
      '2026-07-28',
      { elicitation: {}, extensions: { [TASKS]: {} } },
      undefined,
      undefined,
      {},
    );
    const outcome = tasks.callTool({
      request: request({}),
      channel: recordingChannel().channel,
      cancellation: new Cancellation(),
      info: undefined,
      modern: original,
      policy: { support: 'required', start: 'handler' },
      invoke: async (ctx) => {
        await ctx.elicit({ message: 'Name?' });
        return { content: [] };
      },
    });
    await expect(outcome).rejects.toBeInstanceOf(InputRequiredSignal);
    expect([...original.pending.values()]).toEqual([{ method: 'elicitation/create', params: { message: 'Name?' } }]);
    tasks.close();
  });

  it('a legacy call opts in with params.task and gets the requested ttl', async () => {
    const tasks = new TasksExtension({ maxTtlMs: 120_000 });
    const created = await tasks.callTool({
      request: request({ task: { ttl: 600_000 } }),
      channel: recordingChannel().channel,
      cancellation: new Cancellation(),
      info: undefined,
      policy: { support: 'required' },
      connectionScope: 'session-1',
      invoke: async () => ({ content: [] }),
    });
    expect(created).toMatchObject({ task: { status: 'working', ttl: 120_000 } });
    tasks.close();
  });
});
