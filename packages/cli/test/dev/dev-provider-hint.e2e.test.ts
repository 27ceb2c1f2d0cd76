// A new provider file does nothing until the app lists it in `providers`: `decorum dev` says so, in
// one line naming the class and the fix, and stops once the class is listed.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { decoratedClasses } from '../../src/dev/provider-hint.js';
import { BIN_ARGS, LineWaiter, workProject } from '../support/work-project.js';

const BYE = [
  "import { Tool } from '@decorum/core';",
  '',
  'export class ByeTool {',
  "  @Tool({ name: 'bye', description: 'Says bye' })",
  '  bye() {',
  "    return 'Bye!';",
  '  }',
  '}',
  '',
].join('\n');

describe('decoratedClasses', () => {
  it('finds the classes with Decorum method decorators, and only those', () => {
    const source = `${BYE}\nclass Helper {\n  run() {}\n}\nexport default class Notes {\n  @ResourceTemplate('n://{id}')\n  note() {}\n}\n`;
    expect([...decoratedClasses(source)]).toEqual([
      ['ByeTool', 'Tool'],
      ['Notes', 'ResourceTemplate'],
    ]);
  });
});

describe('decorum dev: a provider the app does not list', () => {
  const project = workProject();
  const child = spawn(process.execPath, [...BIN_ARGS, 'dev', '--http', '--port', '0'], {
    cwd: project.dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr = new LineWaiter(child.stderr);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  afterAll(async () => {
    child.kill('SIGTERM');
    await exited;
    project.remove();
  });

  it('gets one hint line naming the class and the fix; none once it is listed', async () => {
    await stderr.next(/serving over http/, 0);
    const hint = stderr.next(/hint: /);
    writeFileSync(`${project.dir}/src/bye.tool.ts`, BYE);
    expect(await hint).toBe(
      "[decorum] hint: src/bye.tool.ts declares ByeTool (@Tool), which the app does not serve: add it to the app's " +
        'providers, new McpApp({ providers: [/* … */, ByeTool] }).',
    );

    const mark = stderr.lines.length;
    const reloaded = stderr.next(/reloaded in \d+ ms · tools \+bye/);
    const app = `${project.dir}/src/app.ts`;
    writeFileSync(
      app,
      readFileSync(app, 'utf8')
        .replace(
          "import { GreetTool } from './greet.tool.js';",
          "import { ByeTool } from './bye.tool.js';\nimport { GreetTool } from './greet.tool.js';",
        )
        .replace('providers: [GreetTool, AboutProvider]', 'providers: [GreetTool, AboutProvider, ByeTool]'),
    );
    await reloaded;
    // A later change to the (now listed) file gets no hint either.
    const again = stderr.next(/reloaded in \d+ ms · tools ~bye/);
    writeFileSync(`${project.dir}/src/bye.tool.ts`, BYE.replace("'Says bye'", "'Says goodbye'"));
    await again;
    expect(stderr.lines.slice(mark).filter((line) => line.includes('hint:'))).toEqual([]);
  }, 60_000);
});
