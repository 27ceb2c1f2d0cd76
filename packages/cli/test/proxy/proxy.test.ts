// `decorum proxy` (the CLI from source) bridging real servers: server-everything from stdio to Streamable HTTP, and
// a Decorum app served over HTTP to stdio. The official clients (SDK 1.32.2, @modelcontextprotocol/client 2.4.0)
// must see the same lists and the same call results through the bridge as directly, notifications included.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Args, type Context, Ctx, McpApp, Tool } from '@decorum/core';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { IsString } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, LineWaiter } from '../support/work-project.js';

const EVERYTHING = createRequire(import.meta.url)
  .resolve('@modelcontextprotocol/server-everything/package.json')
  .replace(/package\.json$/, 'dist/index.js');
const CAPABILITIES = { sampling: {}, elicitation: {}, roots: {} };
const SAMPLED = { role: 'assistant' as const, model: 'test-model', content: { type: 'text' as const, text: 'Paris' } };
const ELICITED = { action: 'accept' as const, content: { name: 'Ada Lovelace' } };
const ROOTS = { roots: [{ uri: 'file:///tmp/proxy-root', name: 'proxy-root' }] };

/** What a v1 client heard: server-everything's "Roots updated: N root(s)" log, once it asked for the roots. */
const rootsHeard = new WeakMap<Client, Promise<string>>();

/** The v1 SDK client, answering sampling, elicitation and roots the same way on every connection. */
async function v1(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'proxy-test', version: '1.0.0' }, { capabilities: CAPABILITIES });
  client.setRequestHandler(CreateMessageRequestSchema, () => SAMPLED);
  client.setRequestHandler(ElicitRequestSchema, () => ELICITED);
  client.setRequestHandler(ListRootsRequestSchema, () => ROOTS);
  rootsHeard.set(
    client,
    new Promise((resolve) =>
      client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
        if (/^Roots updated: [1-9]/.test(String(params.data))) resolve(String(params.data));
      }),
    ),
  );
  await client.connect(transport);
  return client;
}

/** A call made as a task with the v1 SDK's experimental tasks API: its final result and what it went through. */
async function asTask(client: Client, name: string, args: Record<string, unknown>) {
  const stream = client.experimental.tasks.callToolStream({ name, arguments: args }, CallToolResultSchema, {
    task: { ttl: 60_000 },
  });
  const seen = new Set<string>();
  for await (const message of stream) {
    seen.add(message.type === 'taskStatus' ? message.task.status : message.type);
    if (message.type === 'error') throw message.error;
    if (message.type === 'result') {
      // Each side names its own task; the rest of the result must be the same.
      const { 'io.modelcontextprotocol/related-task': related, ...meta } = message.result._meta ?? {};
      expect(related).toMatchObject({ taskId: expect.any(String) });
      const { _meta, ...rest } = message.result;
      return { result: Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest, seen: [...seen] };
    }
  }
  throw new Error(`${name}: no result`);
}

/** Every list the server offers (as its capabilities say). */
async function lists(client: Client) {
  const caps = client.getServerCapabilities() ?? {};
  return {
    capabilities: { tools: !!caps.tools, resources: !!caps.resources, prompts: !!caps.prompts, tasks: caps.tasks },
    tools: caps.tools ? await client.listTools() : undefined,
    resources: caps.resources ? await client.listResources() : undefined,
    templates: caps.resources ? await client.listResourceTemplates() : undefined,
    prompts: caps.prompts ? await client.listPrompts() : undefined,
  };
}

/** Starts `decorum proxy …` and resolves with the child and, when it serves HTTP, its endpoint. */
async function startProxy(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...BIN_ARGS, 'proxy', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const stderr = new LineWaiter(child.stderr as NodeJS.ReadableStream as never);
  const line = await Promise.race([
    stderr.next(/proxy: .* → http/),
    once(child, 'exit').then(() => {
      throw new Error(`decorum proxy exited: ${stderr.lines.join('\n')}`);
    }),
  ]);
  return { child, url: (/→ (\S+)/.exec(line) as RegExpExecArray)[1] as string };
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

describe('decorum proxy: server-everything from stdio to Streamable HTTP', () => {
  let proxy: ChildProcess | undefined;
  let url: string;
  let direct: Client;
  let bridged: Client;

  beforeAll(async () => {
    ({ child: proxy, url } = await startProxy(['--port', '0', '--', process.execPath, EVERYTHING, 'stdio']));
    direct = await v1(
      new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' }),
    );
    bridged = await v1(new StreamableHTTPClientTransport(new URL(url)));
  });
  afterAll(async () => {
    await direct?.close();
    await bridged?.close();
    await stop(proxy);
  });

  it('the v1 client sees the same lists', async () => {
    const [a, b] = [await lists(direct), await lists(bridged)];
    expect(b.tools?.tools.length).toBeGreaterThan(10);
    expect(b.tools?.tools.find((t) => t.name === 'simulate-research-query')?.execution).toEqual({
      taskSupport: 'required',
    });
    expect(b).toEqual(a);
  });

  it('the v1 client gets the same call results, sampling and elicitation included', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['echo', { message: 'through the bridge' }],
      ['get-sum', { a: 2, b: 40 }],
      ['get-structured-content', { location: 'Chicago' }],
      ['get-tiny-image', {}],
      ['trigger-sampling-request', { prompt: 'capital of France?', maxTokens: 10 }],
      ['trigger-elicitation-request', {}],
      ['get-roots-list', {}],
    ];
    // server-everything asks for the roots on its own (outside any call) and says so in a log message: through the
    // bridge, when this client connected (the proxy forwarded roots/list_changed, the server asked again).
    const [fromDirect, fromBridge] = await Promise.all([rootsHeard.get(direct), rootsHeard.get(bridged)]);
    expect(fromBridge).toEqual(fromDirect);
    for (const [name, args] of calls) {
      const through = await bridged.callTool({ name, arguments: args });
      expect(through, name).toEqual(await direct.callTool({ name, arguments: args }));
    }
  });

  it('a task tool through the bridge as directly (v1 experimental tasks), an elicitation inside the task', async () => {
    for (const ambiguous of [false, true]) {
      const args = { topic: 'python', ambiguous };
      const [a, b] = await Promise.all([
        asTask(direct, 'simulate-research-query', args),
        asTask(bridged, 'simulate-research-query', args),
      ]);
      expect(b.result, `ambiguous: ${ambiguous}`).toEqual(a.result);
      expect(JSON.stringify(b.result)).toContain(ambiguous ? 'Clarification' : 'Research Report: python');
      expect(b.seen[0]).toBe('taskCreated');
    }
  }, 30_000);

  it('progress and resource updates reach the client through the bridge as directly', async () => {
    const progress = async (client: Client) => {
      const seen: unknown[] = [];
      const result = await client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
        undefined,
        { onprogress: (p) => seen.push(p) },
      );
      return { result, seen };
    };
    const [a, b] = [await progress(direct), await progress(bridged)];
    expect(b.result).toEqual(a.result);
    // SDK 1.x may drop the last progress when it arrives with the response in one chunk (it does directly here);
    // Decorum answers a macrotask after its notifications, so through the bridge all three arrive.
    expect(b.seen).toEqual([1, 2, 3].map((progress) => ({ progress, total: 3 })));
    expect(b.seen.slice(0, a.seen.length)).toEqual(a.seen);
    const updated = (client: Client) =>
      new Promise<unknown>((resolve) =>
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params)),
      );
    const { resources } = await direct.listResources();
    const uri = String(resources[0]?.uri);
    const updates = [updated(direct), updated(bridged)];
    for (const client of [direct, bridged]) {
      await client.subscribeResource({ uri });
      await client.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    }
    const [fromDirect, fromBridge] = await Promise.all(updates);
    expect(fromBridge).toEqual(fromDirect);
  }, 20_000);

  it('the v2 client sees the same lists and results, in the legacy and the 2026-07-28 era', async () => {
    const v2 = async (transport: V2Http | V2Stdio, pin?: string) => {
      const client = new V2Client(
        { name: 'proxy-test-v2', version: '1.0.0' },
        { capabilities: CAPABILITIES, ...(pin !== undefined && { versionNegotiation: { mode: { pin } } }) },
      );
      client.setRequestHandler('sampling/createMessage', async () => SAMPLED);
      client.setRequestHandler('elicitation/create', async () => ELICITED);
      client.setRequestHandler('roots/list', async () => ROOTS);
      await client.connect(transport);
      return client;
    };
    const directV2 = await v2(
      new V2Stdio({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' }),
    );
    const expected = await directV2.listTools();
    const sampleArgs = { name: 'trigger-sampling-request', arguments: { prompt: 'capital?', maxTokens: 5 } };
    const sampled = await directV2.callTool(sampleArgs);
    await directV2.close();
    for (const pin of [undefined, '2026-07-28']) {
      const client = await v2(new V2Http(new URL(url)), pin);
      const tools = await client.listTools();
      expect(
        tools.tools.map((t) => t.name),
        pin,
      ).toEqual(expected.tools.map((t) => t.name));
      expect(tools.tools.map((t) => t.inputSchema)).toEqual(expected.tools.map((t) => t.inputSchema));
      const echo = await client.callTool({ name: 'echo', arguments: { message: 'v2' } });
      expect(echo.content).toEqual([{ type: 'text', text: 'Echo: v2' }]);
      expect((await client.callTool(sampleArgs)).content).toEqual(sampled.content);
      await client.close();
    }
  }, 30_000);
});

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
