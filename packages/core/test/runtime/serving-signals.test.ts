// Two apps in one process, both closing on SIGTERM: the one whose drain times out must not end the process while
// the other still lets a request finish (it used to call process.exit at once and cut the other's call).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';

describe('handleSignals with two apps in one process', () => {
  it('lets the other app finish its call before the process exits, ignoring a second signal', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/two-apps-signals.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
      { stdio: ['pipe', 'ignore', 'pipe'] },
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
    const connect = async (url: string) => {
      const client = new Client({ name: 'signals', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    };

    const a = await connect(((await seen(/a (http\S+)/)) as RegExpExecArray)[1] as string);
    const b = await connect(((await seen(/b (http\S+)/)) as RegExpExecArray)[1] as string);
    const stuck = a.callTool({ name: 'stuck', arguments: {} }).then(
      () => 'answered',
      () => 'ended',
    );
    const held = b.callTool({ name: 'held', arguments: {} }).then(
      (result) => result,
      (error: Error) => `failed: ${error.message}`,
    );
    await seen(/a started/);
    await seen(/b started/);

    child.kill('SIGTERM');
    // `a` has closed (its drain timed out, its call answered with an error); `b` is still draining its call.
    await seen(/server closed/);
    expect(await stuck).toBe('ended');
    // A second signal while `b` closes (Ctrl-C under `npm run` is two) is ignored, not Node's default kill: `b` keeps
    // its handler until its whole close is done.
    child.kill('SIGINT');
    child.stdin.write('release\n');

    expect(await held).toEqual({ content: [{ type: 'text', text: 'released' }] });
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(stderr.match(/server closed/g)).toHaveLength(2);
  }, 30_000);
});
