// Ctrl-C under `npm run` delivers SIGINT twice. The second one, arriving while serveHttp closes,
// must not hit Node's default (which kills the process mid-close): the close finishes, exit 0.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';

describe('serveHttp with handleSignals', () => {
  it('ignores a second SIGINT during the close and still exits 0 once the close is done', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/http-server-close-signals.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    const waiters: { pattern: RegExp; resolve(match: RegExpExecArray): void }[] = [];
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
      for (const waiter of waiters.splice(0)) {
        const match = waiter.pattern.exec(stderr);
        if (match) waiter.resolve(match);
        else waiters.push(waiter);
      }
    });
    const seen = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const match = pattern.exec(stderr);
        if (match) resolve(match);
        else waiters.push({ pattern, resolve });
      });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );

    const url = new URL(((await seen(/MCP endpoint: (\S+)/)) as RegExpExecArray)[1] as string);
    const client = new Client({ name: 'signals', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    // A call in flight holds the close open (up to shutdownTimeoutMs), so the second signal lands mid-close.
    const inFlight = client.callTool({ name: 'wait-for-cancel', arguments: { tag: 'held' } }).catch(() => 'ended');
    await client.callTool({ name: 'await-tag', arguments: { tag: 'held', event: 'started' } });

    child.kill('SIGINT');
    await seen(/first SIGINT/);
    child.kill('SIGINT');

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(stderr).toContain('server closed');
    expect(await inFlight).toBe('ended');
  }, 30_000);
});
