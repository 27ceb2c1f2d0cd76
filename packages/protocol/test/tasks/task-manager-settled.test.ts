// TaskManager.runningTaskIds and settled: what a runtime that ends a request's work with its response
// (Cloudflare Workers' ctx.waitUntil) needs to keep the request that started a task alive until it settles.
import { describe, expect, it } from 'vitest';
import { InMemoryTaskStore } from '../../src/tasks/in-memory-task-store.js';
import { TaskManager } from '../../src/tasks/task-manager.js';

describe('TaskManager: the runs of this instance', () => {
  it('lists the running tasks; settled resolves once a run has ended, at once for one not running here', async () => {
    const manager = new TaskManager({ store: new InMemoryTaskStore() });
    const start = () => manager.start({ caller: {}, method: 'tools/call', era: 'modern' });
    const first = await start();
    const second = await start();
    expect(manager.runningTaskIds().sort()).toEqual([first.task.taskId, second.task.taskId].sort());
    let settled = false;
    const waiting = manager.settled(first.task.taskId).then(() => {
      settled = true;
    });
    await second.run.complete({ content: [] });
    await manager.store.get(second.task.taskId);
    expect(settled).toBe(false);
    await first.run.fail(new Error('boom'));
    await waiting;
    expect(manager.runningTaskIds()).toEqual([]);
    await expect(manager.settled('no-such-task')).resolves.toBeUndefined();
    manager.close();
  });

  it('close settles the runs it aborts', async () => {
    const manager = new TaskManager({ store: new InMemoryTaskStore() });
    const { task } = await manager.start({ caller: {}, method: 'tools/call', era: 'modern' });
    const waiting = manager.settled(task.taskId);
    manager.close();
    await expect(waiting).resolves.toBeUndefined();
  });
});
