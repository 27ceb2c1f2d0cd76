// RedisTaskStore against a real Redis: a task created by one instance is polled, answered and
// cancelled by others; concurrent updates do not lose each other; TTL; an orphaned task fails.
import { Cancellation } from '@decorum/protocol';
import { callWithTasks, type StoredTask, TaskManager } from '@decorum/protocol/tasks';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisConnection } from '../src/redis-connection.js';
import { RedisTaskStore } from '../src/redis-task-store.js';
import { SKIP_REASON, TEST_REDIS_URL, uniquePrefix } from './support/redis-server.js';

if (!TEST_REDIS_URL) console.warn(`@decorum/redis task store tests skipped: ${SKIP_REASON}`);

const alice = { principal: 'alice', listScope: 'alice' };

const task = (over: Partial<StoredTask> = {}): StoredTask => ({
  taskId: crypto.randomUUID(),
  principal: 'alice',
  listScope: 'alice',
  method: 'tools/call',
  era: 'modern',
  status: 'working',
  createdAt: Date.now(),
  lastUpdatedAt: Date.now(),
  ttlMs: 60_000,
  inputRequests: {},
  inputResponses: {},
  issuedKeys: [],
  ...over,
});

describe.skipIf(!TEST_REDIS_URL)('RedisTaskStore against a real Redis', () => {
  const connections: RedisConnection[] = [];
  const managers: TaskManager[] = [];
  const connect = () => {
    const connection = new RedisConnection({ url: TEST_REDIS_URL as string });
    connections.push(connection);
    return connection;
  };
  afterAll(async () => {
    for (const manager of managers) manager.close();
    await Promise.all(connections.map((c) => c.close()));
  });

  it('a created task is there for another connection at once; its key expires with its TTL', async () => {
    const keyPrefix = uniquePrefix();
    const a = new RedisTaskStore(connect(), { keyPrefix });
    const b = new RedisTaskStore(connect(), { keyPrefix });
    const t = task({ ttlMs: 30_000 });
    await a.create(t);
    expect(await b.get(t.taskId)).toEqual(t);
    await expect(a.create(t)).rejects.toThrow(/exists already/);
    const pttl = await connect().run('pttl', (client) => client.pTTL(`${keyPrefix}task:${t.taskId}`));
    expect(pttl).toBeGreaterThan(25_000);
    expect(pttl).toBeLessThanOrEqual(30_000);
    const later = new RedisTaskStore(connect(), { keyPrefix, now: () => t.createdAt + 30_000 });
    expect(await later.get(t.taskId)).toBeUndefined();
  });

  it('concurrent updates from two instances both land (compare-and-set retries)', async () => {
    const keyPrefix = uniquePrefix();
    const a = new RedisTaskStore(connect(), { keyPrefix });
    const b = new RedisTaskStore(connect(), { keyPrefix });
    const elicit = { method: 'elicitation/create' as const, params: { message: 'x' } };
    const t = task({ status: 'input_required', inputRequests: { k1: elicit, k2: elicit }, issuedKeys: ['k1', 'k2'] });
    await a.create(t);
    const [one, two] = await Promise.all([
      a.update(t.taskId, { inputResponses: { k1: { action: 'accept' } } }),
      b.update(t.taskId, { inputResponses: { k2: { action: 'decline' } } }),
    ]);
    expect([...one.accepted, ...two.accepted].sort()).toEqual(['k1', 'k2']);
    expect(await a.get(t.taskId)).toMatchObject({
      status: 'working',
      inputRequests: {},
      inputResponses: { k1: { action: 'accept' }, k2: { action: 'decline' } },
    });
    await b.update(t.taskId, { status: 'cancelled' });
    expect(await a.update(t.taskId, { status: 'completed', result: { content: [] } })).toMatchObject({
      applied: false,
    });
  });

  it('lists one scope newest first and prunes expired tasks', async () => {
    const keyPrefix = uniquePrefix();
    const store = new RedisTaskStore(connect(), { keyPrefix });
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t = task({ createdAt: now + i });
      ids.push(t.taskId);
      await store.create(t);
    }
    await store.create(task({ listScope: 'bob', principal: 'bob' }));
    const first = await store.list('alice', undefined, 2);
    const second = await store.list('alice', first.nextCursor, 2);
    expect([...first.tasks, ...second.tasks].map((t) => t.taskId)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeUndefined();
  });

  it('three instances: create on one, poll and answer on a second, cancel on a third', async () => {
    const keyPrefix = uniquePrefix();
    const instance = () => {
      // Renewed every 3 s (the cancel reaches the first instance then): room for a loaded machine's stalls.
      const manager = new TaskManager({ store: new RedisTaskStore(connect(), { keyPrefix }), leaseMs: 9_000 });
      managers.push(manager);
      return manager;
    };
    const [first, second, third] = [instance(), instance(), instance()];
    let abortedOnFirst!: (reason: unknown) => void;
    const aborted = new Promise((resolve) => {
      abortedOnFirst = resolve;
    });
    const created = await callWithTasks(first, {
      era: 'modern',
      method: 'tools/call',
      support: 'optional',
      optedIn: true,
      caller: alice,
      cancellation: new Cancellation(),
      run: async (bridge) => {
        await bridge.continueAsTask();
        const run = bridge.run;
        if (run === undefined) throw new Error('not a task');
        bridge.cancellation.signal.addEventListener('abort', () => abortedOnFirst(bridge.cancellation.signal.reason));
        const approval = await run.ask({ method: 'elicitation/create', params: { message: 'Deploy?' } });
        await run.status(`approved: ${approval.action}`);
        return new Promise(() => undefined); // works until cancelled
      },
    });
    const taskId = created.taskId as string;
    let seen = await second.get(alice, taskId);
    while (seen.status !== 'input_required') {
      await second.waitForChange(taskId, 5_000, undefined, seen);
      seen = await second.get(alice, taskId);
    }
    await second.answer(alice, taskId, { [Object.keys(seen.inputRequests)[0] as string]: { action: 'accept' } });
    while (seen.statusMessage !== 'approved: accept') {
      await second.waitForChange(taskId, 5_000, undefined, seen);
      seen = await second.get(alice, taskId);
    }
    await expect(third.get({ principal: 'mallory' }, taskId)).rejects.toMatchObject({ code: -32602 });
    await third.cancel(alice, taskId);
    expect(await aborted).toMatchObject({ name: 'TaskAbortedError', why: 'cancelled' });
    expect((await first.get(alice, taskId)).status).toBe('cancelled');
  });

  it('a task whose instance died is reported failed by another instance once its lease runs out', async () => {
    const keyPrefix = uniquePrefix();
    let now = Date.now();
    const dying = new TaskManager({
      store: new RedisTaskStore(connect(), { keyPrefix }),
      leaseMs: 2_000,
      now: () => now,
    });
    const created = await callWithTasks(dying, {
      era: 'legacy',
      method: 'tools/call',
      support: 'optional',
      optedIn: true,
      caller: alice,
      cancellation: new Cancellation(),
      run: async (bridge) => {
        await bridge.continueAsTask();
        return new Promise(() => undefined);
      },
    });
    dying.close();
    const taskId = (created.task as { taskId: string }).taskId;
    const survivor = new TaskManager({ store: new RedisTaskStore(connect(), { keyPrefix }), now: () => now });
    managers.push(survivor);
    expect((await survivor.get(alice, taskId)).status).toBe('working');
    now += 2_001;
    expect(await survivor.get(alice, taskId)).toMatchObject({ status: 'failed', error: { code: -32603 } });
  });
});
