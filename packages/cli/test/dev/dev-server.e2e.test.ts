// Acceptance of `decorum dev`: one dev process serves a stdio client (the official SDK 1.x client
// that spawned it), a legacy HTTP client (SDK 1.x, with a session) and a modern HTTP client
// (@modelcontextprotocol/client pinned to 2026-07-28, on a subscriptions/listen stream). The test
// edits the project — adds a tool, changes a description, breaks a file, fixes it — and checks that
// every client stays on its session, hears list_changed, and sees each edit in tools/list, and that
// the broken edit leaves the last good tools serving.
import { readFileSync, writeFileSync } from 'node:fs';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, LineWaiter, workProject } from '../support/work-project.js';

type Tool = {
  name: string;
  description?: string;
  inputSchema: { properties?: Record<string, { minLength?: number }> };
};

/** Counts list_changed notifications and lets a test wait for the next one. */
class ChangeCounter {
  count = 0;
  private waiters: (() => void)[] = [];
  readonly fire = () => {
    this.count++;
    for (const w of this.waiters.splice(0)) w();
  };
  /** Resolves once the count passes `seen`. */
  after(seen: number): Promise<void> {
    return this.count > seen ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

describe('decorum dev: hot reload with a stdio, a legacy HTTP and a modern HTTP client connected', () => {
  const project = workProject();
  const write = (file: string, text: string) => writeFileSync(`${project.dir}/${file}`, text);
  const edit = (file: string, change: (text: string) => string) =>
    write(file, change(readFileSync(`${project.dir}/${file}`, 'utf8')));
  let stdio: Client;
  let stdioTransport: StdioClientTransport;
  let http: Client;
  let httpTransport: StreamableHTTPClientTransport;
  let modern: ModernClient;
  let listen: { close(): Promise<void> };
  let stderr: LineWaiter;
  let sessionId: string | undefined;
  let pid: number | null;
  const changes = { stdio: new ChangeCounter(), http: new ChangeCounter(), modern: new ChangeCounter() };

  const toolsOf = async (client: { listTools(): Promise<{ tools: unknown[] }> }) =>
    ((await client.listTools()).tools as Tool[]).sort((a, b) => a.name.localeCompare(b.name));

  /** Performs an edit and waits for all three clients to hear list_changed (and the dev line). */
  async function editAndAwaitChange(edit: () => void, line: RegExp): Promise<string> {
    const seen = { stdio: changes.stdio.count, http: changes.http.count, modern: changes.modern.count };
    const logged = stderr.next(line);
    edit();
    await Promise.all([
      changes.stdio.after(seen.stdio),
      changes.http.after(seen.http),
      changes.modern.after(seen.modern),
    ]);
    return logged;
  }

  beforeAll(async () => {
    stdioTransport = new StdioClientTransport({
      command: process.execPath,
      args: [...BIN_ARGS, 'dev', '--stdio', '--http', '--port', '0'],
      cwd: project.dir,
      stderr: 'pipe',
    });
    stderr = new LineWaiter(stdioTransport.stderr as import('node:stream').Readable);
    stdio = new Client({ name: 'stdio-client', version: '1.0.0' });
    stdio.setNotificationHandler(ToolListChangedNotificationSchema, changes.stdio.fire);
    await stdio.connect(stdioTransport);
    pid = stdioTransport.pid;
    const serving = await stderr.next(/serving over stdio \+ http/, 0);
    const url = new URL((serving.match(/http:\/\/\S+/) as RegExpMatchArray)[0]);

    httpTransport = new StreamableHTTPClientTransport(url);
    http = new Client({ name: 'http-client', version: '1.0.0' });
    http.setNotificationHandler(ToolListChangedNotificationSchema, changes.http.fire);
    await http.connect(httpTransport);
    sessionId = httpTransport.sessionId;
    expect(sessionId).toMatch(/\S{16,}/);

    modern = new ModernClient(
      { name: 'modern-client', version: '1.0.0' },
      { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    modern.setNotificationHandler('notifications/tools/list_changed', changes.modern.fire);
    await modern.connect(new ModernHttp(url));
    listen = await modern.listen({ toolsListChanged: true });
  }, 60_000);

  afterAll(async () => {
    await listen?.close().catch(() => {});
    await modern?.close().catch(() => {});
    await http?.close().catch(() => {});
    await stdio?.close().catch(() => {});
    project.remove();
  });

  it('serves the first version to all three clients', async () => {
    for (const client of [stdio, http, modern]) {
      expect((await toolsOf(client)).map((t) => t.name)).toEqual(['greet']);
    }
    const result = await stdio.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
  });

  it('adds a tool: list_changed everywhere, tools/list shows it, one line says what changed', async () => {
    const line = await editAndAwaitChange(() => {
      write(
        'src/bye.tool.ts',
        "import { Tool } from '@decorum/core';\n\nexport class ByeTool {\n  @Tool({ name: 'bye', description: 'Says bye' })\n  bye() {\n    return 'Bye!';\n  }\n}\n",
      );
      write(
        'src/app.ts',
        "import { McpApp } from '@decorum/core';\nimport { AboutProvider } from './about.provider.js';\nimport { ByeTool } from './bye.tool.js';\nimport { GreetTool } from './greet.tool.js';\n\nexport const app = new McpApp({ name: 'dev-fixture', version: '1.2.3', providers: [GreetTool, AboutProvider, ByeTool] });\n",
      );
    }, /reloaded in \d+ ms · tools \+bye/);
    expect(line).not.toMatch(/resources|prompts/);
    for (const client of [stdio, http, modern]) {
      expect((await toolsOf(client)).map((t) => t.name)).toEqual(['bye', 'greet']);
    }
    expect((await http.callTool({ name: 'bye', arguments: {} })).content).toEqual([{ type: 'text', text: 'Bye!' }]);
  });

  it('changes a description: list_changed, and the new text in tools/list', async () => {
    await editAndAwaitChange(
      () => edit('src/greet.tool.ts', (text) => text.replace("'Greets someone'", "'Greets someone warmly'")),
      /reloaded in \d+ ms · tools ~greet$/,
    );
    for (const client of [stdio, http, modern]) {
      expect((await toolsOf(client)).find((t) => t.name === 'greet')?.description).toBe('Greets someone warmly');
    }
  });

  it('breaks a file: the error is printed with its place, and the last good tools keep serving', async () => {
    const mark = stderr.lines.length;
    const before = { stdio: changes.stdio.count, http: changes.http.count, modern: changes.modern.count };
    write(
      'src/greet.input.ts',
      "import { IsString, MinLength } from 'class-validator';\n\nexport class GreetInput {\n  @IsString(\n  @MinLength(1)\n  name!: string;\n}\n",
    );
    await stderr.next(/reload failed \(the last good version keeps serving\)/, mark);
    await stderr.next(/src\/greet\.input\.ts:\d+:\d+/, mark);
    for (const client of [stdio, http, modern]) {
      const tools = await toolsOf(client);
      expect(tools.map((t) => t.name)).toEqual(['bye', 'greet']);
      expect(tools.find((t) => t.name === 'greet')?.description).toBe('Greets someone warmly');
    }
    const call = await http.callTool({ name: 'greet', arguments: { name: 'Grace' } });
    expect(call.content).toEqual([{ type: 'text', text: 'Hello, Grace!' }]);
    expect(changes).toMatchObject({
      stdio: { count: before.stdio },
      http: { count: before.http },
      modern: { count: before.modern },
    });
  });

  it('fixes it (with a stricter schema): list_changed, and tools/list shows the fixed version', async () => {
    await editAndAwaitChange(
      () =>
        write(
          'src/greet.input.ts',
          "import { IsString, MinLength } from 'class-validator';\n\nexport class GreetInput {\n  @IsString()\n  @MinLength(2)\n  name!: string;\n}\n",
        ),
      /reloaded in \d+ ms · tools ~greet$/,
    );
    for (const client of [stdio, http, modern]) {
      const greet = (await toolsOf(client)).find((t) => t.name === 'greet');
      expect(greet?.inputSchema.properties?.name?.minLength).toBe(2);
    }
    const tooShort = await stdio.callTool({ name: 'greet', arguments: { name: 'A' } });
    expect(tooShort.isError).toBe(true);
  });

  it('kept every client on its session throughout: same stdio process, same HTTP session id', async () => {
    expect(stdioTransport.pid).toBe(pid);
    expect(httpTransport.sessionId).toBe(sessionId);
    // The session id still routes: a call on it succeeds (a new session would need initialize).
    const call = await http.callTool({ name: 'greet', arguments: { name: 'Lin' } });
    expect(call.content).toEqual([{ type: 'text', text: 'Hello, Lin!' }]);
    expect(stderr.lines.filter((l) => /serving over/.test(l))).toHaveLength(1);
  });
});
