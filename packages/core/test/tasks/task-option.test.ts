// @Tool({ task }): the 2025-11-25 execution.taskSupport in tools/list (and none for 2026-07-28, which has
// no such field), the policy the engine gets, and ctx.continueAsTask() outside a task.

import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import { RawClient } from '../../../protocol/test/support/raw-client.js';
import { type Context, Ctx, McpApp, Tool } from '../../src/index.js';
import { taskExecution, taskPolicyOf } from '../../src/tasks/task-option.js';

class Jobs {
  @Tool({ description: 'Deploys', task: 'optional' })
  deploy() {
    return 'deployed';
  }

  @Tool({ description: 'Greets', task: { support: 'required', start: 'handler' }, execution: { other: true } })
  async greet(@Ctx() ctx: Context) {
    return `continued: ${await ctx.continueAsTask()}`;
  }

  @Tool({ description: 'Plain' })
  plain() {
    return 'plain';
  }
}

async function legacyTools() {
  const app = new McpApp({ name: 'jobs', version: '1', providers: [Jobs] });
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  const client = new Client({ name: 'sdk', version: '1' });
  await client.connect(c as unknown as SdkTransport);
  return { app, client };
}

describe('@Tool({ task })', () => {
  it('maps to the engine policy and to execution.taskSupport', () => {
    expect(taskPolicyOf('optional')).toEqual({ support: 'optional', start: 'immediate' });
    expect(taskPolicyOf({ support: 'required', start: 'handler' })).toEqual({ support: 'required', start: 'handler' });
    expect(taskPolicyOf(undefined)).toBeUndefined();
    expect(taskExecution({ x: 1 }, 'required')).toEqual({ x: 1, taskSupport: 'required' });
    expect(taskExecution(undefined, undefined)).toBeUndefined();
  });

  it('lists execution.taskSupport to a 2025-11-25 client', async () => {
    const { app, client } = await legacyTools();
    const { tools } = await client.listTools();
    const by = Object.fromEntries(tools.map((t) => [t.name, t.execution]));
    expect(by).toEqual({
      deploy: { taskSupport: 'optional' },
      greet: { taskSupport: 'required' }, // the SDK's schema drops keys it does not know (other)
      plain: undefined,
    });
    await client.close();
    await app.close();
  });

  it('lists no execution to a 2026-07-28 client (the revision has no such field)', async () => {
    const app = new McpApp({ name: 'jobs', version: '1', providers: [Jobs] });
    const [c, s] = createLinkedTransports();
    await app.connect(s);
    const client = new RawClient(c);
    await client.start();
    const { result } = await client.request('tools/list', {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    });
    for (const tool of result.tools as Record<string, unknown>[]) expect(tool).not.toHaveProperty('execution');
    await app.close();
  });

  it('ctx.continueAsTask() answers false where the call cannot become a task, and the call goes on', async () => {
    const { app, client } = await legacyTools();
    const result = await client.callTool({ name: 'greet', arguments: {} }).catch((e: Error) => e);
    // Until the engine mounts tasks, a required task tool is still served plainly.
    expect(JSON.stringify(result)).toContain('continued: false');
    await client.close();
    await app.close();
  });
});
