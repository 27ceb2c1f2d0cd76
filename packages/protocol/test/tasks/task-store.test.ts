// The task model and the in-memory store: the status machine, input keys, TTL, listing.
import { describe, expect, it } from 'vitest';
import { InMemoryTaskStore } from '../../src/tasks/in-memory-task-store.js';
import { TaskManager } from '../../src/tasks/task-manager.js';
import { applyTaskChange } from '../../src/tasks/task-store.js';
import { canTransition, type StoredTask } from '../../src/tasks/task-types.js';
import { legacyTask, modernDetailedTask, modernTask } from '../../src/tasks/task-wire.js';

const task = (over: Partial<StoredTask> = {}): StoredTask => ({
  taskId: 't1',
  method: 'tools/call',
  era: 'modern',
  status: 'working',
  createdAt: 1_000,
  lastUpdatedAt: 1_000,
  ttlMs: 10_000,
  pollIntervalMs: 500,
  inputRequests: {},
  inputResponses: {},
  issuedKeys: [],
  ...over,
});

const elicit = { method: 'elicitation/create' as const, params: { message: 'ok?' } };

describe('task status machine', () => {
  it('allows working ⇄ input_required and either to a terminal status, never out of one', () => {
    expect(canTransition('working', 'input_required')).toBe(true);
    expect(canTransition('input_required', 'working')).toBe(true);
    expect(canTransition('input_required', 'cancelled')).toBe(true);
    expect(canTransition('working', 'completed')).toBe(true);
    for (const terminal of ['completed', 'failed', 'cancelled'] as const) {
      expect(canTransition(terminal, 'working')).toBe(false);
      expect(canTransition(terminal, 'cancelled')).toBe(false);
    }
  });

  it('an input request makes the task input_required; answering every key brings it back to working', () => {
    const asked = applyTaskChange(task(), { addInputRequests: { a: elicit, b: elicit } }, 2_000);
    expect(asked?.task).toMatchObject({ status: 'input_required', lastUpdatedAt: 2_000, issuedKeys: ['a', 'b'] });
    const partial = applyTaskChange(asked?.task as StoredTask, { inputResponses: { a: { action: 'accept' } } }, 3_000);
    expect(partial?.accepted).toEqual(['a']);
    expect(partial?.task.status).toBe('input_required');
    expect(Object.keys(partial?.task.inputRequests ?? {})).toEqual(['b']);
    const done = applyTaskChange(
      partial?.task as StoredTask,
      { inputResponses: { b: { action: 'decline' }, a: 'again', never: 1 } },
      4_000,
    );
    expect(done?.accepted).toEqual(['b']); // a was answered already, never was never issued
    expect(done?.task).toMatchObject({ status: 'working', inputResponses: { a: { action: 'accept' } } });
  });

  it('never reuses an input key', () => {
    const asked = applyTaskChange(task(), { addInputRequests: { a: elicit } }, 2_000);
    const answered = applyTaskChange(asked?.task as StoredTask, { inputResponses: { a: 1 } }, 2_000);
    expect(() => applyTaskChange(answered?.task as StoredTask, { addInputRequests: { a: elicit } }, 3_000)).toThrow(
      /already used/,
    );
  });

  it('a terminal task does not change, whatever comes', () => {
    const cancelled = applyTaskChange(task({ inputRequests: { a: elicit } }), { status: 'cancelled' }, 2_000);
    expect(cancelled?.task).toMatchObject({ status: 'cancelled', inputRequests: {} });
    expect(
      applyTaskChange(cancelled?.task as StoredTask, { status: 'completed', result: { content: [] } }, 3_000),
    ).toBe(undefined);
  });

  it('a lease condition applies only to a task whose lease ran out', () => {
    expect(applyTaskChange(task({ leaseUntil: 5_000 }), { status: 'failed' }, 4_000, { leaseBefore: 4_000 })).toBe(
      undefined,
    );
    expect(
      applyTaskChange(task({ leaseUntil: 3_000 }), { status: 'failed' }, 4_000, { leaseBefore: 4_000 })?.task.status,
    ).toBe('failed');
  });

  it('a heartbeat is not an observable change', () => {
    const beat = applyTaskChange(task(), { leaseUntil: 9_000 }, 5_000);
    expect(beat).toMatchObject({ observable: false, task: { lastUpdatedAt: 1_000, leaseUntil: 9_000 } });
  });
});

describe('InMemoryTaskStore', () => {
  it('forgets a task once its TTL has run out', async () => {
    let now = 1_000;
    const store = new InMemoryTaskStore({ now: () => now });
    await store.create(task());
    now = 10_999;
    expect((await store.get('t1'))?.taskId).toBe('t1');
    now = 11_000;
    expect(await store.get('t1')).toBeUndefined();
    expect(await store.update('t1', { status: 'cancelled' })).toEqual({ applied: false, accepted: [] });
  });

  it('hands out copies and tells subscribers of observable changes only', async () => {
    const store = new InMemoryTaskStore({ now: () => 2_000 });
    const seen: string[] = [];
    store.subscribe((id) => seen.push(id));
    await store.create(task());
    const read = await store.get('t1');
    (read as StoredTask).status = 'completed';
    expect((await store.get('t1'))?.status).toBe('working');
    await store.update('t1', { leaseUntil: 9_999 });
    await store.update('t1', { statusMessage: 'half way' });
    expect(seen).toEqual(['t1']);
  });

  it('lists one scope newest first, in pages, with an opaque cursor', async () => {
    const store = new InMemoryTaskStore({ now: () => 1_000 });
    for (let i = 0; i < 5; i++) await store.create(task({ taskId: `t${i}`, createdAt: 1_000 + i, listScope: 'alice' }));
    await store.create(task({ taskId: 'bob1', listScope: 'bob' }));
    const first = await store.list('alice', undefined, 2);
    expect(first.tasks.map((t) => t.taskId)).toEqual(['t4', 't3']);
    const second = await store.list('alice', first.nextCursor, 2);
    const third = await store.list('alice', second.nextCursor, 2);
    expect([...second.tasks, ...third.tasks].map((t) => t.taskId)).toEqual(['t2', 't1', 't0']);
    expect(third.nextCursor).toBeUndefined();
    await expect(store.list('alice', 'nope', 2)).rejects.toThrow(RangeError);
  });
});

describe('wire shapes', () => {
  const done = task({ status: 'completed', result: { content: [{ type: 'text', text: 'hi' }], isError: true } });

  it('2026-07-28: ttlMs/pollIntervalMs, ISO times, the result inlined, no legacy keys', () => {
    expect(modernTask(task())).toEqual({
      taskId: 't1',
      status: 'working',
      createdAt: '1970-01-01T00:00:01.000Z',
      lastUpdatedAt: '1970-01-01T00:00:01.000Z',
      ttlMs: 10_000,
      pollIntervalMs: 500,
    });
    expect(modernDetailedTask(done)).toMatchObject({ status: 'completed', result: { isError: true } });
    expect(modernDetailedTask(task({ status: 'failed', error: { code: -32603, message: 'x' } }))).toMatchObject({
      error: { code: -32603, message: 'x' },
    });
    expect(modernDetailedTask(task({ status: 'input_required', inputRequests: { k: elicit } }))).toMatchObject({
      inputRequests: { k: elicit },
    });
  });

  it('2025-11-25: ttl/pollInterval, and a tool error reported as failed', () => {
    expect(legacyTask(done)).toMatchObject({ status: 'failed', ttl: 10_000, pollInterval: 500 });
    expect(legacyTask(done)).not.toHaveProperty('ttlMs');
  });
});

describe('task memory and capacity', () => {
  it('the in-memory store holds at most maxBytes: the oldest finished tasks make room, running ones are never dropped', async () => {
    const store = new InMemoryTaskStore({ now: () => 1_000, maxBytes: 2_000 });
    const big = { content: [{ type: 'text', text: 'x'.repeat(300) }] };
    for (let i = 0; i < 50; i++) {
      await store.create(task({ taskId: `t${i}` }));
      await store.update(`t${i}`, { status: 'completed', result: big });
      expect(store.size).toBeLessThanOrEqual(2_000);
    }
    expect(await store.get('t0')).toBeUndefined();
    expect(await store.get('t49')).toMatchObject({ status: 'completed' });
    // Running tasks fill it: one more is refused with an error that names the option.
    const full = new InMemoryTaskStore({ now: () => 1_000, maxBytes: 1_000 });
    let created = 0;
    const error = await (async () => {
      for (;;) {
        await full.create(task({ taskId: `r${created}` }));
        created += 1;
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -32600, message: expect.stringContaining('maxBytes') });
    expect(created).toBeGreaterThan(0);
    expect(full.size).toBeLessThanOrEqual(1_000);
    expect(await full.get('r0')).toMatchObject({ status: 'working' });
  });

  it('a requestor at maxLiveTasksPerRequestor is refused; once one of its tasks ends it may start another', async () => {
    const manager = new TaskManager({ maxLiveTasksPerRequestor: 2, maxLiveTasks: 3 });
    const start = (principal: string) =>
      manager.start({
        caller: { principal, listScope: `principal:${principal}` },
        method: 'tools/call',
        era: 'modern',
      });
    const first = await start('alice');
    await start('alice');
    await expect(start('alice')).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('maxLiveTasksPerRequestor'),
    });
    await start('bob');
    await expect(start('carol')).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('maxLiveTasks'),
    });
    await first.run.complete({ content: [] });
    await expect(start('alice')).resolves.toMatchObject({ task: { status: 'working' } });
    manager.close();
  });
});
