// Tasks in the 2025-11-25 era (experimental tasks utility) with the official SDK client 1.32.2, which
// speaks them (client.experimental.tasks), over real stdio and real HTTP. The same handlers as the
// 2026-07-28 tests: the approval reaches the client as an elicitation on its tasks/result request.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, CreateTaskResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { tsCommand } from '../support/spawn-fixture.js';
import { createTaskApp } from './fixtures/task-app.js';

const FIXTURE = 'test/tasks/fixtures/task-app.ts';
const apps: McpApp[] = [];
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(apps.map((a) => a.close()));
});

type Open = (user?: string) => Promise<Transport>;
let httpUrl: Promise<URL> | undefined;

const transports: Record<string, Open> = {
  stdio: async () => {
    const { command, args, cwd } = tsCommand(FIXTURE);
    return new StdioClientTransport({ command, args, cwd, stderr: 'ignore' });
  },
  'Streamable HTTP': async (user = 'alice') => {
    httpUrl ??= (async () => {
      const app = createTaskApp();
      apps.push(app);
      const { url } = await app.listen({
        http: {
          port: 0,
          authenticate: async (request: Request) => ({
            token: 't',
            clientId: 'c',
            scopes: [],
            subject: request.headers.get('x-user') ?? 'alice',
          }),
        },
      });
      return new URL(String(url));
    })();
    return new StreamableHTTPClientTransport(await httpUrl, { requestInit: { headers: { 'x-user': user } } });
  },
};

async function connect(open: Open, user?: string): Promise<{ client: Client; asked: string[] }> {
  const client = new Client({ name: 'sdk-tasks', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { approve: true } };
  });
  await client.connect(await open(user));
  clients.push(client);
  return { client, asked };
}

const startTask = async (client: Client, name: string, ttl?: number) =>
  (
    await client.request(
      { method: 'tools/call', params: { name, arguments: {}, task: ttl === undefined ? {} : { ttl } } },
      CreateTaskResultSchema,
    )
  ).task;

describe.each(Object.keys(transports))('tasks, 2025-11-25, with the SDK client over %s', (name) => {
  const open = transports[name] as Open;

  it('advertises tasks and each tool’s taskSupport', async () => {
    const { client } = await connect(open);
    // stdio is unauthenticated: no tasks.list (2025-11-25 "SHOULD NOT" for unidentified requestors).
    expect(client.getServerCapabilities()?.tasks).toEqual({
      ...(name === 'stdio' ? {} : { list: {} }),
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await client.listTools();
    expect(Object.fromEntries(tools.map((t) => [t.name, t.execution?.taskSupport]))).toMatchObject({
      deploy: 'optional',
      batch: 'required',
    });
  });

  it('create → poll → input_required → the answer on tasks/result → completed', async () => {
    const { client, asked } = await connect(open);
    const seen: string[] = [];
    let result: unknown;
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'deploy', arguments: { service: 'api' } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    )) {
      if (message.type === 'taskCreated') seen.push(`created:${message.task.status}`);
      if (message.type === 'taskStatus') seen.push(message.task.status);
      if (message.type === 'result') result = message.result;
      if (message.type === 'error') throw message.error;
    }
    expect(seen[0]).toBe('created:working');
    expect(seen).toContain('input_required');
    expect(asked).toEqual(['Roll out api?']);
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'api deployed' }] });
  });

  it('cancel while working: the task is cancelled, and a second cancel is refused', async () => {
    const { client } = await connect(open);
    const task = await startTask(client, 'forever');
    const cancelled = await client.experimental.tasks.cancelTask(task.taskId);
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: 'cancelled' });
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
    await expect(client.experimental.tasks.cancelTask(task.taskId)).rejects.toMatchObject({ code: -32602 });
  });

  it('a tool error is a failed task whose result is the isError result; a required tool needs a task', async () => {
    const { client } = await connect(open);
    const task = await startTask(client, 'broken');
    let status = (await client.experimental.tasks.getTask(task.taskId)).status;
    while (status === 'working') status = (await client.experimental.tasks.getTask(task.taskId)).status;
    expect(status).toBe('failed');
    const payload = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(payload).toMatchObject({ isError: true });
    await expect(client.callTool({ name: 'batch', arguments: {} })).rejects.toMatchObject({ code: -32601 });
  });

  it('a task is gone after its TTL', async () => {
    const { client } = await connect(open);
    const task = await startTask(client, 'forever', 300);
    expect(task.ttl).toBe(300);
    for (;;) {
      const outcome = await client.experimental.tasks.getTask(task.taskId).catch((error: { code: number }) => error);
      if ('code' in outcome) {
        expect(outcome.code).toBe(-32602);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it.runIf(name === 'Streamable HTTP')('another principal’s tasks/get and tasks/list see nothing of it', async () => {
    const alice = await connect(open, 'alice');
    const mallory = await connect(open, 'mallory');
    const task = await startTask(alice.client, 'forever');
    await expect(mallory.client.experimental.tasks.getTask(task.taskId)).rejects.toMatchObject({ code: -32602 });
    expect((await mallory.client.experimental.tasks.listTasks()).tasks).toEqual([]);
    const listed = (await alice.client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId);
    expect(listed).toContain(task.taskId);
  });
});
