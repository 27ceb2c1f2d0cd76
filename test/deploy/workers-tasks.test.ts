// Issue 41, tasks on Cloudflare Workers: an app built with `decorum build --target workers` keeps its tasks in
// the TaskStoreObject Durable Object it exports (DurableObjectTaskStore from @decorum/cli/workers). In real
// workerd, two Worker services — two isolates — serve the same bundle and share the one object: the official
// SDK client (1.32.2, 2025-11-25 tasks through the stateless legacy mode) creates a task on one, reads its
// status and result on later requests to the other, and cancels a task the other is running.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineWaiter } from '../../packages/cli/test/support/work-project.js';
import { buildForTarget } from './support/build-target.js';
import { type TemplateProject, templateProject } from './support/template-project.js';

const WORKER_ENTRY = `import 'reflect-metadata';
import { type DurableObjectNamespaceLike, DurableObjectTaskStore } from '@decorum/cli/workers';
import { Arg, type Context, Ctx, McpApp, Tool } from '@decorum/core';

export { TaskStoreObject } from '@decorum/cli/workers';
// Named exports become the Worker's; one that is neither a class nor a handler must not break it.
export const VERSION = '0.1.0';

class Jobs {
  @Tool({ name: 'job', description: 'Works until told to stop, or for "steps" turns of the event loop', task: 'optional' })
  async job(@Arg('steps', { type: Number, optional: true }) steps: number | undefined, @Ctx() ctx: Context): Promise<string> {
    for (let done = 0; steps === undefined || done < steps; done++) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      await ctx.progress(done, steps);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return \`finished \${steps} steps\`;
  }
}

export const createApp = (env: { TASKS: DurableObjectNamespaceLike }) =>
  new McpApp({
    name: 'tasks-on-workers',
    version: '0.1.0',
    providers: [Jobs],
    // One task at a time per isolate: a refused second task shows that the first still runs there. The lease is
    // renewed every third of it (the cancelled run hears of it then); 9 s leaves a loaded machine's workerd room
    // to renew (1.5 s once expired a running task under load: "The server instance running this task stopped").
    tasks: { store: new DurableObjectTaskStore(env.TASKS), pollIntervalMs: 100, leaseMs: 9_000, maxLiveTasks: 1 },
  });
`;

/** Two services, "a" and "b", each an isolate running the bundle; a holds the Durable Object namespace, b binds to it. */
function config(bundle: string): string {
  const worker = (bindings: string, own: string) =>
    `(modules = [ (name = "worker.js", esModule = embed ${JSON.stringify(bundle)}) ], compatibilityDate = "2025-09-01", bindings = [ ${bindings} ]${own})`;
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    'const config :Workerd.Config = (',
    '  services = [',
    `    (name = "a", worker = ${worker('(name = "TASKS", durableObjectNamespace = "TaskStoreObject")', ', durableObjectNamespaces = [ (className = "TaskStoreObject", uniqueKey = "tasks-on-workers", enableSql = true) ], durableObjectStorage = (inMemory = void)')}),`,
    `    (name = "b", worker = ${worker('(name = "TASKS", durableObjectNamespace = (className = "TaskStoreObject", serviceName = "a"))', '')}),`,
    '  ],',
    '  sockets = [',
    '    (name = "a", address = "127.0.0.1:0", http = (), service = "a"),',
    '    (name = "b", address = "127.0.0.1:0", http = (), service = "b"),',
    '  ],',
    ');',
    '',
  ].join('\n');
}

interface TwoIsolates {
  urls: Record<'a' | 'b', URL>;
  output(): string;
  close(): Promise<void>;
}

async function serveTwice(dir: string): Promise<TwoIsolates> {
  const file = join(dir, 'dist/workerd.capnp');
  writeFileSync(file, config('worker.workers.js'));
  const binary = createRequire(import.meta.url)('workerd').default as string;
  const child: ChildProcess = spawn(binary, ['serve', file, '--control-fd=3'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const stderr = new LineWaiter(child.stderr as NodeJS.ReadableStream);
  const control = new LineWaiter(child.stdio[3] as NodeJS.ReadableStream);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`workerd exited (${code}):\n${stderr.lines.join('\n')}`))),
  );
  const port = async (socket: string) => {
    const line = await Promise.race([control.next(new RegExp(`"socket":"${socket}"`), 0), exited]);
    return new URL(`http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}/mcp`);
  };
  const urls = { a: await port('a'), b: await port('b') };
  return {
    urls,
    output: () => stderr.lines.join('\n'),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('tasks on Cloudflare Workers, in a Durable Object, across two isolates of workerd', () => {
  let project: TemplateProject;
  let served: TwoIsolates;
  const clients: Client[] = [];
  const connect = async (url: URL) => {
    const client = new Client({ name: 'workers-tasks', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    project = templateProject('workers-tasks');
    project.write('src/worker.ts', WORKER_ENTRY);
    buildForTarget(project.dir, 'src/worker.ts', 'workers', ['--no-manifest']);
    served = await serveTwice(project.dir);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await served?.close();
    project?.remove();
  });

  it('declares tasks on both isolates', async () => {
    for (const url of Object.values(served.urls)) {
      const client = await connect(url);
      expect(client.getServerCapabilities()?.tasks).toMatchObject({ cancel: {}, requests: { tools: { call: {} } } });
    }
  });

  it('creates a task on one isolate; the other reads its status and its result on later requests', async () => {
    const a = await connect(served.urls.a);
    const b = await connect(served.urls.b);
    const created = await a.request(
      { method: 'tools/call', params: { name: 'job', arguments: { steps: 20 }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    const { taskId } = created.task;
    expect(created.task.status).toBe('working');
    // Each call is its own request (stateless): isolate b finds the task in the Durable Object.
    expect(await b.experimental.tasks.getTask(taskId)).toMatchObject({ taskId, ttl: 60_000 });
    const result = await b.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.content).toEqual([{ type: 'text', text: 'finished 20 steps' }]);
    expect(await b.experimental.tasks.getTask(taskId)).toMatchObject({ status: 'completed' });
    expect(await a.experimental.tasks.getTask(taskId)).toMatchObject({ status: 'completed' });
  });

  it('cancels, from the other isolate, a task one isolate is running; its handler stops there', async () => {
    const a = await connect(served.urls.a);
    const b = await connect(served.urls.b);
    const start = (steps?: number) =>
      a.request(
        { method: 'tools/call', params: { name: 'job', arguments: { steps }, task: { ttl: 60_000 } } },
        CreateTaskResultSchema,
      );
    // Only the refusal for a busy slot means "not yet"; any other error fails the test.
    const unlessBusy = (error: unknown) => {
      if (!/Too many tasks/.test(String((error as Error).message))) throw error;
      return undefined;
    };
    // The previous test's run frees isolate a's one slot just after its result is stored.
    let created: Awaited<ReturnType<typeof start>> | undefined;
    await expect.poll(async () => (created = await start().catch(unlessBusy)), { timeout: 10_000 }).toBeDefined();
    const taskId = (created as NonNullable<typeof created>).task.taskId;
    // Its handler runs on isolate a: a second task is refused there.
    await expect(start(1)).rejects.toThrow(/Too many tasks: this server already runs 1 \(tasks\.maxLiveTasks\)/);

    const cancelled = await b.experimental.tasks.cancelTask(taskId);
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled' });
    expect(await a.experimental.tasks.getTask(taskId)).toMatchObject({ status: 'cancelled' });
    // Isolate a hears of it at the run's next heartbeat and aborts the handler, which frees its slot.
    let next: Awaited<ReturnType<typeof start>> | undefined;
    await expect.poll(async () => (next = await start(1).catch(unlessBusy)), { timeout: 20_000 }).toBeDefined();
    const done = await b.experimental.tasks.getTaskResult(
      (next as NonNullable<typeof next>).task.taskId,
      CallToolResultSchema,
    );
    expect(done.content).toEqual([{ type: 'text', text: 'finished 1 steps' }]);
    // A terminal task never changes: it stays cancelled, and cancelling it again is -32602.
    await expect(b.experimental.tasks.cancelTask(taskId)).rejects.toMatchObject({ code: -32602 });
    expect(await b.experimental.tasks.getTask(taskId)).toMatchObject({ status: 'cancelled' });
  });

  it('answers an unknown task id as not found, from either isolate', async () => {
    const b = await connect(served.urls.b);
    await expect(b.experimental.tasks.getTask('no-such-task')).rejects.toMatchObject({ code: -32602 });
  });
});
