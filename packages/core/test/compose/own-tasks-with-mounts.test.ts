// An app with `tasks` on and any `mounts` (even `[]`) keeps its own task-capable tools' task support: tools/list
// advertises it, and a call as a task runs as one (it did not: the MCP Apps layer over the own tools dropped their
// task policy, and the composition, unlike the engine, took no policy as "forbidden").
import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { McpApp, Tool } from '../../src/index.js';

class Jobs {
  @Tool({ description: 'Deploys', task: 'optional' })
  deploy() {
    return 'deployed';
  }

  // Shown to apps too: the app then layers its tools for MCP Apps hosts (the layer must keep the task policy).
  @Tool({ description: 'Shows', visibility: ['model', 'app'] })
  show() {
    return 'shown';
  }
}

let app: McpApp | undefined;
afterEach(async () => {
  await app?.close();
});

describe.each([
  ['no mounts', undefined],
  ['mounts: []', []],
])('own task tools with %s', (_label, mounts) => {
  it('are listed with their task support and run as tasks', async () => {
    app = new McpApp({ name: 'jobs', version: '1', providers: [Jobs], tasks: {}, ...(mounts && { mounts }) });
    const [c, s] = createLinkedTransports();
    await app.connect(s);
    const client = new Client({ name: 'sdk', version: '1' });
    await client.connect(c as unknown as SdkTransport);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'deploy')?.execution).toEqual({ taskSupport: 'optional' });
    const seen: string[] = [];
    let result: unknown;
    const stream = client.experimental.tasks.callToolStream({ name: 'deploy', arguments: {} }, CallToolResultSchema, {
      task: { ttl: 60_000 },
    });
    for await (const message of stream) {
      seen.push(message.type);
      if (message.type === 'error') throw message.error;
      if (message.type === 'result') result = message.result;
    }
    expect(seen[0]).toBe('taskCreated');
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'deployed' }] });
    await client.close();
  });
});
