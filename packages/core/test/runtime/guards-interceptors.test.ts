// Guards and interceptors apply alike to tools, resources and prompts, app-wide, per class and per
// method, including providers added at runtime.

import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import {
  Arg,
  type ExecutionContext,
  type Interceptor,
  McpApp,
  Prompt,
  Resource,
  Tool,
  UseGuards,
  UseInterceptors,
} from '../../src/index.js';

const seen: string[] = [];
const record: Interceptor = async (c, next) => {
  seen.push(`${c.kind}:${c.name}`);
  return next();
};
const shout: Interceptor = async (_c, next) => {
  const result = await next();
  return typeof result === 'string' ? result.toUpperCase() : result;
};
const onlyAlice = ({ args }: ExecutionContext) => args.who !== 'mallory';

@UseInterceptors(shout)
class Greetings {
  @Tool({ description: 'Greets' })
  @UseGuards(onlyAlice)
  greet(@Arg('who') who: string) {
    return `hello ${who}`;
  }

  @Resource('greetings://motd', { name: 'motd' })
  motd() {
    return 'good day';
  }

  @Prompt({ description: 'A greeting prompt' })
  welcome(@Arg('who') who: string) {
    return `welcome ${who}`;
  }
}

class Late {
  @Tool({ description: 'Added later' })
  late() {
    return 'late';
  }
}

async function connect(app: McpApp): Promise<Client> {
  const client = new Client({ name: 't', version: '1' });
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  await client.connect(c as unknown as SdkTransport);
  return client;
}

describe('guards and interceptors', () => {
  it('wrap tools, resources and prompts alike (app, class and method level), also for providers added later', async () => {
    seen.length = 0;
    const app = new McpApp({ name: 'g', version: '1', providers: [Greetings], interceptors: [record] });
    const client = await connect(app);
    expect((await client.callTool({ name: 'greet', arguments: { who: 'alice' } })).content).toEqual([
      { type: 'text', text: 'HELLO ALICE' },
    ]);
    expect(await client.callTool({ name: 'greet', arguments: { who: 'mallory' } })).toMatchObject({
      isError: true,
      content: [{ text: 'Not allowed: a guard refused tool "greet"' }],
    });
    expect((await client.readResource({ uri: 'greetings://motd' })).contents[0]).toMatchObject({ text: 'GOOD DAY' });
    expect((await client.getPrompt({ name: 'welcome', arguments: { who: 'bob' } })).messages[0]?.content).toEqual({
      type: 'text',
      text: 'WELCOME BOB',
    });
    app.add(Late);
    expect((await client.callTool({ name: 'late', arguments: {} })).content).toEqual([{ type: 'text', text: 'late' }]);
    expect(seen).toEqual(['tool:greet', 'resource:motd', 'prompt:welcome', 'tool:late']);
    await app.close();
  });

  it('serves tools/list from a list built once: the same array for every request of a dialect', async () => {
    const app = new McpApp({ name: 'g', version: '1', providers: [Greetings] });
    const tools = app.server.tools;
    const fakeCtx = { protocolVersion: '2025-11-25' } as never;
    expect(tools?.list(fakeCtx)).toBe(tools?.list(fakeCtx));
    expect(tools?.list({ protocolVersion: '2025-06-18' } as never)).not.toBe(tools?.list(fakeCtx));
    await app.close();
  });
});
