// #20 item 1: a client that stops reading its SSE stream while a tool floods logs cannot grow the
// server's memory past the stream's cap, and other clients keep being served meanwhile.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';

const MiB = 1024 * 1024;
const CAP = 8 * MiB; // the default maxStreamBufferBytes

/** POSTs with node:http and never reads the answer: the socket fills, then the server's queue would. */
function postWithoutReading(url: URL, headers: Record<string, string>, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.pause();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('SSE backpressure', () => {
  it('a non-reading client cannot raise RSS past the per-stream cap while a tool floods logs', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/http-server-flood.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    const waiters: (() => void)[] = [];
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
      for (const wake of waiters.splice(0)) wake();
    });
    const seen = async (pattern: RegExp): Promise<RegExpExecArray> => {
      for (;;) {
        const match = pattern.exec(stderr);
        if (match) return match;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    try {
      const url = new URL((await seen(/MCP endpoint: (\S+)/))[1] as string);
      const reader = new Client({ name: 'reader', version: '1' });
      const transport = new StreamableHTTPClientTransport(url);
      await reader.connect(transport);
      const rss = async () => {
        const result = await reader.callTool({ name: 'rss', arguments: {} });
        return Number((result.content as { text: string }[])[0]?.text);
      };
      // Each flood goes to a session of its own whose client never reads its POST's answer.
      const flood = async () => {
        const slow = new Client({ name: 'slow', version: '1' });
        const slowTransport = new StreamableHTTPClientTransport(url);
        await slow.connect(slowTransport);
        await slow.setLoggingLevel('debug');
        const headers = {
          accept: 'application/json, text/event-stream',
          'mcp-session-id': slowTransport.sessionId as string,
          'mcp-protocol-version': slowTransport.protocolVersion as string,
        };
        const call = {
          jsonrpc: '2.0',
          id: 'flood',
          method: 'tools/call',
          params: { name: 'flood', arguments: { count: 20_000, size: 16_384 } },
        };
        const done = stderr.split('flood done').length;
        expect(await postWithoutReading(url, headers, call)).toBe(200);
        // other clients are served while the flood runs
        expect(await reader.callTool({ name: 'echo', arguments: { text: 'still here' } })).toMatchObject({
          content: [{ text: 'still here' }],
        });
        while (stderr.split('flood done').length === done) await new Promise<void>((resolve) => waiters.push(resolve));
      };
      // The first flood brings the heap to its working size (the churn of 312 MiB of log frames).
      await flood();
      const before = await rss();
      await flood();
      const after = await rss();
      const growth = after - before;
      console.error(`RSS before ${(before / MiB).toFixed(1)} MiB, after ${(after / MiB).toFixed(1)} MiB`);
      // 20,000 x 16 KiB = 312 MiB of logs to a client that reads none: at most the cap may be held
      // The cap, plus slack: RSS also moves with the young generation's sizing and the allocator (runs on Node 22
      // measured 1–11 MiB of growth, before and after the changes of 2026-12-01; 18.5 MiB once with the whole suite
      // running beside it on two cores), while an unbounded queue is 312 MiB. The bound tells the two apart without
      // depending on how busy the machine is; the bytes a stream holds are pinned exactly in sse-stored-budget.test.ts.
      expect(growth).toBeLessThan(CAP + 32 * MiB);
      await reader.close();
    } finally {
      child.kill();
    }
  }, 60_000);
});
