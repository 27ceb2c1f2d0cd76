// SWC strips types without checking them, so `decorum dev` runs tsc --noEmit in the background after
// each reload: a type error is reported on stderr (file:line:col and the code) and the reload still
// happens; fixing it says so. Type errors used to pass silently.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, LineWaiter, workProject } from '../support/work-project.js';

describe('decorum dev: type errors', () => {
  const project = workProject();
  const child = spawn(process.execPath, [...BIN_ARGS, 'dev', '--http', '--port', '0'], {
    cwd: project.dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr = new LineWaiter(child.stderr);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const file = `${project.dir}/src/greet.tool.ts`;
  const original = readFileSync(file, 'utf8');
  let client: Client | undefined;
  afterAll(async () => {
    await client?.close().catch(() => {});
    child.kill('SIGTERM');
    await exited;
    project.remove();
  });

  it('says at start that it type-checks, and finds the project clean', async () => {
    expect(await stderr.next(/type-checking|no type check/, 0)).toBe(
      '[decorum] type-checking in the background after each reload (tsc --noEmit; --no-typecheck turns it off)',
    );
    await stderr.next(/type check: no errors/, 0);
  }, 60_000);

  it('reports a type error on stderr without blocking the reload', async () => {
    const serving = await stderr.next(/serving over http:\/\/\S+/, 0);
    client = new Client({ name: 'typecheck', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL((serving.match(/http:\/\/\S+/) as string[])[0])));
    const reloaded = stderr.next(/reloaded in \d+ ms · tools ~greet/);
    const reported = stderr.next(/type errors \(1; the app reloads anyway\):/);
    const broken = original
      .replace("'Greets someone'", "'Greets with a type error'")
      .replace('    return `Hello', "    const count: number = 'three';\n    void count;\n    return `Hello");
    expect(broken).toContain("const count: number = 'three';");
    writeFileSync(file, broken);
    await reloaded;
    await reported;
    const at = stderr.lines.findIndex((line) => /type errors \(1/.test(line));
    await stderr.next(/src\/greet\.tool\.ts:\d+:\d+ TS2322: /, at);
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'greet')?.description).toBe('Greets with a type error');
  }, 60_000);

  it('says when the errors are gone', async () => {
    const mark = stderr.lines.length;
    writeFileSync(file, original);
    await stderr.next(/type check: no errors/, mark);
  }, 60_000);
});

describe('decorum dev over stdio: the type check ends with the server', () => {
  it('leaves no tsc behind when the client closes stdin mid-check', async () => {
    const project = workProject();
    try {
      const child = spawn(process.execPath, [...BIN_ARGS, 'dev', '--stdio'], {
        cwd: project.dir,
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      const stderr = new LineWaiter(child.stderr);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The check is spawned as this line is printed; the first one takes seconds, so it is running.
      await stderr.next(/type-checking in the background/, 0);
      await stderr.next(/serving over stdio/, 0);
      child.stdin.end();
      await exited;
      const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
      expect(processes.split('\n').filter((line) => line.includes(project.dir) && line.includes('tsc'))).toEqual([]);
    } finally {
      project.remove();
    }
  }, 60_000);
});
