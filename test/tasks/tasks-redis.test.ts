// Three instances of one app sharing tasks through Redis (RedisTaskStore), over real HTTP: a task
// created on the first is polled and answered on the second and cancelled on the third.
import { afterAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { RedisConnection, RedisTaskStore } from '../../packages/redis/src/index.js';
import { SKIP_REASON, TEST_REDIS_URL } from '../../packages/redis/test/support/redis-server.js';
import { createTaskApp } from './fixtures/task-app.js';

const REDIS_URL = TEST_REDIS_URL;
if (!REDIS_URL) console.warn(`tasks over Redis skipped: ${SKIP_REASON}`);

type Message = Record<string, any>;
const TASKS = 'io.modelcontextprotocol/tasks';
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, extensions: { [TASKS]: {} } },
};

describe.skipIf(!REDIS_URL)('tasks across three instances sharing Redis', () => {
  const apps: McpApp[] = [];
  const connections: RedisConnection[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(connections.map((c) => c.close()));
  });

  async function instance(keyPrefix: string): Promise<(method: string, params: Message) => Promise<Message>> {
    const connection = new RedisConnection({ url: REDIS_URL as string });
    connections.push(connection);
    const app = createTaskApp(60_000, new RedisTaskStore(connection, { keyPrefix }));
    apps.push(app);
    const { url } = await app.listen({ http: { port: 0 } });
    let id = 0;
    return async (method, params) => {
      const name = params.taskId ?? params.name;
      const response = await fetch(String(url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params: { ...params, _meta: meta } }),
      });
      return (await response.json()) as Message;
    };
  }

  it('create on one, poll and answer on a second, cancel on a third', async () => {
    const keyPrefix = `decorum-test:${crypto.randomUUID()}:`;
    const [first, second, third] = [await instance(keyPrefix), await instance(keyPrefix), await instance(keyPrefix)];
    const created = (await first('tools/call', { name: 'deploy', arguments: { service: 'web' } })).result;
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    let task = (await second('tasks/get', { taskId: created.taskId })).result;
    while (task.status !== 'input_required') task = (await second('tasks/get', { taskId: created.taskId })).result;
    const [key] = Object.keys(task.inputRequests);
    await second('tasks/update', {
      taskId: created.taskId,
      inputResponses: { [key as string]: { action: 'accept', content: { approve: true } } },
    });
    while (task.status !== 'completed') task = (await third('tasks/get', { taskId: created.taskId })).result;
    expect(task.result.content).toEqual([{ type: 'text', text: 'web deployed' }]);

    const long = (await first('tools/call', { name: 'forever', arguments: {} })).result;
    expect((await second('tasks/get', { taskId: long.taskId })).result.status).toBe('working');
    expect((await third('tasks/cancel', { taskId: long.taskId })).result).toMatchObject({ resultType: 'complete' });
    expect((await first('tasks/get', { taskId: long.taskId })).result.status).toBe('cancelled');
  });
});
