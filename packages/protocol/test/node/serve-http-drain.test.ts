// #20 item 6: an HTTP shutdown keeps its drain timeout, and answers what it cuts with a JSON-RPC error.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';

describe('HTTP shutdown and its drain timeout', () => {
  it('SIGTERM with a call ignoring ctx.signal: the call gets a JSON-RPC error, the process exits at the timeout', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/http-server-stubborn.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, SHUTDOWN_TIMEOUT_MS: '1500' },
      },
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
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const url = new URL((await seen(/MCP endpoint: (\S+)/))[1] as string);
    const client = new Client({ name: 'drain', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const call = client.callTool({ name: 'stubborn', arguments: {} }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await seen(/call started/);
    const signalled = Date.now();
    child.kill('SIGTERM');
    const error = await call;
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32603);
    expect((error as McpError).message).toMatch(/shut down|session closed/);
    const { code, at } = await exited;
    expect(code).toBe(0);
    // 1.5 s drain timeout, against the handler's 16 s
    expect(at - signalled).toBeGreaterThanOrEqual(1400);
    expect(at - signalled).toBeLessThan(6000);
  }, 30_000);

  it('a cancelled request does not hold the close open until the timeout', async () => {
    const serving = await serveHttp(createFixtureServer(), { shutdownTimeoutMs: 20_000 });
    const client = new Client({ name: 'cancel', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(serving.url));
    const aborter = new AbortController();
    const call = client
      .callTool({ name: 'wait-for-cancel', arguments: { tag: 'c1' } }, undefined, { signal: aborter.signal })
      .catch(() => 'aborted');
    await client.callTool({ name: 'await-tag', arguments: { tag: 'c1', event: 'started' } });
    aborter.abort();
    expect(await call).toBe('aborted');
    await client.callTool({ name: 'await-tag', arguments: { tag: 'c1', event: 'cancelled' } });
    // Nothing left to wait for: the close does not run into its 20 s timeout.
    await serving.handler.close();
    expect(serving.handler.drainTimedOut).toBe(false);
    await serving.listener.close();
  }, 30_000);
});
