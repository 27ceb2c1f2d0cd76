// #20 item 5: `printf … | server` — stdin EOF right after the requests must not lose their answers.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixture = fileURLToPath(new URL('../fixtures/stdio-server.ts', import.meta.url));
const frame = (message: unknown) => `${JSON.stringify(message)}\n`;

describe('serveStdio: stdin EOF', () => {
  it('answers 200 in-flight calls and a large response in full, then exits 0', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
      {
        cwd: root,
      },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exited = once(child, 'exit');
    const big = 'x'.repeat(3 * 1024 * 1024);
    let input = frame({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'printf', version: '1' } },
    });
    input += frame({ jsonrpc: '2.0', method: 'notifications/initialized' });
    for (let id = 1; id <= 200; id++) {
      input += frame({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'sleep', arguments: { ms: 300 } } });
    }
    input += frame({
      jsonrpc: '2.0',
      id: 201,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: big } },
    });
    // one write then EOF, as a shell pipe delivers it
    child.stdin.end(input);
    const started = Date.now();
    const [code] = await exited;
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(lines.pop()).toBe(''); // the last frame is whole, newline included
    const answers = lines.map((line) => JSON.parse(line) as { id: number; result?: { content: { text: string }[] } });
    const ids = new Set(answers.map((answer) => answer.id));
    expect(ids.size, stderr).toBe(202);
    expect(answers.filter((answer) => answer.result !== undefined)).toHaveLength(202);
    expect(answers.find((answer) => answer.id === 201)?.result?.content[0]?.text).toBe(big);
    expect(code).toBe(0);
    // the calls ran to their end instead of being cut by the exit
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  }, 30_000);
});
