// Tasks through a mount: a Decorum app with task tools served over HTTP is mounted into a hub. With the hub's tasks
// on, a mounted tool keeps its task support and its downstream task is the hub's own (v1 SDK 1.32.2 on 2025-11-25
// through its experimental tasks API; the modern flow of 2026-07-28 with Decorum's client, as the official v2 client
// 2.4.0 does not speak the tasks extension); questions the mounted server asks inside the task reach the downstream
// client through the task; cancelling the downstream task cancels the upstream one. With the hub's tasks off, a
// tool that requires a task is shown as a plain tool and still works: the mount runs it as a task upstream.
import { Arg, type Context, Ctx, http, McpApp, Tool } from '@decorum/core';
import { connectHttp } from '@decorum/protocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cancelled: string[] = [];
const ANSWER = { action: 'accept' as const, content: { name: 'Ada' } };

class Jobs {
  @Tool({ name: 'count', description: 'Counts to n (task required)', task: 'required' })
  async count(@Arg('n', { type: Number }) n: number): Promise<string> {
    return `counted to ${n}`;
  }

  @Tool({ name: 'ask_name', description: 'Asks a name inside the task', task: 'optional' })
  async askName(@Ctx() ctx: Context): Promise<string> {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const answer = await ctx.elicit(schema as never, 'Your name?');
    return answer.action === 'accept' ? `Hello, ${String((answer.data as { name: string }).name)}` : answer.action;
  }

  @Tool({ name: 'forever', description: 'Runs until cancelled', task: 'optional' })
  async forever(@Arg('label', { type: String }) label: string, @Ctx() ctx: Context): Promise<string> {
    await new Promise((_, reject) =>
      ctx.signal.addEventListener('abort', () => {
        cancelled.push(label);
        reject(ctx.signal.reason);
      }),
    );
    return 'never';
  }
}

/** The v1 SDK client's experimental task call: the final result (or the error it ended with). */
async function v1Task(client: Client, name: string, args: Record<string, unknown>) {
  const stream = client.experimental.tasks.callToolStream({ name, arguments: args }, CallToolResultSchema, {
    task: { ttl: 60_000 },
  });
  const seen: string[] = [];
  for await (const message of stream) {
    seen.push(message.type);
    if (message.type === 'result') return { result: message.result, seen };
    if (message.type === 'error') throw message.error;
  }
  throw new Error(`no result (${seen.join(', ')})`);
}

describe('tasks through a mount', () => {
  const apps: McpApp[] = [];
  let upstream: URL;
  let withTasks: URL;
  let withoutTasks: URL;
  let modernUpstream: URL;

  beforeAll(async () => {
    const jobs = new McpApp({ name: 'jobs', version: '1.0.0', providers: [Jobs], tasks: { pollIntervalMs: 20 } });
    apps.push(jobs);
    upstream = (await jobs.listen({ http: { port: 0 } })).url as URL;
    const hub = (tasks: boolean, protocolVersion = '2025-11-25') =>
      new McpApp({
        name: 'hub',
        version: '1.0.0',
        providers: [],
        mounts: [{ prefix: 'up', server: http(upstream, { protocolVersion }) }],
        ...(tasks && { tasks: { pollIntervalMs: 20 } }),
      });
    const [on, off, modern] = [hub(true), hub(false), hub(false, '2026-07-28')];
    apps.push(on, off, modern);
    withTasks = (await on.listen({ http: { port: 0 } })).url as URL;
    withoutTasks = (await off.listen({ http: { port: 0 } })).url as URL;
    modernUpstream = (await modern.listen({ http: { port: 0 } })).url as URL;
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  const v1 = async (url: URL) => {
    const client = new Client({ name: 'mount-tasks', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ANSWER);
    await client.connect(new StreamableHTTPClientTransport(url));
    return client;
  };

  it('2025-11-25 (v1 SDK): task support kept, the downstream task is the hub’s, elicitation inside it', async () => {
    const client = await v1(withTasks);
    try {
      expect(client.getServerCapabilities()?.tasks).toMatchObject({ requests: { tools: { call: {} } } });
      const { tools } = await client.listTools();
      const support = Object.fromEntries(tools.map((t) => [t.name, t.execution?.taskSupport]));
      expect(support).toEqual({ up_count: 'required', up_ask_name: 'optional', up_forever: 'optional' });
      const counted = await v1Task(client, 'up_count', { n: 4 });
      expect(counted.seen[0]).toBe('taskCreated');
      expect(counted.result.content).toEqual([{ type: 'text', text: 'counted to 4' }]);
      const asked = await v1Task(client, 'up_ask_name', {});
      expect(asked.result.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    } finally {
      await client.close();
    }
  }, 20_000);

  it('2026-07-28 (Decorum client): the downstream task, its input request answered with tasks/update', async () => {
    const client = await connectHttp(withTasks, {
      protocolVersion: '2026-07-28',
      listen: false,
      handlers: { elicitation: () => ANSWER },
    });
    try {
      const statuses: string[] = [];
      const counted = await client.callTool(
        'up_count',
        { n: 2 },
        { task: { onStatus: (t) => statuses.push(t.status) } },
      );
      expect(counted.content).toEqual([{ type: 'text', text: 'counted to 2' }]);
      expect(statuses[0]).toBe('working');
      const asked = await client.callTool('up_ask_name', {}, { task: { onStatus: (t) => statuses.push(t.status) } });
      expect(asked.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
      expect(statuses).toContain('input_required');
    } finally {
      await client.close();
    }
  }, 20_000);

  it.each(['2025-11-25', '2026-07-28'])(
    'cancelling the downstream task cancels the upstream one (%s)',
    async (v) => {
      const client = await connectHttp(withTasks, { protocolVersion: v, listen: false });
      try {
        const abort = new AbortController();
        const call = client.callTool(
          'up_forever',
          { label: `hub-${v}` },
          { signal: abort.signal, task: { onStatus: () => abort.abort(new Error('stop')) } },
        );
        await expect(call).rejects.toThrow('stop');
        await expect.poll(() => cancelled, { timeout: 5_000 }).toContain(`hub-${v}`);
      } finally {
        await client.close();
      }
    },
    20_000,
  );

  it('with the hub’s tasks off, a required task tool is a plain tool that still works', async () => {
    const client = await v1(withoutTasks);
    try {
      expect(client.getServerCapabilities()?.tasks).toBeUndefined();
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === 'up_count')?.execution).toEqual({ taskSupport: 'forbidden' });
      const counted = await client.callTool({ name: 'up_count', arguments: { n: 5 } });
      expect(counted.content).toEqual([{ type: 'text', text: 'counted to 5' }]);
      const asked = await client.callTool({ name: 'up_ask_name', arguments: {} });
      expect(asked.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    } finally {
      await client.close();
    }
  }, 20_000);

  it('a mount speaking 2026-07-28 upstream calls a task-only tool as a task when the server asks for one (-32021)', async () => {
    const client = await v1(modernUpstream);
    try {
      const counted = await client.callTool({ name: 'up_count', arguments: { n: 6 } });
      expect(counted.content).toEqual([{ type: 'text', text: 'counted to 6' }]);
      const asked = await client.callTool({ name: 'up_ask_name', arguments: {} });
      expect(asked.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    } finally {
      await client.close();
    }
  }, 20_000);
});
