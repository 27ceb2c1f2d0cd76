// What the call pipeline decides when the app is built: provider instances (singletons taken once,
// other lifetimes asked per call), guards and interceptors given as classes (built by the app's
// container), the app itself as a service, and what ExecutionContext says about a template read.
import 'reflect-metadata';
import {
  createLinkedTransports,
  HttpInput,
  isThenable,
  type PlainReply,
  StreamableHttpHandler,
} from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { IsInt } from 'class-validator';
import { Service } from 'typedi';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Arg,
  type CanActivate,
  type Class,
  type Container,
  type ExecutionContext,
  Field,
  InstanceContainer,
  type Intercepts,
  McpApp,
  Param,
  ParameterError,
  Prompt,
  ResourceTemplate,
  Tool,
  TypediContainer,
  UseGuards,
  UseInterceptors,
} from '../../src/index.js';

const apps: McpApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function connect(app: McpApp): Promise<Client> {
  apps.push(app);
  const client = new Client({ name: 't', version: '1' });
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  await client.connect(c as unknown as SdkTransport);
  return client;
}

const textOf = (result: unknown) => ((result as { content: { text: string }[] }).content[0] as { text: string }).text;

class Counter {
  static made = 0;
  readonly id = ++Counter.made;
  @Tool({ description: 'Says which instance answered' })
  which(): string {
    return `instance ${this.id}`;
  }
}

/** A container that counts its lookups and says what lifetime its tokens have. */
class CountingContainer implements Container {
  gets = 0;
  private readonly inner = new InstanceContainer();
  constructor(private readonly kind: 'singleton' | 'transient' | undefined) {}
  get<T>(token: Class<T>): T {
    this.gets++;
    return this.kind === 'transient' ? new token() : this.inner.get(token);
  }
  get lifetime() {
    const kind = this.kind;
    return kind === undefined ? undefined : () => kind;
  }
}

describe('provider instances', () => {
  it('takes a singleton once, when the app is built: no container lookup per call', async () => {
    const container = new CountingContainer('singleton');
    const client = await connect(new McpApp({ name: 'p', version: '1', providers: [Counter], container }));
    const afterBuild = container.gets;
    const first = textOf(await client.callTool({ name: 'which', arguments: {} }));
    for (let i = 0; i < 3; i++) expect(textOf(await client.callTool({ name: 'which', arguments: {} }))).toBe(first);
    expect(container.gets).toBe(afterBuild);
  });

  it('asks on every call when the container says transient, or says nothing (request scopes keep working)', async () => {
    for (const kind of ['transient', undefined] as const) {
      const container = new CountingContainer(kind);
      const client = await connect(new McpApp({ name: 'p', version: '1', providers: [Counter], container }));
      const afterBuild = container.gets;
      await client.callTool({ name: 'which', arguments: {} });
      await client.callTool({ name: 'which', arguments: {} });
      expect(container.gets).toBe(afterBuild + 2);
    }
  });

  it('reads typedi transient services as transient, and takes a replaced singleton at refresh()', async () => {
    @Service({ transient: true })
    class Fresh {}
    @Service()
    class Kept {}
    expect(new TypediContainer().lifetime(Fresh)).toBe('transient');
    expect(new TypediContainer().lifetime(Kept)).toBe('singleton');
    expect(new TypediContainer().lifetime(Counter)).toBe('singleton');

    const container = new TypediContainer();
    const app = new McpApp({ name: 'p', version: '1', providers: [Counter], container });
    const replaced = await connect(app);
    const fake = Object.assign(Object.create(Counter.prototype) as Counter, { id: 99 });
    container.set(Counter, fake);
    expect(textOf(await replaced.callTool({ name: 'which', arguments: {} }))).not.toBe('instance 99');
    app.refresh();
    expect(textOf(await replaced.callTool({ name: 'which', arguments: {} }))).toBe('instance 99');
  });
});

@Service()
class AllowList {
  readonly names = new Set(['ada']);
}

@Service()
class OnlyListed implements CanActivate {
  constructor(private readonly list: AllowList) {}
  canActivate({ args }: ExecutionContext): boolean {
    return this.list.names.has(String(args.who));
  }
}

@Service()
class Exclaim implements Intercepts {
  constructor(private readonly list: AllowList) {}
  async intercept(_call: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    return `${String(await next())}! (${this.list.names.size} allowed)`;
  }
}

class Greeter {
  @Tool({ description: 'Greets' })
  @UseGuards(OnlyListed)
  @UseInterceptors(Exclaim)
  greet(@Arg('who') who: string): string {
    return `hello ${who}`;
  }
}

describe('guards and interceptors as classes', () => {
  it('are built by the app container with their constructor dependencies, like providers', async () => {
    const container = new TypediContainer();
    const list = new AllowList();
    list.names.add('grace');
    container.set(AllowList, list);
    const client = await connect(new McpApp({ name: 'g', version: '1', providers: [Greeter], container }));
    expect(textOf(await client.callTool({ name: 'greet', arguments: { who: 'grace' } }))).toBe(
      'hello grace! (2 allowed)',
    );
    expect(await client.callTool({ name: 'greet', arguments: { who: 'mallory' } })).toMatchObject({
      isError: true,
      content: [{ text: 'Not allowed: a guard refused tool "greet"' }],
    });
  });
});

class Late {
  @Tool({ description: 'Added at runtime' })
  late(): string {
    return 'late';
  }
}

@Service()
class Admin {
  constructor(private readonly app: McpApp) {}
  @Tool({ description: 'Adds the late tool' })
  enable(): string {
    this.app.add(Late);
    return 'enabled';
  }
}

describe('the app as a service', () => {
  it('is injected into providers, so a tool can add a tool at runtime', async () => {
    const client = await connect(new McpApp({ name: 'a', version: '1', providers: [Admin] }));
    expect(textOf(await client.callTool({ name: 'enable', arguments: {} }))).toBe('enabled');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['enable', 'late']);
    expect(textOf(await client.callTool({ name: 'late', arguments: {} }))).toBe('late');
  });
});

class Limits {
  @Field({ description: 'How many' }) @IsInt() count!: number;
}

class Described {
  static seen: Pick<ExecutionContext, 'kind' | 'name' | 'uri' | 'args'>[] = [];

  @Tool({ description: 'Takes a DTO by option only', input: Limits })
  counted(): string {
    return 'ran';
  }

  @ResourceTemplate('books://{id}', { name: 'book' })
  @UseGuards(({ kind, name, uri, args }) => {
    Described.seen.push({ kind, name, uri, args });
    return true;
  })
  book(@Param('id') id: string): string {
    return `book ${id}`;
  }
}

describe('what the pipeline validates and tells guards', () => {
  it('validates a tool`s arguments against its { input } option (the method gets none)', async () => {
    const client = await connect(new McpApp({ name: 'd', version: '1', providers: [Described] }));
    expect(textOf(await client.callTool({ name: 'counted', arguments: { count: 2 } }))).toBe('ran');
    expect(await client.callTool({ name: 'counted', arguments: { count: 'two' } })).toMatchObject({
      isError: true,
      content: [{ text: 'Invalid arguments for tool "counted":\ncount must be an integer number' }],
    });
  });

  it('gives a template`s name as ExecutionContext.name, and the URI read as uri', async () => {
    Described.seen = [];
    const client = await connect(new McpApp({ name: 'd', version: '1', providers: [Described] }));
    expect((await client.readResource({ uri: 'books://7' })).contents[0]).toMatchObject({ text: 'book 7' });
    expect(Described.seen).toEqual([{ kind: 'resource', name: 'book', uri: 'books://7', args: { id: '7' } }]);
  });
});

describe('ParameterError hints', () => {
  it('does not guess String for a type reflection cannot tell (number | undefined reflects as Object)', () => {
    class Page {
      @Tool({ description: 'Pages' })
      page(@Arg('limit') limit: number | undefined): string {
        return String(limit);
      }
    }
    let message = '';
    try {
      new McpApp({ name: 'h', version: '1', providers: [Page] });
    } catch (error) {
      expect(error).toBeInstanceOf(ParameterError);
      message = (error as Error).message;
    }
    expect(message).toContain("@Arg('limit', { type: T }) with T one of String, Number, Boolean");
    expect(message).toContain('`number | undefined` reflects as Object');
    expect(message).not.toContain('{ type: String })');
  });
});

describe('a return value the kind cannot take', () => {
  class Reading {
    @IsInt() value!: number;
  }

  class BadReturns {
    @Tool({ description: 'Structured output, but returns a string', output: Reading })
    syncShape(): unknown {
      return 'not an object';
    }

    @Tool({ description: 'The same, through a promise', output: Reading })
    async asyncShape(): Promise<unknown> {
      return 'not an object';
    }

    @Prompt({ description: 'Returns what a prompt cannot' })
    syncPrompt(): unknown {
      return 42;
    }

    @Prompt({ description: 'The same, through a promise' })
    async asyncPrompt(): Promise<unknown> {
      return 42;
    }
  }

  it('is the primitive`s failure whether the method answered at once or through a promise', async () => {
    const client = await connect(new McpApp({ name: 'bad', version: '1.0.0', providers: [BadReturns] }));
    const sync = await client.callTool({ name: 'syncShape', arguments: {} });
    const async = await client.callTool({ name: 'asyncShape', arguments: {} });
    expect(sync.isError).toBe(true);
    expect(async).toEqual(sync);
    const promptError = async (name: string) => {
      try {
        await client.getPrompt({ name });
      } catch (error) {
        return { code: (error as { code: number }).code, message: (error as Error).message };
      }
      throw new Error(`${name} answered`);
    };
    const syncPrompt = await promptError('syncPrompt');
    expect(await promptError('asyncPrompt')).toEqual(syncPrompt);
  });
});

class Plain {
  @Tool({ description: 'Takes no arguments' })
  ping(): string {
    return 'pong';
  }
}

describe('a tool without parameters', () => {
  /** A stateless tools/call as the Node adapter hands it over: headers at hand, the body read whole. */
  function post(http: StreamableHttpHandler, args: object) {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping', arguments: args } };
    const headers: Record<string, string> = {
      host: '127.0.0.1',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    };
    const source = {
      body: new TextEncoder().encode(JSON.stringify(message)),
      url: () => 'http://127.0.0.1/mcp',
      onAbort: () => {},
      request: () => new Request('http://127.0.0.1/mcp'),
      webHeaders: () => new Headers(headers),
    };
    return http.serve(new HttpInput('POST', '/mcp', { get: (name) => headers[name.toLowerCase()] ?? null }, source));
  }

  it('answers in the turn the request arrived (no promise for its empty input check), and refuses arguments', async () => {
    const app = new McpApp({ name: 'plain', version: '1', providers: [Plain] });
    apps.push(app);
    const http = new StreamableHttpHandler(app.server, { stateless: true });
    const reply = post(http, {});
    expect(isThenable(reply)).toBe(false);
    expect(JSON.parse((reply as PlainReply).body as string)).toMatchObject({ result: { content: [{ text: 'pong' }] } });
    const refused = JSON.parse(((await post(http, { extra: 1 })) as PlainReply).body as string);
    expect(refused).toMatchObject({ result: { isError: true } });
    expect(refused.result.content[0].text).toContain('extra');
    await http.close();
  });
});
