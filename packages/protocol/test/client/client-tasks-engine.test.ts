// The client's task API against the engine alone (a ProtocolServer with tasks on and a tools provider declaring task
// policies), in memory, in every revision that has tasks: a task-only tool, a question inside the task, and a task
// cancelled when the call's signal aborts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, type McpClient } from '../../src/client.js';
import { ProtocolServer, type ToolsProvider } from '../../src/index.js';
import { TasksExtension } from '../../src/tasks.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** Three tools: `count` (task required), `ask` (optional, asks a name), `forever` (optional, ends when cancelled). */
function tools(cancelled: string[]): ToolsProvider {
  const schema = { type: 'object' as const };
  const list = [
    { name: 'count', inputSchema: schema, execution: { taskSupport: 'required' } },
    { name: 'ask', inputSchema: schema, execution: { taskSupport: 'optional' } },
    { name: 'forever', inputSchema: schema, execution: { taskSupport: 'optional' } },
  ];
  return {
    list: () => list,
    async call({ name, arguments: args = {} }, ctx) {
      if (name === 'count') return text(`counted to ${String(args.n)}`);
      if (name === 'ask') {
        const answer = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } });
        return text(`Hello, ${String((answer.content as { name?: string } | undefined)?.name)}`);
      }
      await new Promise((_, reject) =>
        ctx.signal.addEventListener('abort', () => {
          cancelled.push(String(args.label));
          reject(ctx.signal.reason);
        }),
      );
      return text('never');
    },
  };
}

describe.each(['2025-11-25', '2026-07-28'])('client tasks against the engine (%s, in memory)', (protocolVersion) => {
  const cancelled: string[] = [];
  let server: ProtocolServer;
  let client: McpClient;

  beforeAll(async () => {
    server = new ProtocolServer({
      serverInfo: { name: 'jobs', version: '1.0.0' },
      extensions: [new TasksExtension({ pollIntervalMs: 10 })],
    });
    server.setTools(tools(cancelled));
    client = await connectInMemory(server, {
      protocolVersion,
      listen: false,
      handlers: { elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }) },
    });
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('follows a task-only tool to its result, and a question inside a task', async () => {
    const statuses: string[] = [];
    const counted = await client.callTool('count', { n: 2 }, { task: { onStatus: (t) => statuses.push(t.status) } });
    expect(counted.content).toEqual([{ type: 'text', text: 'counted to 2' }]);
    expect(statuses[0]).toBe('working');
    expect((await client.callTool('ask', {}, { task: true })).content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
  });

  it('cancels the task when the signal aborts', async () => {
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
    await expect.poll(() => cancelled).toContain(protocolVersion);
    expect((await client.getTask(taskId)).status).toBe('cancelled');
  });
});
