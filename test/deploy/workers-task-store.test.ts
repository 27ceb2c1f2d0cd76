// DurableObjectTaskStore and its TaskStoreObject (@decorum/cli/workers) as a TaskStore, in real workerd: a
// small Worker bundled from the sources calls the store's operations for the test (POST /<operation> with the
// arguments as JSON), so every operation crosses a real Durable Object stub to the object's real storage.
// What the in-memory and Redis stores promise holds here too: create once, atomic changes with
// applyTaskChange's meaning, TTL, a scope's pages newest first; and the object's own limit on a task's size.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineWaiter } from '../../packages/cli/test/support/work-project.js';
import type { StoredTask } from '../../packages/protocol/src/tasks.js';
import { REPO_ROOT } from '../support/spawn-fixture.js';

const WORKER = `import { DurableObjectTaskStore } from '@decorum/cli/workers';
export { TaskStoreObject } from '@decorum/cli/workers';

export default {
  async fetch(request, env) {
    const store = new DurableObjectTaskStore(env.TASKS);
    const operation = new URL(request.url).pathname.slice(1);
    try {
      const value = await store[operation](...(await request.json()));
      return Response.json({ value: value ?? null });
    } catch (error) {
      return Response.json({ error: { name: error.name, message: error.message, code: error.code } });
    }
  },
};
`;

const CONFIG = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  bindings = [ (name = "TASKS", durableObjectNamespace = "TaskStoreObject") ],
  durableObjectNamespaces = [ (className = "TaskStoreObject", uniqueKey = "task-store-test", enableSql = true) ],
  durableObjectStorage = (inMemory = void),
);
`;

type Answer = { value?: any; error?: { name: string; message: string; code?: number } };

const task = (over: Partial<StoredTask> = {}): StoredTask => ({
  taskId: crypto.randomUUID(),
  method: 'tools/call',
  era: 'modern',
  status: 'working',
  createdAt: Date.now(),
  lastUpdatedAt: Date.now(),
  ttlMs: 600_000,
  inputRequests: {},
  inputResponses: {},
  issuedKeys: [],
  ...over,
});

describe('DurableObjectTaskStore in workerd', () => {
  let dir: string;
  let child: ChildProcess;
  let base: string;
  const call = async (operation: string, ...args: unknown[]): Promise<Answer> =>
    (await fetch(`${base}/${operation}`, { method: 'POST', body: JSON.stringify(args) })).json() as Promise<Answer>;

  beforeAll(async () => {
    mkdirSync(join(REPO_ROOT, '.cache'), { recursive: true });
    dir = mkdtempSync(join(REPO_ROOT, '.cache', 'task-store-'));
    writeFileSync(join(dir, 'entry.mjs'), WORKER);
    await build({
      entryPoints: [join(dir, 'entry.mjs')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      conditions: ['@decorum/source', 'workerd', 'worker', 'browser', 'import', 'default'],
      mainFields: ['module', 'main'],
      outfile: join(dir, 'worker.js'),
      logLevel: 'silent',
    });
    writeFileSync(join(dir, 'workerd.capnp'), CONFIG);
    const binary = createRequire(import.meta.url)('workerd').default as string;
    child = spawn(binary, ['serve', join(dir, 'workerd.capnp'), '--control-fd=3'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    const stderr = new LineWaiter(child.stderr as NodeJS.ReadableStream);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`workerd exited (${code}):\n${stderr.lines.join('\n')}`))),
    );
    const line = await Promise.race([new LineWaiter(child.stdio[3] as NodeJS.ReadableStream).next(/"port"/), exited]);
    base = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exit;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates a task once; get finds it, an unknown id is undefined', async () => {
    const one = task();
    expect(await call('create', one)).toEqual({ value: null });
    expect((await call('get', one.taskId)).value).toEqual(one);
    expect(await call('create', one)).toMatchObject({ error: { name: 'RangeError', message: /exists already/ } });
    expect(await call('get', 'no-such-task')).toEqual({ value: null });
  });

  it("applies changes with applyTaskChange's meaning: answers only for outstanding keys, terminal is final", async () => {
    const one = task();
    await call('create', one);
    const asked = await call('update', one.taskId, {
      addInputRequests: { k1: { method: 'elicitation/create', params: { message: 'ok?' } } },
    });
    expect(asked.value).toMatchObject({ applied: true, task: { status: 'input_required' } });
    const answered = await call('update', one.taskId, { inputResponses: { k1: { action: 'accept' }, k9: {} } });
    expect(answered.value).toMatchObject({ applied: true, accepted: ['k1'], task: { status: 'working' } });
    expect(await call('update', one.taskId, { addInputRequests: { k1: { method: 'x' } } })).toMatchObject({
      error: { name: 'RangeError', message: /already used/ },
    });
    const done = await call('update', one.taskId, { status: 'completed', result: { content: [] } });
    expect(done.value).toMatchObject({ applied: true, task: { status: 'completed', result: { content: [] } } });
    const late = await call('update', one.taskId, { status: 'cancelled' });
    expect(late.value).toMatchObject({ applied: false, task: { status: 'completed' } });
    // A lease condition: applies only once the owner's lease ran out.
    const leased = task({ leaseUntil: Date.now() + 60_000 });
    await call('create', leased);
    const early = await call('update', leased.taskId, { status: 'failed' }, { leaseBefore: Date.now() });
    expect(early.value).toMatchObject({ applied: false, task: { status: 'working' } });
  });

  it('lists a scope newest first, in pages with a cursor; other scopes and expired tasks are not in it', async () => {
    const scope = `scope-${crypto.randomUUID()}`;
    const now = Date.now();
    const mine = [0, 1, 2, 3, 4].map((i) => task({ listScope: scope, createdAt: now - i * 1_000 }));
    for (const each of mine) await call('create', each);
    await call('create', task({ listScope: 'another', createdAt: now + 5_000 }));
    // Created long ago with a TTL that has run out: gone for every reader.
    const expired = task({ listScope: scope, createdAt: now - 120_000, ttlMs: 60_000 });
    await call('create', expired);
    expect(await call('get', expired.taskId)).toEqual({ value: null });
    const first = (await call('list', scope, undefined, 2)).value;
    expect(first.tasks.map((t: StoredTask) => t.taskId)).toEqual([mine[0]?.taskId, mine[1]?.taskId]);
    expect(first.nextCursor).toBe(mine[1]?.taskId);
    const second = (await call('list', scope, first.nextCursor, 2)).value;
    expect(second.tasks.map((t: StoredTask) => t.taskId)).toEqual([mine[2]?.taskId, mine[3]?.taskId]);
    const last = (await call('list', scope, second.nextCursor, 2)).value;
    expect(last.tasks.map((t: StoredTask) => t.taskId)).toEqual([mine[4]?.taskId]);
    expect(last.nextCursor).toBeUndefined();
    expect(await call('list', scope, 'no-such-task', 2)).toMatchObject({
      error: { name: 'RangeError', message: 'unknown cursor' },
    });
  });

  it('keeps a task within 2 MB: a larger result fails the task saying so, a larger task is refused (-32600)', async () => {
    const one = task();
    await call('create', one);
    const big = 'x'.repeat(2_100_000);
    const outcome = await call('update', one.taskId, {
      status: 'completed',
      result: { content: [{ type: 'text', text: big }] },
    });
    expect(outcome.value).toMatchObject({
      applied: true,
      task: { status: 'failed', error: { message: /result is too large to keep/ } },
    });
    expect((await call('get', one.taskId)).value).toMatchObject({ status: 'failed' });
    expect(await call('create', task({ statusMessage: big }))).toMatchObject({
      error: { name: 'McpError', code: -32600, message: /too large for its Durable Object/ },
    });
  });
});
