// Limits on tasks, in both eras over real stdio and real HTTP: a requestor past `maxLiveTasksPerRequestor` running
// tasks gets a clear -32600 naming the option (the spec: "enforce limits on concurrent tasks per requestor"), and the
// in-memory store stays within `maxStoredBytes` by dropping the oldest finished tasks.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { tsCommand } from '../support/spawn-fixture.js';
import { createTaskApp, type TaskAppOptions } from './fixtures/task-app.js';
import { httpWire, meta, stdioWire, type Wire } from './support/raw-wire.js';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

const CAPPED: TaskAppOptions = { maxLiveTasksPerRequestor: 2 };

describe.each([
  ['stdio', stdioWire],
  ['Streamable HTTP', httpWire],
] as const)('task limits, 2026-07-28 over %s', (_name, open) => {
  const connect = async (options: TaskAppOptions): Promise<Wire> => {
    const wire = await open(options);
    closers.push(() => wire.close());
    return wire;
  };
  const call = (wire: Wire, name: string, args = {}) =>
    wire.request('tools/call', { name, arguments: args, _meta: meta(true) });

  it('a requestor with maxLiveTasksPerRequestor tasks running is refused one more, naming the option', async () => {
    const wire = await connect(CAPPED);
    expect((await call(wire, 'forever')).result).toMatchObject({ resultType: 'task', status: 'working' });
    expect((await call(wire, 'forever')).result).toMatchObject({ resultType: 'task', status: 'working' });
    const third = await call(wire, 'forever');
    expect(third.error).toMatchObject({ code: -32600, message: expect.stringContaining('maxLiveTasksPerRequestor') });
  });

  it('finished tasks make room in a full store: the oldest is gone (-32602), new tasks are still created', async () => {
    const wire = await connect({ maxStoredBytes: 4_096 });
    const first = (await call(wire, 'quick', { version: '1.0.0' })).result;
    expect(first).toMatchObject({ resultType: 'task' });
    for (let i = 1; i < 40; i++) {
      expect((await call(wire, 'quick', { version: `1.0.${i}` })).result).toMatchObject({ resultType: 'task' });
    }
    const gone = await wire.request('tasks/get', { taskId: first.taskId, _meta: meta(true) });
    expect(gone.error).toMatchObject({ code: -32602 });
  });
});

async function sdkClient(name: string, options: TaskAppOptions): Promise<Client> {
  let transport: StdioClientTransport | StreamableHTTPClientTransport;
  if (name === 'stdio') {
    const { command, args, cwd } = tsCommand('test/tasks/fixtures/task-app.ts');
    const env = { ...(process.env as Record<string, string>), TASK_APP_OPTIONS: JSON.stringify(options) };
    transport = new StdioClientTransport({ command, args, cwd, env, stderr: 'ignore' });
  } else {
    const app: McpApp = createTaskApp(undefined, undefined, options);
    closers.push(() => app.close());
    const { url } = await app.listen({ http: { port: 0 } });
    transport = new StreamableHTTPClientTransport(new URL(String(url)));
  }
  const client = new Client({ name: 'sdk-task-limits', version: '1.0.0' });
  await client.connect(transport);
  closers.push(() => client.close());
  return client;
}

describe.each(['stdio', 'Streamable HTTP'])('task limits, 2025-11-25 (SDK 1.32.2) over %s', (name) => {
  it('a requestor with maxLiveTasksPerRequestor tasks running is refused one more, naming the option', async () => {
    const client = await sdkClient(name, CAPPED);
    const start = () =>
      client.request(
        { method: 'tools/call', params: { name: 'forever', arguments: {}, task: {} } },
        CreateTaskResultSchema,
      );
    expect((await start()).task.status).toBe('working');
    expect((await start()).task.status).toBe('working');
    await expect(start()).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('maxLiveTasksPerRequestor'),
    });
  });
});
