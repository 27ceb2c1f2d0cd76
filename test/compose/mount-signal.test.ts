// SIGTERM to a hub served over HTTP with a stdio mount: the hub drains, ends its mounted process, and exits (it used
// to print "server closed" and stay, held open by the mounted process it never closed).

import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, LineReader, spawnTs, tsCommand } from '../support/spawn-fixture.js';

const HUB = new URL('./fixtures/signal-hub.ts', import.meta.url).pathname;
const STDIO_HUB = new URL('./fixtures/stdio-hub.ts', import.meta.url).pathname;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a hub with a stdio mount, on SIGTERM', () => {
  let hub: ChildProcessWithoutNullStreams | undefined;
  let pid: number | undefined;
  // Whatever happened, nothing is left running.
  afterAll(() => {
    if (hub !== undefined && hub.exitCode === null && hub.signalCode === null) hub.kill('SIGKILL');
    if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('ends its mounted process and exits', async () => {
    hub = spawnTs(HUB);
    const line = await new LineReader(hub.stdout).waitFor((l) => l.startsWith('listening '));
    const client = new Client({ name: 'signal', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(line.slice('listening '.length))));
    const result = await client.callTool({ name: 'q_pid', arguments: {} });
    pid = Number((result.content as { text: string }[])[0]?.text);
    expect(alive(pid)).toBe(true);
    await client.close();
    const exit = exited(hub);
    hub.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
  }, 30_000);
});

describe('a hub served over stdio with a stdio mount, on SIGTERM', () => {
  let pid: number | undefined;
  afterAll(() => {
    if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('ends its mounted process as it exits', async () => {
    const { command, args, cwd } = tsCommand(STDIO_HUB);
    const transport = new StdioClientTransport({ command, args, cwd, stderr: 'ignore' });
    const client = new Client({ name: 'signal', version: '1' });
    await client.connect(transport);
    const closed = new Promise<void>((resolve) => {
      client.onclose = () => resolve();
    });
    const result = await client.callTool({ name: 'q_pid', arguments: {} });
    pid = Number((result.content as { text: string }[])[0]?.text);
    expect(alive(pid)).toBe(true);
    process.kill(transport.pid as number, 'SIGTERM');
    await closed;
    const mounted = pid;
    await expect.poll(() => alive(mounted), { timeout: 10_000 }).toBe(false);
  }, 30_000);
});
