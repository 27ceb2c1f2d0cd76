// `decorum dev /abs/path/src/server.ts` run from another folder: the project (what is watched, what
// reloads) is the one around the entry, not the working directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, LineWaiter, workProject } from '../support/work-project.js';

describe('decorum dev with an absolute entry, from another folder', () => {
  const project = workProject();
  const elsewhere = mkdtempSync(join(tmpdir(), 'decorum-cwd-'));
  const child = spawn(
    process.execPath,
    [...BIN_ARGS, 'dev', join(project.dir, 'src/server.ts'), '--http', '--port', '0'],
    { cwd: elsewhere, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stderr = new LineWaiter(child.stderr);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let client: Client | undefined;

  afterAll(async () => {
    await client?.close().catch(() => {});
    child.kill('SIGTERM');
    await exited;
    project.remove();
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('watches the folder of the nearest package.json above the entry, and reloads its changes', async () => {
    const first = await stderr.next(/watching /, 0);
    expect(first).toBe(`[decorum] decorum dev · src/server.ts · watching ${project.dir}`);
    const serving = await stderr.next(/serving over http:\/\/\S+/, 0);
    client = new Client({ name: 'root-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL((serving.match(/http:\/\/\S+/) as string[])[0])));

    const reloaded = stderr.next(/reloaded in \d+ ms · tools ~greet/);
    const file = join(project.dir, 'src/greet.tool.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace("'Greets someone'", "'Greets from afar'"));
    await reloaded;
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'greet')?.description).toBe('Greets from afar');
  }, 60_000);
});

// What a host configuration does: spawn `decorum dev <abs entry> --stdio` with its own working directory
// (Claude Desktop's is /), read frames on stdout and show stderr to the user.
describe('decorum dev --stdio with an absolute entry, spawned by a host from another folder', () => {
  const project = workProject();
  const elsewhere = mkdtempSync(join(tmpdir(), 'decorum-host-cwd-'));
  afterAll(() => {
    project.remove();
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('answers tools/list over stdio and says it watches the project folder', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...BIN_ARGS, 'dev', join(project.dir, 'src/server.ts'), '--stdio'],
      cwd: elsewhere,
      stderr: 'pipe',
    });
    const stderr = new LineWaiter(transport.stderr as NonNullable<typeof transport.stderr>);
    const client = new Client({ name: 'host', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['greet']);
      expect(await stderr.next(/watching /, 0)).toBe(`[decorum] decorum dev · src/server.ts · watching ${project.dir}`);
    } finally {
      await client.close();
    }
  }, 60_000);
});
