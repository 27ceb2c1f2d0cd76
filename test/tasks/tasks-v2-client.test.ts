// The official v2 client (@modelcontextprotocol/client 2.4.0) on 2026-07-28 does not speak tasks: it never opts in,
// so it must never receive a task — it sees the extension advertised, gets plain results from task-capable
// tools, and -32021 (with requiredCapabilities) from a tool that only runs as a task.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { createClient } from '../modern/modern-support.js';
import { createTaskApp } from './fixtures/task-app.js';

describe('tasks and a client that does not opt in (official v2 client, 2026-07-28, HTTP)', () => {
  const apps: McpApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('sees the extension in server/discover, gets plain results, and -32021 for a required-task tool', async () => {
    const app = createTaskApp();
    apps.push(app);
    const { url } = await app.listen({ http: { port: 0 } });
    const { client } = createClient('pinned');
    await client.connect(new StreamableHTTPClientTransport(new URL(String(url))));
    try {
      expect(client.getServerCapabilities()?.extensions).toMatchObject({ 'io.modelcontextprotocol/tasks': {} });
      const broken = await client.callTool({ name: 'broken', arguments: {} });
      expect(broken).toMatchObject({ isError: true });
      expect(broken).not.toHaveProperty('taskId');
      await expect(client.callTool({ name: 'batch', arguments: {} })).rejects.toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
      });
    } finally {
      await client.close();
    }
  });
});
