// Task status notifications on `subscriptions/listen` (2026-07-28, extension io.modelcontextprotocol/tasks), as
// raw JSON-RPC over real stdio and real HTTP: a request without the extension asking for `taskIds` gets -32021
// (the spec's MUST); one with it is acknowledged for its own existing tasks only and hears `notifications/tasks`
// (the full DetailedTask) until each task is terminal.
import { afterAll, describe, expect, it } from 'vitest';
import { httpWire, meta, stdioWire, TASKS, type Wire } from './support/raw-wire.js';

const wires: Wire[] = [];
afterAll(async () => {
  await Promise.all(wires.map((w) => w.close()));
});

describe.each([
  ['stdio', stdioWire],
  ['Streamable HTTP', httpWire],
] as const)('subscriptions/listen with taskIds (2026-07-28) over %s', (_name, open) => {
  it('a request that does not declare the extension gets -32021 with requiredCapabilities', async () => {
    const wire = await open();
    wires.push(wire);
    const answer = await wire.request('subscriptions/listen', {
      notifications: { taskIds: ['any'] },
      _meta: meta(false),
    });
    expect(answer.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
  });

  it('acknowledges the caller’s own tasks only, then sends notifications/tasks until the task is terminal', async () => {
    const wire = await open();
    wires.push(wire);
    const created = await wire.request('tools/call', { name: 'forever', arguments: {}, _meta: meta(true) });
    const { taskId } = created.result as { taskId: string };
    wire.open('subscriptions/listen', { notifications: { taskIds: [taskId, 'no-such-task'] }, _meta: meta(true) });
    const ack = await wire.next((m) => m.method === 'notifications/subscriptions/acknowledged');
    expect(ack.params.notifications).toEqual({ taskIds: [taskId] });
    const working = await wire.next((m) => m.method === 'notifications/tasks');
    expect(working.params).toMatchObject({ taskId, status: 'working', ttlMs: 60_000 });
    await wire.request('tasks/cancel', { taskId, _meta: meta(true) });
    const cancelled = await wire.next((m) => m.method === 'notifications/tasks' && m.params.status !== 'working');
    expect(cancelled.params).toMatchObject({ taskId, status: 'cancelled' });
  });
});
