// Tasks in the 2026-07-28 era (extension io.modelcontextprotocol/tasks) over real stdio and real HTTP,
// as raw JSON-RPC: the official v2 client (@modelcontextprotocol/client 2.4.0) does not speak tasks —
// it refuses a tools/call result whose resultType is not "complete". Written once, run per transport.
import { afterAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { LineReader, spawnTs } from '../support/spawn-fixture.js';
import { createTaskApp } from './fixtures/task-app.js';

type Message = Record<string, any>;
const TASKS = 'io.modelcontextprotocol/tasks';
const FIXTURE = 'test/tasks/fixtures/task-app.ts';

interface Sender {
  /** Sends one request as `user` (HTTP only) and resolves with the JSON-RPC response. */
  send(method: string, params: Message, user?: string): Promise<Message>;
  close(): Promise<void>;
}

function meta(optIn = true): Message {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {
      elicitation: { form: {} },
      ...(optIn ? { extensions: { [TASKS]: {} } } : {}),
    },
    'io.modelcontextprotocol/clientInfo': { name: 'raw-tasks', version: '1.0.0' },
  };
}

let ids = 0;

async function httpSender(ttlMs?: number): Promise<Sender & { app: McpApp }> {
  const app = createTaskApp(ttlMs);
  const { url } = await app.listen({
    http: {
      port: 0,
      // Who calls is a header here: enough to bind tasks to principals.
      authenticate: async (request: Request) => ({
        token: 't',
        clientId: 'c',
        scopes: [],
        subject: request.headers.get('x-user') ?? 'alice',
      }),
    },
  });
  return {
    app,
    async send(method, params, user = 'alice') {
      const id = ids++;
      const name = params.taskId ?? params.name;
      const response = await fetch(String(url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
          'x-user': user,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      const text = await response.text();
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
      const events = text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)) as Message);
      return events.find((m) => m.id === id) as Message;
    },
    close: () => app.close(),
  };
}

async function stdioSender(ttlMs?: number): Promise<Sender> {
  const child = spawnTs(FIXTURE, ttlMs === undefined ? {} : { TASK_TTL_MS: String(ttlMs) });
  child.stderr.resume();
  const out = new LineReader(child.stdout);
  const parse = (line: string) => {
    try {
      return JSON.parse(line) as Message;
    } catch {
      return undefined;
    }
  };
  return {
    async send(method, params) {
      const id = ids++;
      const answer = out.waitFor((line) => parse(line)?.id === id);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return parse(await answer) as Message;
    },
    async close() {
      child.kill('SIGKILL');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

const transports: Record<string, (ttlMs?: number) => Promise<Sender>> = {
  stdio: stdioSender,
  'Streamable HTTP': httpSender,
};

describe.each(Object.keys(transports))('tasks, 2026-07-28, over %s', (name) => {
  const open = transports[name] as (ttlMs?: number) => Promise<Sender>;
  const senders: Sender[] = [];
  afterAll(async () => {
    await Promise.all(senders.map((s) => s.close()));
  });
  const connect = async (ttlMs?: number) => {
    const sender = await open(ttlMs);
    senders.push(sender);
    return sender;
  };
  const call = (s: Sender, tool: string, args: Message = {}, optIn = true) =>
    s.send('tools/call', { name: tool, arguments: args, _meta: meta(optIn) });
  const get = (s: Sender, taskId: string, user?: string) => s.send('tasks/get', { taskId, _meta: meta() }, user);
  /** Polls tasks/get (as a client does, at the server's pace) until `ok`. */
  const until = async (s: Sender, taskId: string, ok: (task: Message) => boolean): Promise<Message> => {
    for (;;) {
      const task = (await get(s, taskId)).result as Message;
      if (ok(task)) return task;
      await new Promise((resolve) => setTimeout(resolve, task.pollIntervalMs ?? 20));
    }
  };

  it('create → poll → input_required → update → completed', async () => {
    const s = await connect();
    const created = (await call(s, 'deploy', { service: 'api' })).result;
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 60_000, pollIntervalMs: 20 });
    expect(created).not.toHaveProperty('requestState');
    const waiting = await until(s, created.taskId, (t) => t.status === 'input_required');
    expect(waiting.resultType).toBe('complete');
    const [key, request] = Object.entries(waiting.inputRequests)[0] as [string, Message];
    expect(request).toMatchObject({ method: 'elicitation/create', params: { message: 'Roll out api?' } });
    const ack = await s.send('tasks/update', {
      taskId: created.taskId,
      inputResponses: { [key]: { action: 'accept', content: { approve: true } } },
      _meta: meta(),
    });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(ack.result).not.toHaveProperty('status');
    const done = await until(s, created.taskId, (t) => t.status === 'completed');
    expect(done.result.content).toEqual([{ type: 'text', text: 'api deployed' }]);
  });

  it('cancel while working: an empty ack, then cancelled', async () => {
    const s = await connect();
    const { taskId } = (await call(s, 'forever')).result;
    const ack = await s.send('tasks/cancel', { taskId, _meta: meta() });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect((await until(s, taskId, (t) => t.status !== 'working')).status).toBe('cancelled');
  });

  it('a tool error completes with isError; a protocol error fails with the JSON-RPC error', async () => {
    const s = await connect();
    const broken = (await call(s, 'broken')).result;
    const crash = (await call(s, 'crash')).result;
    expect(await until(s, broken.taskId, (t) => t.status !== 'working')).toMatchObject({
      status: 'completed',
      result: { isError: true, content: [{ type: 'text', text: expect.stringContaining('the build is broken') }] },
    });
    const failed = await until(s, crash.taskId, (t) => t.status !== 'working');
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32603, message: 'the runner crashed' } });
    expect(failed).not.toHaveProperty('result');
  });

  it('a task is gone after its TTL', async () => {
    const s = await connect(300);
    const { taskId, ttlMs } = (await call(s, 'forever')).result;
    expect(ttlMs).toBe(300);
    let answer = await get(s, taskId);
    while (answer.result) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await get(s, taskId);
    }
    expect(answer.error).toMatchObject({ code: -32602 });
  });

  it('a client that does not opt in gets no task: a plain result, or -32021 for a required-task tool', async () => {
    const s = await connect();
    const plain = await call(s, 'broken', {}, false);
    expect(plain.result).toMatchObject({ resultType: 'complete', isError: true });
    expect(plain.result).not.toHaveProperty('taskId');
    expect((await call(s, 'batch', {}, false)).error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
    expect((await s.send('tasks/get', { taskId: 'x', _meta: meta(false) })).error).toMatchObject({ code: -32021 });
  });

  it('tasks/get of an unknown task, or of another principal’s, is "not found" (-32602)', async () => {
    const s = await connect();
    const unknown = await get(s, 'no-such-task');
    expect(unknown.error).toMatchObject({ code: -32602 });
    if (name !== 'Streamable HTTP') return; // stdio has one client: no other principal to ask
    const { taskId } = (await call(s, 'forever')).result;
    const foreign = await get(s, taskId, 'mallory');
    expect(foreign.error).toEqual({ ...unknown.error, data: { taskId } });
    expect((await get(s, taskId)).result.status).toBe('working');
  });
});
