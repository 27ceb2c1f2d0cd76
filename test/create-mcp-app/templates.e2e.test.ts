// Every template, end to end, as a user would run it: scaffold non-interactively into a temporary
// folder, install against the locally packed @decorum/* packages (everything else from the npm
// cache), build with its own `build` script, run its own tests, start it with its `start` script,
// and call a tool with the official MCP client (stdio for basic and full, Streamable HTTP for http).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, createMcpApp, exec, packDecorum, tempDir, waitForOutput } from './support.js';

interface Case {
  template: string;
  transport: 'stdio' | 'http';
  tool: string;
  args: Record<string, unknown>;
  expected: string;
}

const CASES: Case[] = [
  { template: 'basic', transport: 'stdio', tool: 'greet', args: { name: 'Ada' }, expected: 'Hello, Ada!' },
  { template: 'http', transport: 'http', tool: 'greet', args: { name: 'Grace' }, expected: 'Hello, Grace!' },
  {
    template: 'full',
    transport: 'stdio',
    tool: 'add_note',
    args: { title: 'From the e2e', body: 'It works' },
    expected: '"uri":"notes://note/2"',
  },
];

const workspace = tempDir('templates');
const packs = join(workspace.dir, 'packs');
const timings: string[] = [];

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  timings.push(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

function expectSuccess(result: { code: number | null; stdout: string; stderr: string }, what: string): void {
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
}

async function callTool(client: Client, c: Case): Promise<string> {
  const result = await client.callTool({ name: c.tool, arguments: c.args });
  expect(result.isError).toBeFalsy();
  return JSON.stringify(result.structuredContent ?? result.content);
}

beforeAll(() => packDecorum(packs), 300_000); // builds first when a dist/ is missing

afterAll(() => {
  console.info(`create-mcp-app e2e timings:\n  ${timings.join('\n  ')}`);
  workspace.remove();
});

describe.each(CASES)('the $template template', (c) => {
  const project = join(workspace.dir, `${c.template}-app`);
  const run = (script: string) => exec('npm', ['run', '--silent', script], { cwd: project });

  it('scaffolds non-interactively and installs against the local packages', async () => {
    const result = await timed(`${c.template}: scaffold + install`, () =>
      createMcpApp(
        [
          `${c.template}-app`,
          `--template=${c.template}`,
          '--yes',
          '--no-git',
          '--package-manager=npm',
          `--decorum-packages=${packs}`,
          '--prefer-offline',
        ],
        workspace.dir,
      ),
    );
    expectSuccess(result, 'create-mcp-app');
    expect(result.stdout).toContain(`Created ${c.template}-app`);
    expect(existsSync(join(project, 'node_modules/@decorum/core/package.json'))).toBe(true);
    // No second copy of a @decorum package: cli's and testing's own dependencies resolved to the tarballs.
    expect(existsSync(join(project, 'node_modules/@decorum/cli/node_modules/@decorum'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/@decorum/testing/node_modules/@decorum'))).toBe(false);
  }, 120_000);

  it('type-checks', async () => {
    expectSuccess(await timed(`${c.template}: typecheck`, () => run('typecheck')), 'npm run typecheck');
  }, 60_000);

  it('builds with its build script', async () => {
    expectSuccess(await timed(`${c.template}: build`, () => run('build')), 'npm run build');
    expect(existsSync(join(project, 'dist/server.js'))).toBe(true);
    expect(existsSync(join(project, 'mcp-manifest.json'))).toBe(true);
  }, 120_000);

  it('passes its own tests', async () => {
    expectSuccess(await timed(`${c.template}: test`, () => run('test')), 'npm test');
  }, 120_000);

  it(`starts with its start script and answers a tool call over ${c.transport}`, async () => {
    await timed(`${c.template}: start + call`, async () => {
      const client = new Client({ name: 'create-mcp-app-e2e', version: '0.0.0' });
      if (c.transport === 'stdio') {
        const transport = new StdioClientTransport({
          command: 'npm',
          args: ['run', '--silent', 'start'],
          cwd: project,
          env: childEnv() as Record<string, string>,
          stderr: 'pipe',
        });
        let serverLog = '';
        transport.stderr?.on('data', (chunk: Buffer) => {
          serverLog += chunk.toString('utf8');
        });
        try {
          await client.connect(transport);
          expect(await callTool(client, c)).toContain(c.expected);
        } catch (error) {
          throw new Error(`${(error as Error).message}\nserver stderr:\n${serverLog}`, { cause: error });
        } finally {
          await client.close();
        }
        return;
      }
      // PORT=0: the server picks a free port and prints its endpoint on stderr.
      const server = spawn('npm', ['run', '--silent', 'start'], {
        cwd: project,
        env: childEnv({ PORT: '0' }),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group: npm, the shell and node are stopped together
      });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        const [, endpoint] = await waitForOutput(server, 'stderr', /MCP endpoint: (http:\/\/\S+)/);
        const url = new URL(endpoint as string);
        const health = await fetch(new URL('/health', url));
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok' });
        await client.connect(new StreamableHTTPClientTransport(url));
        expect(await callTool(client, c)).toContain(c.expected);
        await client.close();
      } finally {
        if (server.exitCode === null) process.kill(-(server.pid as number), 'SIGTERM');
        await exited;
      }
    });
  }, 60_000);

  it.runIf(c.transport === 'stdio')(
    "the README's development configuration runs decorum dev with nothing but frames on stdout",
    async () => {
      const readme = readFileSync(join(project, 'README.md'), 'utf8');
      const section = readme.slice(readme.indexOf('### While developing'));
      const config = JSON.parse((/```json\n([\s\S]*?)\n```/.exec(section) as RegExpExecArray)[1] as string);
      const { command, args } = config.mcpServers[`${c.template}-app-dev`] as { command: string; args: string[] };
      expect(command).toBe('node');
      // As a client launches it: from a folder of its own (here the workspace), stdio piped.
      const server = spawn(command, args, { cwd: workspace.dir, env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      let stderr = '';
      server.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const firstChunk = new Promise<string>((resolve) =>
        server.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))),
      );
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
      };
      server.stdin.write(`${JSON.stringify(initialize)}\n`);
      try {
        const first = await firstChunk;
        expect(first.startsWith('{"jsonrpc":"2.0"'), `stdout began with ${JSON.stringify(first.slice(0, 80))}`).toBe(
          true,
        );
        expect(JSON.parse(first.split('\n')[0] as string)).toMatchObject({
          id: 1,
          result: { protocolVersion: '2025-11-25' },
        });
        expect(stderr).toContain('[decorum] decorum dev');
      } finally {
        server.stdin.end();
        await exited;
      }
    },
    60_000,
  );
});
