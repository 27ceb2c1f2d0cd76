// A tools/call that may become a task, driven the way the router drives it: opt-in checks, the
// CreateTaskResult, questions before (MRTR) and after (inputRequests), cancellation, failures,
// principal binding, orphaned and expired tasks.
import { describe, expect, it } from 'vitest';
import { InputRequiredSignal } from '../../src/engine/modern/modern-request.js';
import { McpError } from '../../src/jsonrpc/errors.js';
import { InMemoryTaskStore } from '../../src/tasks/in-memory-task-store.js';
import { callWithTasks, type TaskBridge, type TaskCall } from '../../src/tasks/task-call.js';
import { TaskManager } from '../../src/tasks/task-manager.js';
import type { StoredTask } from '../../src/tasks/task-types.js';
import { Cancellation, recordingChannel, taskContext } from './support.js';

const alice = { principal: 'alice', listScope: 'alice' };

function call(over: Partial<TaskCall> & Pick<TaskCall, 'run'>): TaskCall {
  return {
    era: 'modern',
    method: 'tools/call',
    support: 'optional',
    optedIn: true,
    caller: alice,
    cancellation: new Cancellation(),
    ...over,
  };
}

/** Resolves once the stored task satisfies `ok` (woken by the store's change events, never by a timer). */
async function until(manager: TaskManager, taskId: string, ok: (task: StoredTask) => boolean): Promise<StoredTask> {
  for (;;) {
    const task = await manager.get(alice, taskId);
    if (ok(task)) return task;
    await manager.waitForChange(taskId, 5_000, undefined, task);
  }
}

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

describe('callWithTasks', () => {
  it('a client that did not opt in gets the plain result: continueAsTask answers false', async () => {
    const manager = new TaskManager();
    let continued: boolean | undefined;
    const result = await callWithTasks(
      manager,
      call({
        optedIn: false,
        run: async (bridge) => {
          continued = await bridge.continueAsTask();
          return text('sync');
        },
      }),
    );
    expect(continued).toBe(false);
    expect(result).toEqual(text('sync'));
    manager.close();
  });

  it('a required tool without the opt-in: -32021 with requiredCapabilities (2026-07-28), -32601 (2025-11-25)', async () => {
    const manager = new TaskManager();
    let ran = false;
    const run = async () => {
      ran = true;
      return text('no');
    };
    await expect(callWithTasks(manager, call({ support: 'required', optedIn: false, run }))).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
    await expect(
      callWithTasks(manager, call({ era: 'legacy', support: 'required', optedIn: false, run })),
    ).rejects.toMatchObject({ code: -32601 });
    await expect(
      callWithTasks(manager, call({ era: 'legacy', support: 'forbidden', optedIn: true, run })),
    ).rejects.toMatchObject({ code: -32601 });
    expect(ran).toBe(false);
    manager.close();
  });

  it('create → input_required → update → completed (2026-07-28), the handler unchanged: ctx.elicit', async () => {
    const manager = new TaskManager({ pollIntervalMs: 250 });
    const { channel, sent } = recordingChannel();
    const created = await callWithTasks(
      manager,
      call({
        run: async (bridge) => {
          const ctx = taskContext(bridge, channel, { modern: true, progressToken: 'p' });
          await bridge.continueAsTask({ statusMessage: 'deploying' });
          await ctx.progress(1, 2); // the extension carries no progress for tasks: dropped
          const answer = await ctx.elicit({ message: 'Approve?', requestedSchema: { type: 'object' } });
          return text(`approved: ${JSON.stringify(answer.content)}`);
        },
      }),
    );
    expect(created).toMatchObject({
      resultType: 'task',
      status: 'working',
      statusMessage: 'deploying',
      pollIntervalMs: 250,
    });
    const taskId = created.taskId as string;
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    const waiting = await until(manager, taskId, (t) => t.status === 'input_required');
    const [key] = Object.keys(waiting.inputRequests);
    expect(waiting.inputRequests[key as string]).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'Approve?' },
    });
    await manager.answer(alice, taskId, { [key as string]: { action: 'accept', content: { ok: true } } });
    const done = await until(manager, taskId, (t) => t.status === 'completed');
    expect(done.result).toEqual(text('approved: {"ok":true}'));
    expect(sent).toEqual([]);
    manager.close();
  });

  it('questions before continuing are multi-round-trip (input_required result), after are the task’s', async () => {
    const manager = new TaskManager();
    const { channel } = recordingChannel();
    const handler = (answers?: Record<string, unknown>) => async (bridge: TaskBridge) => {
      const ctx = taskContext(bridge, channel, { modern: true, answers });
      const name = await ctx.elicit({ message: 'Name?' });
      await bridge.continueAsTask();
      return text(`Hello, ${(name.content as { name: string }).name}!`);
    };
    await expect(callWithTasks(manager, call({ support: 'required', run: handler() }))).rejects.toBeInstanceOf(
      InputRequiredSignal,
    );
    const created = await callWithTasks(
      manager,
      call({ support: 'required', run: handler({ 'input-0': { action: 'accept', content: { name: 'Alice' } } }) }),
    );
    expect(created).toMatchObject({ resultType: 'task' });
    expect(created).not.toHaveProperty('requestState');
    const done = await until(manager, created.taskId as string, (t) => t.status === 'completed');
    expect(done.result).toEqual(text('Hello, Alice!'));
    manager.close();
  });

  it('cancel while working aborts the handler’s signal and the task stays cancelled', async () => {
    const manager = new TaskManager();
    let aborted!: () => void;
    const sawAbort = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    const created = await callWithTasks(
      manager,
      call({
        run: async (bridge) => {
          const ctx = taskContext(bridge, recordingChannel().channel, { modern: true });
          await bridge.continueAsTask();
          await new Promise((_, reject) => {
            ctx.signal.addEventListener('abort', () => {
              aborted();
              reject(ctx.signal.reason);
            });
          });
          return text('never');
        },
      }),
    );
    await manager.cancel(alice, created.taskId);
    await sawAbort;
    expect((await manager.get(alice, created.taskId)).status).toBe('cancelled');
    manager.close();
  });

  it('a tool error result completes; an McpError fails with it; anything else fails masked', async () => {
    const manager = new TaskManager();
    const start = (run: () => Promise<Record<string, unknown>>) =>
      callWithTasks(
        manager,
        call({
          run: async (bridge) => {
            await bridge.continueAsTask();
            return run();
          },
        }),
      );
    const toolError = await start(async () => ({ ...text('bad input'), isError: true }));
    const protocol = await start(async () => {
      throw new McpError(-32602, 'Unknown region', { region: 'mars' });
    });
    const crash = await start(async () => {
      throw new Error('secret stack detail');
    });
    expect(await until(manager, toolError.taskId as string, (t) => t.status !== 'working')).toMatchObject({
      status: 'completed',
      result: { isError: true },
    });
    expect(await until(manager, protocol.taskId as string, (t) => t.status !== 'working')).toMatchObject({
      status: 'failed',
      error: { code: -32602, message: 'Unknown region', data: { region: 'mars' } },
    });
    const masked = await until(manager, crash.taskId as string, (t) => t.status !== 'working');
    expect(masked.error).toEqual({ code: -32603, message: 'Internal error' });
    expect(JSON.stringify(masked)).not.toContain('secret');
    manager.close();
  });

  it('another principal gets "not found", exactly as for an unknown id', async () => {
    const manager = new TaskManager();
    const created = await callWithTasks(
      manager,
      call({
        run: async (bridge) => {
          await bridge.continueAsTask();
          return text('mine');
        },
      }),
    );
    const foreign = await manager.get({ principal: 'mallory' }, created.taskId).catch((e: McpError) => e);
    const unknown = await manager.get({ principal: 'mallory' }, 'no-such-task').catch((e: McpError) => e);
    expect(foreign).toMatchObject({ code: -32602, message: (unknown as McpError).message });
    await expect(manager.cancel({}, created.taskId)).rejects.toMatchObject({ code: -32602 });
    manager.close();
  });

  it('a task whose instance stopped is failed by the next reader on another instance, not left working', async () => {
    const store = new InMemoryTaskStore();
    let now = Date.now();
    const first = new TaskManager({ store, leaseMs: 1_000, now: () => now });
    const created = await callWithTasks(
      first,
      call({
        run: async (bridge) => {
          await bridge.continueAsTask();
          return new Promise(() => undefined); // runs until its instance dies
        },
      }),
    );
    first.close(); // the instance dies: no more heartbeats
    const second = new TaskManager({ store, leaseMs: 1_000, now: () => now });
    expect((await second.get(alice, created.taskId)).status).toBe('working');
    now += 1_001;
    expect(await second.get(alice, created.taskId)).toMatchObject({
      status: 'failed',
      error: { code: -32603, message: 'The server instance running this task stopped' },
    });
    second.close();
  });

  it('an expired task is gone, and its handler is aborted at the next heartbeat', async () => {
    let now = Date.now();
    const store = new InMemoryTaskStore({ now: () => now });
    const manager = new TaskManager({ store, now: () => now, defaultTtlMs: 5_000, leaseMs: 30 });
    let reason: unknown;
    const aborted = new Promise<void>((resolve) => {
      void callWithTasks(
        manager,
        call({
          run: async (bridge) => {
            const ctx = taskContext(bridge, recordingChannel().channel, { modern: true });
            await bridge.continueAsTask();
            ctx.signal.addEventListener('abort', () => {
              reason = ctx.signal.reason;
              resolve();
            });
            return new Promise(() => undefined);
          },
        }),
      ).then((created) => {
        now += 5_000;
        return expect(manager.get(alice, created.taskId)).rejects.toMatchObject({ code: -32602 });
      });
    });
    await aborted;
    expect(reason).toMatchObject({ name: 'TaskAbortedError', why: 'expired' });
    manager.close();
  });

  it('2025-11-25: progress and logs go to the connection with related-task _meta; status notifications sent', async () => {
    const manager = new TaskManager();
    const { channel, sent } = recordingChannel();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const notified: { method: string; params: Record<string, unknown> }[] = [];
    const created = await callWithTasks(
      manager,
      call({
        era: 'legacy',
        requestedTtlMs: 60_000,
        notify: async (method, params) => {
          notified.push({ method, params });
        },
        run: async (bridge) => {
          const ctx = taskContext(bridge, channel, { progressToken: 'tok' });
          await bridge.continueAsTask();
          await ctx.progress(1, 2, 'half');
          await gate;
          return text('done');
        },
      }),
    );
    expect(created).toEqual({ task: expect.objectContaining({ status: 'working', ttl: 60_000 }) });
    const taskId = (created.task as { taskId: string }).taskId;
    release();
    await until(manager, taskId, (t) => t.status === 'completed');
    expect(sent).toContainEqual({
      method: 'notifications/progress',
      params: {
        progressToken: 'tok',
        progress: 1,
        total: 2,
        message: 'half',
        _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
      },
    });
    expect(notified.map((n) => [n.method, n.params.status])).toContainEqual([
      'notifications/tasks/status',
      'completed',
    ]);
    manager.close();
  });
});
