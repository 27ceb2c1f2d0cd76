// The `app` template end to end, as a user would run it: create-mcp-app --template app against the
// locally packed @decorum/* packages, install, typecheck, build (the view bundled into one HTML file),
// its own tests, then `npm run dev` with an MCP Apps host (SDK 1.x over Streamable HTTP) subscribed
// to the view: an edit of ui/card.ts reaches the host as notifications/resources/updated, and the
// view it reads next is the new one — no restart.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, createMcpApp, exec, packDecorum, tempDir, waitForOutput } from '../create-mcp-app/support.js';

const VIEW = 'ui://greeting/card.html';
const UI_CAPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const workspace = tempDir('app-template');
const packs = join(workspace.dir, 'packs');
const project = join(workspace.dir, 'cards');
const run = (script: string) => exec('npm', ['run', '--silent', script], { cwd: project });

function expectSuccess(result: { code: number | null; stdout: string; stderr: string }, what: string): void {
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
}

beforeAll(() => packDecorum(packs), 300_000);
afterAll(() => workspace.remove());

describe('the app template', () => {
  it('scaffolds and installs against the local packages', async () => {
    const result = await createMcpApp(
      [
        'cards',
        '--template=app',
        '--yes',
        '--no-git',
        '--package-manager=npm',
        `--decorum-packages=${packs}`,
        '--prefer-offline',
      ],
      workspace.dir,
    );
    expectSuccess(result, 'create-mcp-app');
    expect(existsSync(join(project, 'node_modules/vite-plugin-singlefile/package.json'))).toBe(true);
    // Only the tarballs the project installs are overrides: @decorum/openapi, packed beside them, is not one.
    const overrides = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).overrides as object;
    expect(Object.keys(overrides).sort()).toEqual([
      '@decorum/cli',
      '@decorum/core',
      '@decorum/protocol',
      '@decorum/testing',
    ]);
    expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('MCP App');
  }, 240_000);

  it('type-checks the server and the view', async () => {
    expectSuccess(await run('typecheck'), 'npm run typecheck');
  }, 120_000);

  it('builds the server and the view as one self-contained HTML file', async () => {
    const built = await run('build');
    expectSuccess(built, 'npm run build');
    const output = `${built.stdout}${built.stderr}`;
    expect(output).toMatch(/built 1 view: .*dist\/ui\/card\.html/);
    // The manifest holds both tools (greet, and shout, which only the view calls) and the view.
    expect(output).toMatch(/wrote mcp-manifest\.json \(2 tools, 1 resource, 0 templates, 0 prompts\)/);
    expect(output).toMatch(/MCP App views: ui:\/\/greeting\/card\.html/);
    expect(output).toMatch(/app-only tools \(hosts keep them from the model\): shout/);
    const manifest = JSON.parse(readFileSync(join(project, 'mcp-manifest.json'), 'utf8'));
    expect(manifest.tools.map((t: { name: string }) => t.name)).toEqual(['greet', 'shout']);
    expect(manifest.tools[1]._meta.ui).toEqual({ resourceUri: VIEW, visibility: ['app'] });
    expect(manifest.resources).toEqual([expect.objectContaining({ uri: VIEW, mimeType: 'text/html;profile=mcp-app' })]);
    const html = readFileSync(join(project, 'dist/ui/card.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*stylesheet/);
    expect(html).toContain('#b58900'); // the CSS, inlined
    expect(html).toContain('shout'); // the view's script, inlined
  }, 180_000);

  it('the built server (npm start) serves the bundled view', async () => {
    const server = spawn('npm', ['run', '--silent', 'start'], {
      cwd: project,
      env: childEnv({ PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const client = new Client({ name: 'apps-host', version: '1.0.0' }, { capabilities: UI_CAPS });
    try {
      const [, endpoint] = await waitForOutput(server, 'stderr', /MCP endpoint: (http:\/\/\S+)/);
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint as string)));
      const { contents } = await client.readResource({ uri: VIEW });
      expect(contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
      expect((contents[0] as { text: string }).text).toBe(readFileSync(join(project, 'dist/ui/card.html'), 'utf8'));
    } finally {
      await client.close().catch(() => {});
      if (server.exitCode === null) process.kill(-(server.pid as number), 'SIGTERM');
      await exited;
    }
  }, 60_000);

  it('passes its own tests', async () => {
    expectSuccess(await run('test'), 'npm test');
  }, 120_000);

  it('runs a test outside tsconfig "include" (decorators and metadata), and keeps request logs out of the output', async () => {
    // Without the template's vitest.config.ts: "RolldownError: Parse failure: Decorators are not valid here", and
    // one JSON line per request for an app with requestLog: 'json'.
    mkdirSync(join(project, 'e2e'), { recursive: true });
    writeFileSync(
      join(project, 'e2e/outside.test.ts'),
      [
        "import 'reflect-metadata';",
        "import { Args, Field, McpApp, Tool } from '@decorum/core';",
        "import { createTestClient } from '@decorum/testing';",
        "import { IsString } from 'class-validator';",
        "import { expect, it } from 'vitest';",
        "class Input { @Field({ description: 'Who' }) @IsString() who!: string; }",
        "class Hello { @Tool({ description: 'Says hello' }) hello(@Args() input: Input) { return 'hello ' + input.who; } }",
        "it('serves a tool declared outside tsconfig include', async () => {",
        "  const app = new McpApp({ name: 'outside', version: '1.0.0', providers: [Hello], requestLog: 'json' });",
        '  const client = await createTestClient(app);',
        "  expect((await client.callTool('hello', { who: 'Ada' })).text).toBe('hello Ada');",
        '  await client.close();',
        '});',
        '',
      ].join('\n'),
    );
    const result = await exec('npx', ['vitest', 'run', 'e2e'], { cwd: project });
    expectSuccess(result, 'vitest run e2e');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/mcp request|RolldownError/);
  }, 120_000);

  it('under npm run dev, an edit of the view reaches a connected host without a restart', async () => {
    const dev = spawn('npm', ['run', '--silent', 'dev'], {
      cwd: project,
      env: childEnv({ PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    let log = '';
    dev.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    const client = new Client({ name: 'apps-host', version: '1.0.0' }, { capabilities: UI_CAPS });
    try {
      const [, endpoint] = await waitForOutput(dev, 'stderr', /serving over (http:\/\/\S+)/);
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint as string)));
      const pid = dev.pid;
      const read = async () => {
        const { contents } = await client.readResource({ uri: VIEW });
        return (contents[0] as { text: string }).text;
      };
      expect(await read()).toContain('Waiting for a greeting');
      const updated = new Promise<string>((resolve) =>
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)),
      );
      await client.subscribeResource({ uri: VIEW });

      const html = join(project, 'ui/card.html');
      writeFileSync(html, readFileSync(html, 'utf8').replace('Waiting for a greeting…', 'Edited while running'));
      expect(await updated).toBe(VIEW);
      const after = await read();
      expect(after).toContain('Edited while running');
      expect(after).not.toContain('Waiting for a greeting');
      // The view's TypeScript too: the next bundle carries the edit.
      const again = new Promise<string>((resolve) =>
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)),
      );
      const script = join(project, 'ui/card.ts');
      writeFileSync(script, readFileSync(script, 'utf8').replace("name: 'greeting-card'", "name: 'edited-card'"));
      expect(await again).toBe(VIEW);
      expect(await read()).toContain('edited-card');
      expect(dev.pid).toBe(pid);
      expect(dev.exitCode).toBeNull();
      expect((await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).structuredContent).toEqual({
        name: 'Ada',
        greeting: 'Hello, Ada!',
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\ndecorum dev stderr:\n${log}`, { cause: error });
    } finally {
      await client.close().catch(() => {});
      if (dev.exitCode === null) process.kill(-(dev.pid as number), 'SIGTERM');
      await exited;
    }
  }, 120_000);

  // What docs/cli.md gives a host that spawns the dev loop itself: the host picks the working directory (Claude
  // Desktop's is /) and reads stdout as protocol frames, so the first line out must be the initialize result.
  it.each([
    [
      'node <project>/node_modules/@decorum/cli/dist/bin.js dev <abs entry> --stdio',
      () => [
        'node',
        [join(project, 'node_modules/@decorum/cli/dist/bin.js'), 'dev', join(project, 'src/server.ts'), '--stdio'],
      ],
    ],
    [
      'npm --prefix <project> run --silent dev -- --stdio',
      () => ['npm', ['--prefix', project, 'run', '--silent', 'dev', '--', '--stdio']],
    ],
  ] satisfies [string, () => [string, string[]]][])(
    'a host spawning `%s` from another folder gets frames only on stdout',
    async (_, command) => {
      const [file, args] = command();
      const elsewhere = tempDir('host-cwd');
      const dev = spawn(file, [...args], {
        cwd: elsewhere.dir,
        env: childEnv(),
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      let log = '';
      dev.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
      });
      try {
        const initialize = {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
        };
        dev.stdin.write(`${JSON.stringify(initialize)}\n`);
        const [first] = await waitForOutput(dev, 'stdout', /^(.*)\n/);
        expect(JSON.parse(first as string)).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
        dev.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
        dev.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
        const [, listed] = await waitForOutput(dev, 'stdout', /^(\{[^\n]*"id":2[,}][^\n]*)\n/m);
        expect(JSON.parse(listed as string).result.tools.map((t: { name: string }) => t.name)).toEqual(['greet']);
        expect(log).toContain(`watching ${project}`);
      } catch (error) {
        throw new Error(`${(error as Error).message}\ndev stderr:\n${log}`, { cause: error });
      } finally {
        if (dev.exitCode === null) process.kill(-(dev.pid as number), 'SIGTERM');
        await exited;
        elsewhere.remove();
      }
    },
    90_000,
  );
});
