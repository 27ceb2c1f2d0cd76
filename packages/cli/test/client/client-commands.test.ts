// `decorum list | call | read | prompt` against the local app (spawned over stdio from its sources)
// and against a URL (an app served over HTTP on loopback).
import { Args, McpApp, Tool } from '@decorum/core';
import { IsInt, Min } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliAsync, workProject } from '../support/work-project.js';

class RepeatInput {
  @IsInt()
  @Min(1)
  times!: number;
}

class Repeater {
  @Tool({ name: 'repeat', description: 'Repeats "ho"' })
  repeat(@Args() input: RepeatInput) {
    return 'ho'.repeat(input.times);
  }
}

describe('client commands against the local app', () => {
  const project = workProject();
  afterAll(() => project.remove());

  it('list prints every list readably', () => {
    const result = runCli(project.dir, ['list']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        'Tools (1)',
        '  greet(name: string) — Greets someone',
        '',
        'Resources (1)',
        '  fixture://about [text/plain] — What this server is',
        '',
        'Prompts (1)',
        '  welcome(name) — Welcome someone',
        '',
      ].join('\n'),
    );
  });

  it('list --json prints the raw lists', () => {
    const result = runCli(project.dir, ['list', '--json']);
    expect(JSON.parse(result.stdout)).toMatchObject({
      tools: [{ name: 'greet' }],
      resources: [{ uri: 'fixture://about' }],
      resourceTemplates: [],
      prompts: [{ name: 'welcome' }],
    });
  });

  it('call takes --arg key=value or --json arguments, and prints the text', () => {
    expect(runCli(project.dir, ['call', 'greet', '--arg', 'name=Ada']).stdout).toBe('Hello, Ada!\n');
    expect(runCli(project.dir, ['call', 'greet', '--json', '{"name":"Bob"}']).stdout).toBe('Hello, Bob!\n');
    const raw = runCli(project.dir, ['call', 'greet', '--arg', 'name=Cy', '--json']);
    expect(JSON.parse(raw.stdout)).toEqual({ content: [{ type: 'text', text: 'Hello, Cy!' }] });
  });

  it('a tool error prints the message the model would see and exits 1', () => {
    const result = runCli(project.dir, ['call', 'greet', '--arg', 'name=']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/Invalid arguments for tool "greet"/);
  });

  it('an unknown tool names the tools there are', () => {
    const result = runCli(project.dir, ['call', 'nope']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('decorum call: No tool "nope". Tools: greet.\n');
  });

  it('read prints a resource and prompt prints the messages', () => {
    expect(runCli(project.dir, ['read', 'fixture://about']).stdout).toBe('The dev fixture.\n');
    expect(runCli(project.dir, ['prompt', 'welcome', '--arg', 'name=Bo']).stdout).toBe(
      '[user]\nWelcome Bo to the fixture.\n',
    );
  });

  it('an unknown option lists the known ones', () => {
    const result = runCli(project.dir, ['list', '--jsn']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Unknown option --jsn\. Known options: --entry, --url, --header, --arg, --json/);
  });
});

describe('client commands against a URL', () => {
  const app = new McpApp({ name: 'remote', version: '2.0.0', providers: [Repeater] });
  let url: string;
  const cwd = process.cwd();

  beforeAll(async () => {
    url = ((await app.listen({ http: { port: 0 } })).url as URL).href;
  });
  afterAll(() => app.close());

  it('list and call over Streamable HTTP; --arg values are typed by the input schema', async () => {
    const list = await runCliAsync(cwd, ['list', '--url', url]);
    expect(list.stdout).toBe('Tools (1)\n  repeat(times: integer) — Repeats "ho"\n');
    const call = await runCliAsync(cwd, ['call', 'repeat', '--url', url, '--arg', 'times=3']);
    expect(call.stdout).toBe('hohoho\n');
    const bad = await runCliAsync(cwd, ['call', 'repeat', '--url', url, '--arg', 'times=many']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--arg value "many" is not a valid integer/);
  });

  it('an unreachable URL is a clear error', () => {
    const result = runCli(cwd, ['list', '--url', 'http://127.0.0.1:1/mcp']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Cannot connect to http:\/\/127\.0\.0\.1:1\/mcp/);
  });
});

describe('the commands of docs/cli.md', () => {
  const repo = new URL('../../../../', import.meta.url).pathname;

  it('list and call the docs example as the page shows', () => {
    const list = runCli(repo, ['list', '--entry', 'docs/examples/tool.ts']);
    expect(list.stdout).toMatch(
      /^Tools \(2\)\n {2}convert_temperature\(celsius: number, to\?: "fahrenheit" \| "kelvin"\)/,
    );
    const args = ['--entry', 'docs/examples/tool.ts'];
    expect(
      runCli(repo, ['call', 'convert_temperature', '--arg', 'celsius=100', '--arg', 'to=kelvin', ...args]).stdout,
    ).toBe('100 °C is 373.1 K\n');
    expect(runCli(repo, ['call', 'convert_temperature', '--json', '{"celsius": 21.5}', ...args]).stdout).toBe(
      '21.5 °C is 70.7 °F\n',
    );
  });
});
