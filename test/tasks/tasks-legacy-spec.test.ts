// 2025-11-25 experimental tasks, the points where the spec text is exact, with the official SDK client 1.32.2
// over real stdio and real HTTP:
// - "Receivers that accept a task-augmented request MUST return a CreateTaskResult": a `start: 'handler'` tool
//   whose handler answers before `ctx.continueAsTask()` still answers a `task` request with a (completed) task;
// - "receivers that cannot identify requestors SHOULD NOT declare the tasks.list capability".
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { tsCommand } from '../support/spawn-fixture.js';
import { createTaskApp } from './fixtures/task-app.js';

const FIXTURE = 'test/tasks/fixtures/task-app.ts';
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function httpUrl(authenticated: boolean): Promise<URL> {
  const app: McpApp = createTaskApp();
  closers.push(() => app.close());
  const authenticate = async () => ({ token: 't', clientId: 'c', scopes: [], subject: 'alice' });
  const { url } = await app.listen({ http: { port: 0, ...(authenticated ? { authenticate } : {}) } });
  return new URL(String(url));
}

async function connect(name: string, authenticated = true): Promise<Client> {
  const { command, args, cwd } = tsCommand(FIXTURE);
  const transport =
    name === 'stdio'
      ? new StdioClientTransport({ command, args, cwd, stderr: 'ignore' })
      : new StreamableHTTPClientTransport(await httpUrl(authenticated));
  const client = new Client({ name: 'sdk-tasks-spec', version: '1.0.0' });
  await client.connect(transport);
  closers.push(() => client.close());
  return client;
}

describe.each(['stdio', 'Streamable HTTP'])('2025-11-25 tasks per the spec, SDK 1.32.2 over %s', (name) => {
  it('a handler that answers before continueAsTask still gives a task request a CreateTaskResult (completed)', async () => {
    const client = await connect(name);
    const seen: string[] = [];
    let result: unknown;
    let taskId = '';
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'quick', arguments: { version: 'bad' } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    )) {
      if (message.type === 'taskCreated') {
        taskId = message.task.taskId;
        seen.push(`created:${message.task.status}`);
      }
      if (message.type === 'taskStatus') seen.push(message.task.status);
      if (message.type === 'result') result = message.result;
      if (message.type === 'error') throw message.error;
    }
    expect(seen[0]).toBe('created:completed');
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'not a version: bad' }] });
    const task = await client.experimental.tasks.getTask(taskId);
    expect(task).toMatchObject({ taskId, status: 'completed', ttl: 60_000 });
    // A terminal task cannot be cancelled: -32602.
    await expect(client.experimental.tasks.cancelTask(taskId)).rejects.toMatchObject({ code: -32602 });
    if (name !== 'stdio') {
      const listed = (await client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId);
      expect(listed).toContain(taskId);
    }
  });

  it('the same request without `task` gets the plain result, and one that continues gets a working task', async () => {
    const client = await connect(name);
    const plain = await client.callTool({ name: 'quick', arguments: { version: 'bad' } });
    expect(plain).toMatchObject({ content: [{ type: 'text', text: 'not a version: bad' }] });
    expect(plain).not.toHaveProperty('task');
    const created = await client.request(
      { method: 'tools/call', params: { name: 'quick', arguments: { version: '1.2.3' }, task: {} } },
      CreateTaskResultSchema,
    );
    const done = await client.experimental.tasks.getTaskResult(created.task.taskId, CallToolResultSchema);
    expect(done).toMatchObject({ content: [{ type: 'text', text: 'released 1.2.3' }] });
  });

  it('tasks.list is declared only to an identified (authenticated) caller; an anonymous tasks/list is -32601', async () => {
    const anonymous = await connect(name, false);
    expect(anonymous.getServerCapabilities()?.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
    await expect(anonymous.experimental.tasks.listTasks()).rejects.toMatchObject({ code: -32601 });
    if (name === 'stdio') return; // stdio has no authentication
    const identified = await connect(name, true);
    expect(identified.getServerCapabilities()?.tasks).toMatchObject({ list: {} });
  });
});
