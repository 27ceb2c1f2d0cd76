// The client's task API (`@decorum/protocol/client`) against a Decorum app with `@Tool({ task })` over Streamable
// HTTP, in both eras: 2025-11-25 experimental tasks and the 2026-07-28 extension. Created, followed, questions
// answered inside the task, cancelled on abort, and the low-level task methods.
import { Arg, type Context, Ctx, McpApp, Tool } from '@decorum/core';
import type { JsonObject } from '@decorum/protocol';
import { type ClientTask, connectHttp, type McpClient } from '@decorum/protocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Resolves once the request's (or its task's) signal aborts: a job that only ends by cancellation. */
const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

const cancelled: string[] = [];

class Jobs {
  @Tool({ name: 'count', description: 'Counts to n, as a task', task: 'required' })
  async count(@Arg('n', { type: Number }) n: number): Promise<string> {
    return `counted to ${n}`;
  }

  @Tool({ name: 'ask_name', description: 'Asks a name inside the task', task: 'optional' })
  async askName(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as never,
      'Your name?',
    );
    return answer.action === 'accept' ? `Hello, ${String((answer.data as JsonObject).name)}` : answer.action;
  }

  @Tool({ name: 'forever', description: 'Runs until cancelled', task: 'optional' })
  async forever(@Arg('label', { type: String }) label: string, @Ctx() ctx: Context): Promise<string> {
    await aborted(ctx.signal).catch((error) => {
      cancelled.push(label);
      throw error;
    });
    return 'never';
  }
}

const handlers = { elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }) };

describe.each(['2025-11-25', '2026-07-28'])('client tasks against a Decorum app (%s)', (protocolVersion) => {
  let app: McpApp;
  let client: McpClient;

  beforeAll(async () => {
    app = new McpApp({
      name: 'jobs',
      version: '1.0.0',
      providers: [Jobs],
      tasks: { pollIntervalMs: 20 },
    });
    // Authenticated: 2025-11-25 offers tasks/list to identified callers only.
    const who = async () => ({ token: 't', clientId: 'jobs-client', scopes: [], subject: 'ada' });
    const { url } = await app.listen({ http: { port: 0, authenticate: who } });
    client = await connectHttp(url as URL, { protocolVersion, handlers, listen: false });
  });
  afterAll(async () => {
    await client?.close();
    await app?.close();
  });

  it('a required task tool: created, followed, its result returned; the statuses heard', async () => {
    const seen: ClientTask[] = [];
    const result = await client.callTool('count', { n: 3 }, { task: { ttlMs: 60_000, onStatus: (t) => seen.push(t) } });
    expect(result.content).toEqual([{ type: 'text', text: 'counted to 3' }]);
    expect(seen[0]?.taskId).toMatch(/./);
    expect(seen[0]?.ttlMs).toBeGreaterThan(0);
    const task = await client.getTask(seen[0]?.taskId as string);
    expect(task.status).toBe('completed');
    expect((await client.getTaskResult(task.taskId)).content).toEqual(result.content);
  });

  it('a question inside the task is answered by the handlers', async () => {
    const result = await client.callTool('ask_name', {}, { task: true });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
  });

  it('aborting the signal cancels the task on the server', async () => {
    const abort = new AbortController();
    let taskId = '';
    const call = client.callTool(
      'forever',
      { label: protocolVersion },
      {
        signal: abort.signal,
        task: {
          onStatus: (t) => {
            taskId = t.taskId;
            abort.abort(new Error('enough'));
          },
        },
      },
    );
    await expect(call).rejects.toThrow('enough');
    await expect.poll(async () => (await client.getTask(taskId)).status).toBe('cancelled');
    await expect.poll(() => cancelled).toContain(protocolVersion);
  });

  it('low-level methods: list (2025-11-25 only), cancel, update (2026-07-28 only)', async () => {
    if (protocolVersion === '2025-11-25') {
      const page = await client.listTasks();
      expect(page.tasks.length).toBeGreaterThan(0);
      await expect(client.updateTask('x', {})).rejects.toThrow(/2026-07-28/);
    } else {
      await expect(client.listTasks()).rejects.toThrow(/no task list/);
      await expect(client.getTask('no-such-task')).rejects.toThrow();
    }
  });
});
