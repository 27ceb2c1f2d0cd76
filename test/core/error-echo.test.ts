// #20 item 12: an error repeats caller input only bounded — a 1 MB URI or name no longer makes a
// 2 MB error (message + data), nor a "did you mean" search of length x length.
import 'reflect-metadata';
import { afterEach, describe, expect, it } from 'vitest';
import { Prompt, Resource, Tool } from '../../packages/core/src/index.js';
import { createTestClient, ERAS, type TestClient } from '../../packages/testing/src/index.js';

class Small {
  @Tool({ description: 'Greets' })
  greet() {
    return 'hi';
  }

  @Prompt({ description: 'Welcomes' })
  welcome() {
    return 'welcome';
  }

  @Resource('notes://readme', { name: 'readme' })
  readme() {
    return 'read me';
  }
}

const huge = `notes://${'x'.repeat(1024 * 1024)}`;

describe.each(ERAS)('bounded error echo (%s)', (era) => {
  const clients: TestClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  it('resource not found for a 1 MB URI: a small error, the URI shown truncated', async () => {
    const client = await createTestClient([Small], { era });
    clients.push(client);
    const error = (await client.readResource(huge).catch((e: unknown) => e)) as {
      message: string;
      data?: { uri?: string };
    };
    expect(error.message).toMatch(/^Resource not found: notes:\/\/x+… \(1048584 characters\)$/);
    expect(JSON.stringify({ message: error.message, data: error.data }).length).toBeLessThan(1024);
    expect(error.data?.uri?.length ?? 0).toBeLessThan(200);
  });

  it('unknown tool and prompt names are bounded the same way', async () => {
    const client = await createTestClient([Small], { era });
    clients.push(client);
    const name = 'g'.repeat(1024 * 1024);
    const tool = (await client.callTool(name).catch((e: unknown) => e)) as { message: string; data?: unknown };
    expect(JSON.stringify({ message: tool.message, data: tool.data }).length).toBeLessThan(1024);
    const prompt = (await client.getPrompt(name).catch((e: unknown) => e)) as { message: string; data?: unknown };
    expect(JSON.stringify({ message: prompt.message, data: prompt.data }).length).toBeLessThan(1024);
  });
});
