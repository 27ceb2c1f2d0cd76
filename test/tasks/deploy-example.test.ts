// The deploy example of docs/tasks.md (docs/examples/tasks.ts), driven with @decorum/testing's task helpers
// in both eras: a task with progress and one approval, a run-time decision to continue as a task,
// cancellation, and the plain call a client without tasks support gets.
import { describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { createTestClient, ERAS } from '../../packages/testing/src/index.js';

const { createApp } = (await import('../../docs/examples/tasks.ts' as string)) as {
  createApp(stepMs?: number): McpApp;
};

const approve = async () => ({ action: 'accept' as const, content: { approve: true } });

describe.each(ERAS)('the deploy example, %s era', (era) => {
  it('deploys as a task: progress, one approval answered through the task, the result', async () => {
    const client = await createTestClient(createApp(5), { era, onElicit: approve });
    const task = await client.callToolAsTask('deploy', { service: 'api' });
    const snapshot = await task.get();
    expect(snapshot.taskId).toBe(task.taskId);
    expect((await task.result()).text).toBe('api deployed to production');
    expect(client.inputRequests.map((r) => r.method)).toEqual(['elicitation/create']);
    expect((await task.get()).status).toBe('completed');
    await client.close();
  });

  it('release decides at run time: a bad version is answered at once, a good one continues as a task', async () => {
    const client = await createTestClient(createApp(5), { era });
    if (era === 'modern') {
      // 2026-07-28: the server decides per request; an early answer is a plain result.
      await expect(client.callToolAsTask('release', { version: 'latest' })).rejects.toThrow(/without a task/);
    } else {
      // 2025-11-25: a task request that was accepted gets a CreateTaskResult: the task already completed.
      const early = await client.callToolAsTask('release', { version: 'latest' });
      expect((await early.get()).status).toBe('completed');
      expect((await early.result()).text).toBe('not a version: latest');
    }
    const task = await client.callToolAsTask('release', { version: '1.2.3' });
    expect((await task.result()).text).toBe('released 1.2.3');
    await client.close();
  });

  it('cancels a running deploy', async () => {
    const client = await createTestClient(createApp(60_000), { era, onElicit: approve });
    const task = await client.callToolAsTask('deploy', { service: 'api' });
    await task.cancel();
    expect((await task.waitFor('cancelled')).status).toBe('cancelled');
    await client.close();
  });

  it('a plain tools/call (no tasks support asked for) runs the same handler to its result', async () => {
    const client = await createTestClient(createApp(5), { era, onElicit: approve });
    expect((await client.callTool('deploy', { service: 'web' })).text).toBe('web deployed to production');
    await client.close();
  });
});
