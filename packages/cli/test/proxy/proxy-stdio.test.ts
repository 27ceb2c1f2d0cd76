// \`decorum proxy\` (the CLI from source) serving a Decorum app's HTTP endpoint over stdio (same lists, results, logs
// and list changes as over HTTP), and \`--transforms\` with \`--auth-token-env\` in front of server-everything.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Args, type Context, Ctx, McpApp, Tool } from '@decorum/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { IsString } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_ARGS } from '../support/work-project.js';
import { EVERYTHING, lists, startProxy, stop, v1 } from './proxy-support.js';

class Greeting {
  @IsString() name!: string;
}

class Greeter {
  @Tool({ name: 'greet', description: 'Greets someone' })
  greet(@Args() input: Greeting) {
    return `Hello, ${input.name}!`;
  }
}

class Chatty {
  @Tool({ name: 'chatty', description: 'Logs while it works' })
  async chatty(@Ctx() ctx: Context) {
    await ctx.log.info('working', 'chatty');
    await ctx.log.debug('too detailed', 'chatty');
    return 'done';
  }
}

class Extra {
  @Tool({ name: 'extra', description: 'Appears later' })
  extra() {
    return 'extra';
  }
}

describe('decorum proxy: a Decorum HTTP server to stdio', () => {
  let app: McpApp;
  let url: URL;

  beforeAll(async () => {
    app = new McpApp({ name: 'greeter', version: '1.0.0', providers: [Greeter, Chatty] });
    url = (await app.listen({ http: { port: 0 } })).url as URL;
  });
  afterAll(async () => {
    await app.close();
  });

  it('the v1 client over stdio sees the same lists, results, logs and list changes as over HTTP', async () => {
    const direct = await v1(new StreamableHTTPClientTransport(url));
    const bridged = await v1(
      new StdioClientTransport({ command: process.execPath, args: [...BIN_ARGS, 'proxy', url.href], stderr: 'pipe' }),
    );
    try {
      expect(await lists(bridged)).toEqual(await lists(direct));
      const call = { name: 'greet', arguments: { name: 'Ada' } };
      expect(await bridged.callTool(call)).toEqual(await direct.callTool(call));
      const bad = { name: 'greet', arguments: { name: 42 } };
      expect(await bridged.callTool(bad)).toEqual(await direct.callTool(bad));
      const logs = async (client: Client) => {
        const seen: unknown[] = [];
        client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
          seen.push(n.params);
        });
        await client.setLoggingLevel('info');
        const result = await client.callTool({ name: 'chatty', arguments: {} });
        return { result, seen };
      };
      const [fromDirect, fromBridge] = [await logs(direct), await logs(bridged)];
      expect(fromBridge).toEqual(fromDirect);
      expect(fromBridge.seen).toEqual([{ level: 'info', data: 'working', logger: 'chatty' }]);
      const changed = (client: Client) =>
        new Promise<void>((resolve) =>
          client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
        );
      const heard = [changed(direct), changed(bridged)];
      app.add(Extra);
      await Promise.all(heard);
      const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
      await expect.poll(() => names(bridged)).toEqual(['chatty', 'extra', 'greet']);
      expect(await names(direct)).toEqual(['chatty', 'extra', 'greet']);
    } finally {
      await direct.close();
      await bridged.close();
    }
  }, 30_000);
});

describe('decorum proxy --transforms --auth-token-env', () => {
  it('hides and renames the proxied tools as the file says, for clients with the token only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-transforms-'));
    const file = join(dir, 'transforms.json');
    writeFileSync(
      file,
      JSON.stringify({
        tools: { 'get-env': { hidden: true }, echo: { name: 'say', description: 'Repeats a message' } },
      }),
    );
    const { child, url } = await startProxy(
      ['--port', '0', '--transforms', file, '--auth-token-env', 'PROXY_TOKEN', '--', process.execPath, EVERYTHING],
      { PROXY_TOKEN: 'let-me-in' },
    );
    const initialize = (authorization?: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization !== undefined && { authorization }),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      });
    expect((await initialize()).status).toBe(401);
    expect((await initialize('Bearer guess')).status).toBe(401);
    await expect(v1(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow();
    const client = await v1(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: 'Bearer let-me-in' } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      expect(names).toContain('say');
      expect(names).not.toContain('echo');
      expect(names).not.toContain('get-env');
      expect(tools.find((t) => t.name === 'say')?.description).toBe('Repeats a message');
      expect((await client.callTool({ name: 'say', arguments: { message: 'hi' } })).content).toEqual([
        { type: 'text', text: 'Echo: hi' },
      ]);
      await expect(client.callTool({ name: 'get-env', arguments: {} })).rejects.toThrow(/Unknown tool: get-env/);
    } finally {
      await client.close();
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
