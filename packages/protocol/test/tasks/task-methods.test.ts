// The task method sets of both eras, called as the router calls them.
import { describe, expect, it } from 'vitest';
import { callWithTasks } from '../../src/tasks/task-call.js';
import { TaskManager } from '../../src/tasks/task-manager.js';
import { legacyTaskMethods, modernTaskMethods, type TaskMethodCall } from '../../src/tasks/task-methods.js';
import { Cancellation, recordingChannel, taskContext } from './support.js';

const caller = { principal: 'alice', listScope: 'alice' };
const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

/** Starts a task whose handler asks one question, then answers with it. */
async function askingTask(manager: TaskManager, era: 'modern' | 'legacy') {
  const created = await callWithTasks(manager, {
    era,
    method: 'tools/call',
    support: 'optional',
    optedIn: true,
    caller,
    cancellation: new Cancellation(),
    run: async (bridge) => {
      const ctx = taskContext(bridge, recordingChannel().channel, { modern: era === 'modern' });
      await bridge.continueAsTask();
      const answer = await ctx.elicit({ message: 'Confirm?', requestedSchema: { type: 'object' } });
      return text(`answer: ${answer.action}`);
    },
  });
  return (era === 'modern' ? created.taskId : (created.task as { taskId: string }).taskId) as string;
}

describe('2026-07-28 method set', () => {
  const opted: TaskMethodCall = { caller, optedIn: true };

  it('advertises the extension and gates every method on the request’s own opt-in (-32021)', async () => {
    const set = modernTaskMethods(new TaskManager());
    expect(set.capabilities('2026-07-28', true)).toEqual({ extensions: { 'io.modelcontextprotocol/tasks': {} } });
    expect(set.serves('2026-07-28')).toBe(true);
    expect(set.serves('2025-11-25')).toBe(false);
    expect(Object.keys(set.methods).sort()).toEqual(['tasks/cancel', 'tasks/get', 'tasks/update']);
    for (const [method, fn] of Object.entries(set.methods)) {
      await expect(fn({ taskId: 'x', inputResponses: {} }, { caller, optedIn: false }), method).rejects.toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
      });
    }
  });

  it('get shows the input request, update is an empty ack, cancel is an empty ack (also on a terminal task)', async () => {
    const manager = new TaskManager();
    const { methods } = modernTaskMethods(manager);
    const taskId = await askingTask(manager, 'modern');
    let task = await methods['tasks/get']?.({ taskId }, opted);
    while (task?.status !== 'input_required') {
      await manager.waitForChange(taskId, 5_000);
      task = await methods['tasks/get']?.({ taskId }, opted);
    }
    const [key] = Object.keys(task.inputRequests as object);
    expect(task).not.toHaveProperty('requestState');
    expect(await methods['tasks/update']?.({ taskId, inputResponses: { nope: {} } }, opted)).toEqual({});
    await expect(methods['tasks/update']?.({ taskId, inputResponses: null }, opted)).rejects.toMatchObject({
      code: -32602,
    });
    expect(
      await methods['tasks/update']?.({ taskId, inputResponses: { [key as string]: { action: 'accept' } } }, opted),
    ).toEqual({});
    while (task?.status !== 'completed') {
      await manager.waitForChange(taskId, 5_000);
      task = await methods['tasks/get']?.({ taskId }, opted);
    }
    expect(task.result).toEqual(text('answer: accept'));
    expect(await methods['tasks/cancel']?.({ taskId }, opted)).toEqual({});
    expect((await methods['tasks/get']?.({ taskId }, opted))?.status).toBe('completed');
    await expect(methods['tasks/get']?.({ taskId: 'tasks-conformance-nonexistent' }, opted)).rejects.toMatchObject({
      code: -32602,
    });
    manager.close();
  });
});

describe('2025-11-25 method set', () => {
  it('declares tasks.cancel/requests.tools.call for 2025-11-25 only, and tasks.list to identified callers only', async () => {
    const set = legacyTaskMethods(new TaskManager());
    expect(set.capabilities('2025-11-25', true)).toEqual({
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    // "Receivers that cannot identify requestors SHOULD NOT declare the tasks.list capability."
    expect(set.capabilities('2025-11-25', false)).toEqual({ tasks: { cancel: {}, requests: { tools: { call: {} } } } });
    await expect(
      set.methods['tasks/list']?.({}, { caller: { listScope: 'connection:x' }, optedIn: true }),
    ).rejects.toMatchObject({ code: -32601 });
    expect(set.serves('2025-06-18')).toBe(false);
    expect(set.serves('2026-07-28')).toBe(false);
  });

  it('tasks/result carries the input request over its own request, then returns the result with related-task', async () => {
    const manager = new TaskManager({ pollIntervalMs: 50 });
    const { methods } = legacyTaskMethods(manager);
    const taskId = await askingTask(manager, 'legacy');
    const asked: unknown[] = [];
    const result = await methods['tasks/result']?.(
      { taskId },
      {
        caller,
        optedIn: true,
        ask: async (request) => {
          asked.push(request);
          return { action: 'decline' };
        },
      },
    );
    expect(asked).toEqual([
      {
        method: 'elicitation/create',
        params: {
          message: 'Confirm?',
          requestedSchema: { type: 'object' },
          _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
        },
      },
    ]);
    expect(result).toEqual({
      ...text('answer: decline'),
      _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
    });
    expect(await methods['tasks/get']?.({ taskId }, { caller, optedIn: true })).toMatchObject({ status: 'completed' });
    await expect(methods['tasks/cancel']?.({ taskId }, { caller, optedIn: true })).rejects.toMatchObject({
      code: -32602,
      message: "Cannot cancel task: already in terminal status 'completed'",
    });
    manager.close();
  });

  it('tasks/cancel answers the cancelled task; tasks/list lists the caller’s tasks only', async () => {
    const manager = new TaskManager();
    const { methods } = legacyTaskMethods(manager);
    const taskId = await askingTask(manager, 'legacy');
    expect(await methods['tasks/cancel']?.({ taskId }, { caller, optedIn: true })).toMatchObject({
      taskId,
      status: 'cancelled',
      statusMessage: 'The task was cancelled by request',
    });
    const mine = await methods['tasks/list']?.({}, { caller, optedIn: true });
    expect((mine as { tasks: { taskId: string }[] }).tasks.map((t) => t.taskId)).toEqual([taskId]);
    expect(
      await methods['tasks/list']?.({}, { caller: { principal: 'bob', listScope: 'bob' }, optedIn: true }),
    ).toEqual({
      tasks: [],
    });
    await expect(methods['tasks/result']?.({ taskId }, { caller, optedIn: true })).rejects.toMatchObject({
      code: -32600,
    });
    manager.close();
  });
});
