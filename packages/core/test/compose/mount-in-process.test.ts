// Mounting an app of this process: prefixed lists, forwarded calls, the app's guards and scopes on
// mounted primitives, sampling/elicitation asked of our client, progress and cancellation forwarded,
// and a mount that loses its server and gets it back.
import { createLinkedTransports, type Transport } from '@decorum/protocol';
import { connectInMemory } from '@decorum/protocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  Arg,
  Complete,
  Context,
  Ctx,
  type ExecutionContext,
  type Interceptor,
  inProcess,
  McpApp,
  type Mount,
  MountedPrimitive,
  Param,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
} from '../../src/index.js';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

class Inner {
  aborted = deferred<string>();

  @Tool({ description: 'Echoes' })
  echo(@Arg('text') text: string) {
    return `echo: ${text}`;
  }

  @Tool({ description: 'Logs while it works' })
  async chatty(@Ctx() ctx: Context) {
    await ctx.log.debug('too fine to see');
    await ctx.log.info('working', 'inner');
    return 'done';
  }

  @Tool({ description: 'Asks the model' })
  async ask(@Arg('question') question: string, @Ctx() ctx: Context) {
    const reply = await ctx.sample(question, { maxTokens: 10 });
    return `model said ${JSON.stringify(reply.content)}`;
  }

  @Tool({ description: 'Asks the user' })
  async confirm(@Ctx() ctx: Context) {
    const answer = await ctx.elicit({ type: 'object', properties: { ok: { type: 'boolean' } } }, 'Sure?');
    return `user said ${JSON.stringify(answer)}`;
  }

  @Tool({ description: 'Reports progress, then waits to be cancelled' })
  async slow(@Ctx() ctx: Context) {
    await ctx.progress(1, 2, 'half');
    await new Promise<void>((resolve) => {
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    this.aborted.resolve(String(ctx.signal.reason));
    return 'never seen';
  }

  @Resource('notes://motd', { name: 'motd' })
  motd() {
    return 'good day';
  }

  @ResourceTemplate('notes://n/{id}', { name: 'note' })
  note(@Param('id') id: string) {
    return `note ${id}`;
  }

  @Prompt({ description: 'Greets' })
  greet(@Arg('who') who: string) {
    return `hello ${who}`;
  }

  @Complete({ prompt: 'greet', argument: 'who' })
  names() {
    return ['ada', 'alan'];
  }

  @Complete({ template: 'notes://n/{id}', argument: 'id' })
  ids() {
    return ['7', '8'];
  }
}

async function connect(app: McpApp, withHandlers = true): Promise<Client> {
  const client = new Client({ name: 't', version: '1' }, { capabilities: { sampling: {}, elicitation: {} } });
  if (withHandlers) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant',
      model: 'test',
      content: {
        type: 'text',
        text: `re: ${(request.params.messages[0]?.content as { text?: string } | undefined)?.text}`,
      },
    }));
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { ok: true } }));
  }
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  await client.connect(c as unknown as SdkTransport);
  return client;
}

function setup(mount: Partial<Mount> = {}, extra: Partial<ConstructorParameters<typeof McpApp>[0]> = {}) {
  const inner = new McpApp({ name: 'inner', version: '1', providers: [Inner] });
  const instance = inner.container.get(Inner);
  const outer = new McpApp({
    name: 'outer',
    version: '1',
    providers: [],
    mounts: [{ prefix: 'in', server: inProcess(inner, { label: 'inner app' }), ...mount }],
    ...extra,
  });
  return { inner, outer, instance };
}

describe('mount (in process)', () => {
  it('serves the mounted primitives under the prefix', async () => {
    const { outer, inner } = setup();
    const client = await connect(outer);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
      'in_ask',
      'in_chatty',
      'in_confirm',
      'in_echo',
      'in_slow',
    ]);
    expect(await client.callTool({ name: 'in_echo', arguments: { text: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'echo: hi' }],
    });
    // A slip is answered with the closest name, mounted ones included.
    await expect(client.callTool({ name: 'in_ecko', arguments: {} })).rejects.toThrow(
      'Unknown tool: in_ecko. Did you mean "in_echo"?',
    );
    await expect(client.getPrompt({ name: 'in_gret' })).rejects.toThrow(
      'Unknown prompt: in_gret. Did you mean "in_greet"?',
    );
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['notes://in/motd']);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'notes://in/n/{id}',
    ]);
    expect(await client.readResource({ uri: 'notes://in/n/7' })).toEqual({
      contents: [{ uri: 'notes://in/n/7', text: 'note 7' }],
    });
    const prompt = await client.getPrompt({ name: 'in_greet', arguments: { who: 'ada' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'hello ada' });
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'in_greet' },
      argument: { name: 'who', value: 'a' },
    });
    expect(completed.completion.values).toEqual(['ada', 'alan']);
    const variable = await client.complete({
      ref: { type: 'ref/resource', uri: 'notes://in/n/{id}' },
      argument: { name: 'id', value: '' },
    });
    expect(variable.completion.values).toEqual(['7', '8']);
    await outer.close();
    await inner.close();
  });

  it('asks our client on behalf of the mounted server (sampling, elicitation)', async () => {
    const { outer, inner } = setup();
    const client = await connect(outer);
    const asked = await client.callTool({ name: 'in_ask', arguments: { question: 'why?' } });
    expect(asked.content).toEqual([{ type: 'text', text: 'model said {"type":"text","text":"re: why?"}' }]);
    const confirmed = await client.callTool({ name: 'in_confirm', arguments: {} });
    expect(confirmed.content).toEqual([{ type: 'text', text: 'user said {"action":"accept","data":{"ok":true}}' }]);
    await outer.close();
    await inner.close();
  });

  it('asks a modern (2026-07-28) client through input_required, and the retry finds the answer', async () => {
    const { outer, inner } = setup();
    const asked: string[] = [];
    const client = await connectInMemory(outer, {
      protocolVersion: '2026-07-28',
      handlers: {
        sampling: (params) => {
          asked.push('sampling');
          const text = ((params.messages as { content: { text: string } }[])[0]?.content.text ?? '') as string;
          return { role: 'assistant', model: 'test', content: { type: 'text', text: `re: ${text}` } };
        },
        elicitation: () => {
          asked.push('elicitation');
          return { action: 'accept', content: { ok: false } };
        },
      },
    });
    expect(client.era).toBe('modern');
    const result = await client.callTool('in_ask', { question: 'how?' });
    expect(result.content).toEqual([{ type: 'text', text: 'model said {"type":"text","text":"re: how?"}' }]);
    const confirmed = await client.callTool('in_confirm', {});
    expect(confirmed.content).toEqual([{ type: 'text', text: 'user said {"action":"accept","data":{"ok":false}}' }]);
    expect(asked).toEqual(['sampling', 'elicitation']);
    await client.close();
    await outer.close();
    await inner.close();
  });

  it('passes the log messages of a call on, at the level our client chose', async () => {
    const { outer, inner } = setup();
    const client = await connect(outer);
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params);
    });
    await client.setLoggingLevel('info');
    expect((await client.callTool({ name: 'in_chatty', arguments: {} })).content).toEqual([
      { type: 'text', text: 'done' },
    ]);
    expect(logs).toEqual([{ level: 'info', data: 'working', logger: 'inner' }]);
    await outer.close();
    await inner.close();
  });

  it('forwards progress, and cancellation to the mounted server', async () => {
    const { outer, inner, instance } = setup();
    const client = await connect(outer);
    const progress = deferred<unknown>();
    const abort = new AbortController();
    const call = client.callTool({ name: 'in_slow', arguments: {} }, undefined, {
      signal: abort.signal,
      onprogress: (p) => progress.resolve(p),
    });
    expect(await progress.promise).toEqual({ progress: 1, total: 2, message: 'half' });
    abort.abort('enough');
    await expect(call).rejects.toThrow();
    expect(await instance.aborted.promise).toMatch(/enough|cancel/i);
    await outer.close();
    await inner.close();
  });

  it('applies the app guards and the mount scopes to mounted primitives', async () => {
    const seen: string[] = [];
    const guard = ({ name, args }: ExecutionContext) => {
      seen.push(name);
      return args.text !== 'forbidden';
    };
    const { outer, inner } = setup({ scopes: ['inner:use'] }, { guards: [guard] });
    const client = await connect(outer);
    // No caller authenticated in memory: the scoped mount shows nothing and refuses calls.
    expect((await client.listTools()).tools).toEqual([]);
    await expect(client.callTool({ name: 'in_echo', arguments: { text: 'x' } })).rejects.toThrow(/inner:use/);
    await outer.close();

    const open = setup({}, { guards: [guard] });
    const other = await connect(open.outer);
    const refused = await other.callTool({ name: 'in_echo', arguments: { text: 'forbidden' } });
    expect(refused).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Not allowed: a guard refused tool "in_echo"' }],
    });
    expect(seen).toEqual(['in_echo']);
    await open.outer.close();
    await open.inner.close();
    await inner.close();
  });

  it('wraps mounted calls in the app interceptors, then the mount ones, and lets a caller with the scopes in', async () => {
    const order: string[] = [];
    const appWide: Interceptor = async (call, next) => {
      order.push(`app ${call.name} ${call.method} ${call.target === MountedPrimitive}`);
      return next();
    };
    const mountOnly: Interceptor = async (_call, next) => {
      order.push('mount');
      const result = (await next()) as { content: { text: string }[] };
      return { ...result, content: [{ type: 'text', text: result.content[0]?.text.toUpperCase() }] };
    };
    const { outer, inner } = setup({ scopes: ['inner:use'], interceptors: [mountOnly] }, { interceptors: [appWide] });
    const client = new Client({ name: 't', version: '1' });
    const [c, s] = createLinkedTransports();
    await outer.connect(s);
    // What HTTP authentication would tell the engine about the caller.
    const server: Transport = s;
    const deliver = server.onmessage;
    server.onmessage = (value, info) => deliver?.(value, { ...info, authInfo: { token: 't', scopes: ['inner:use'] } });
    await client.connect(c as unknown as SdkTransport);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('in_echo');
    expect((await client.callTool({ name: 'in_echo', arguments: { text: 'hi' } })).content).toEqual([
      { type: 'text', text: 'ECHO: HI' },
    ]);
    expect(order).toEqual(['app in_echo echo true', 'mount']);
    await outer.close();
    await inner.close();
  });

  it('serves a mount without a prefix as the mounted server names it, beside own primitives', async () => {
    class Own {
      @Tool({ description: 'Mine' })
      mine() {
        return 'mine';
      }

      @Resource('own://thing', { name: 'thing' })
      thing() {
        return 'own thing';
      }
    }
    const inner = new McpApp({ name: 'inner', version: '1', providers: [Inner] });
    const outer = new McpApp({
      name: 'outer',
      version: '1',
      providers: [Own],
      mounts: [{ prefix: '', server: inProcess(inner) }],
    });
    const client = await connect(outer);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
      'ask',
      'chatty',
      'confirm',
      'echo',
      'mine',
      'slow',
    ]);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'x' } })).content).toEqual([
      { type: 'text', text: 'echo: x' },
    ]);
    expect((await client.callTool({ name: 'mine', arguments: {} })).content).toEqual([{ type: 'text', text: 'mine' }]);
    expect((await client.readResource({ uri: 'notes://n/3' })).contents).toEqual([
      { uri: 'notes://n/3', text: 'note 3' },
    ]);
    expect((await client.readResource({ uri: 'own://thing' })).contents[0]).toMatchObject({ text: 'own thing' });
    await outer.close();
    await inner.close();
  });

  it('forwards list changes and resource updates of the mounted server', async () => {
    class Extra {
      @Tool({ description: 'Added later' })
      later() {
        return 'later';
      }
    }
    const { outer, inner } = setup();
    const client = await connect(outer);
    const changed = deferred();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.resolve());
    const updated = deferred<string>();
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.resolve(n.params.uri));
    await client.subscribeResource({ uri: 'notes://in/motd' });
    inner.add(Extra);
    await changed.promise;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('in_later');
    inner.notifyResourceUpdated('notes://motd');
    expect(await updated.promise).toBe('notes://in/motd');
    await outer.close();
    await inner.close();
  });

  it('subscribes a reconnected server again, so updates keep coming', async () => {
    const { outer, inner } = setup({ reconnect: { initialDelayMs: 0, maxDelayMs: 0 } });
    const client = await connect(outer);
    let changed = deferred();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.resolve());
    const updated = deferred<string>();
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.resolve(n.params.uri));
    await client.subscribeResource({ uri: 'notes://in/motd' });
    await inner.server.close();
    await changed.promise;
    changed = deferred();
    while ((await client.listTools()).tools.length === 0) await changed.promise;
    inner.notifyResourceUpdated('notes://motd');
    expect(await updated.promise).toBe('notes://in/motd');
    await outer.close();
    await inner.close();
  });

  it('transforms mounted primitives like own ones (prompts and their arguments too)', async () => {
    const { outer, inner } = setup(
      {},
      {
        transforms: {
          tools: { in_echo: { name: 'say', arguments: { text: { default: 'nothing' } } }, in_slow: { hidden: true } },
          prompts: { in_greet: { name: 'hello', arguments: { who: { name: 'name', default: 'world' } } } },
          resources: { 'notes://in/motd': { title: 'Message of the day' } },
        },
      },
    );
    const client = await connect(outer);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['in_ask', 'in_chatty', 'in_confirm', 'say']);
    expect(tools.find((t) => t.name === 'say')?.inputSchema.properties).toMatchObject({ text: { default: 'nothing' } });
    expect((await client.callTool({ name: 'say', arguments: {} })).content).toEqual([
      { type: 'text', text: 'echo: nothing' },
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts[0]).toMatchObject({ name: 'hello', arguments: [{ name: 'name', required: false }] });
    expect((await client.getPrompt({ name: 'hello', arguments: {} })).messages[0]?.content).toEqual({
      type: 'text',
      text: 'hello world',
    });
    expect((await client.getPrompt({ name: 'hello', arguments: { name: 'ada' } })).messages[0]?.content).toEqual({
      type: 'text',
      text: 'hello ada',
    });
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'hello' },
      argument: { name: 'name', value: 'a' },
    });
    expect(completed.completion.values).toEqual(['ada', 'alan']);
    expect((await client.listResources()).resources[0]).toMatchObject({ title: 'Message of the day' });
    await outer.close();
    await inner.close();
  });

  it('says a mounted server did not answer in time (its timeout, not our client’s)', async () => {
    const inner = new McpApp({ name: 'inner', version: '1', providers: [Inner] });
    const outer = new McpApp({
      name: 'outer',
      version: '1',
      providers: [],
      mounts: [{ prefix: 'in', server: inProcess(inner, { label: 'inner app', requestTimeoutMs: 50 }) }],
    });
    const client = await connect(outer);
    const result = await client.callTool({ name: 'in_slow', arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^The mounted server mount "in" \(inner app\) did not answer in time/,
    );
    await outer.close();
    await inner.close();
  });

  it('starts without a mount that is not required, and serves it once it connects', async () => {
    const inner = new McpApp({ name: 'inner', version: '1', providers: [Inner] });
    let allow = false;
    const warnings: string[] = [];
    const source = inProcess(inner, { label: 'late app' });
    const outer = new McpApp({
      name: 'outer',
      version: '1',
      providers: [],
      logger: { warn: (m: string) => warnings.push(m), error: () => undefined },
      mounts: [
        {
          prefix: 'in',
          required: false,
          reconnect: { initialDelayMs: 0, maxDelayMs: 0 },
          server: {
            label: 'late app',
            connect: (handlers) => (allow ? source.connect(handlers) : Promise.reject(new Error('not yet'))),
          },
        },
      ],
    });
    const client = await connect(outer);
    expect(warnings[0]).toBe('[decorum] mount "in" (late app) is not reachable yet: not yet');
    expect((await client.listTools()).tools).toEqual([]);
    const changed = deferred();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.resolve());
    allow = true;
    await changed.promise;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('in_echo');
    await outer.close();
    await inner.close();
  });

  it('refuses to start when a required mount cannot be reached, naming the fix', async () => {
    const outer = new McpApp({
      name: 'outer',
      version: '1',
      providers: [],
      mounts: [{ prefix: 'x', server: { label: 'nowhere', connect: () => Promise.reject(new Error('refused')) } }],
    });
    await expect(outer.connect(createLinkedTransports()[1])).rejects.toThrow(
      'Cannot connect mount "x" (nowhere): refused. Check the command or URL, or set { required: false } to start without it.',
    );
    await outer.close();
  });

  it('advertises the capabilities its own providers and the mounted servers have, no more', async () => {
    class OnlyTools {
      @Tool({ description: 'Pings' })
      ping() {
        return 'pong';
      }
    }
    const inner = new McpApp({ name: 'inner', version: '1', providers: [OnlyTools] });
    const outer = new McpApp({
      name: 'outer',
      version: '1',
      providers: [],
      mounts: [{ prefix: 'in', server: inProcess(inner) }],
    });
    const client = await connect(outer);
    const capabilities = client.getServerCapabilities() ?? {};
    expect(
      Object.keys(capabilities).filter((k) => ['tools', 'resources', 'prompts', 'completions'].includes(k)),
    ).toEqual(['tools']);
    await outer.close();
    await inner.close();
  });

  it('refuses at startup a mounted name the app already serves', async () => {
    class Clash {
      @Tool({ name: 'in_echo', description: 'Mine' })
      mine() {
        return 'mine';
      }
    }
    const inner = new McpApp({ name: 'inner', version: '1', providers: [Inner] });
    const outer = new McpApp({
      name: 'outer',
      version: '1',
      providers: [Clash],
      mounts: [{ prefix: 'in', server: inProcess(inner, { label: 'inner app' }) }],
    });
    await expect(outer.connect(createLinkedTransports()[1])).rejects.toThrow(
      'tools "in_echo" is served by both the app and mount "in" (inner app): mount it under another prefix, or rename the app\'s own.',
    );
    await outer.close();
    await inner.close();
  });

  it('answers calls to a server that went away with why, as a tool error', async () => {
    const { outer, inner } = setup({ reconnect: false });
    const client = await connect(outer);
    const changed = deferred();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.resolve());
    await inner.server.close();
    await changed.promise;
    expect((await client.listTools()).tools).toEqual([]);
    const result = await client.callTool({ name: 'in_echo', arguments: { text: 'x' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^The mounted server mount "in" \(inner app\) is not available \(it went away: /,
    );
    await expect(client.readResource({ uri: 'notes://in/motd' })).rejects.toThrow(/is not available/);
    await outer.close();
    await inner.close();
  });

  it('drops the primitives of a server that went away and recovers', async () => {
    const { outer, inner } = setup({ reconnect: { initialDelayMs: 0, maxDelayMs: 0 } });
    const client = await connect(outer);
    const changes: number[] = [];
    let changed = deferred();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes.push(Date.now());
      changed.resolve();
    });
    expect((await client.listTools()).tools).toHaveLength(5);
    // The in-process server closes every session: the mount's connection ends.
    await inner.server.close();
    await changed.promise;
    changed = deferred();
    // Reconnection is immediate here (delay 0): wait for the lists to come back.
    while ((await client.listTools()).tools.length === 0) await changed.promise;
    expect(await client.callTool({ name: 'in_echo', arguments: { text: 'back' } })).toEqual({
      content: [{ type: 'text', text: 'echo: back' }],
    });
    expect(changes.length).toBeGreaterThanOrEqual(1);
    await outer.close();
    await inner.close();
  });
});
