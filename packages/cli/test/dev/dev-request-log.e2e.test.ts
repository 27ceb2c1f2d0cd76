// `decorum dev` prints one readable line per request on stderr (never on stdout, which carries the
// stdio client's frames): method, name, duration, outcome.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, LineWaiter, workProject } from '../support/work-project.js';

describe('decorum dev: request log', () => {
  const project = workProject();
  let client: Client;
  let stderr: LineWaiter;

  beforeAll(async () => {
    const env = { ...(process.env as Record<string, string>) };
    delete env.DECORUM_REQUEST_LOG;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...BIN_ARGS, 'dev', '--stdio', '--no-typecheck'],
      cwd: project.dir,
      env,
      stderr: 'pipe',
    });
    stderr = new LineWaiter(transport.stderr as import('node:stream').Readable);
    client = new Client({ name: 'log-client', version: '1.0.0' });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close().catch(() => {});
    project.remove();
  });

  it('logs each request with its name, duration and outcome', async () => {
    const ok = stderr.next(/^\[mcp\] tools\/call greet /);
    const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(result.isError).toBeFalsy();
    expect(await ok).toMatch(/^\[mcp\] tools\/call greet {2}\d+(\.\d)? ms {2}ok$/);
    const unknown = stderr.next(/^\[mcp\] tools\/call nope /);
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow();
    expect(await unknown).toMatch(/ ms {2}error -32602/);
    const listed = stderr.next(/^\[mcp\] tools\/list /);
    await client.listTools();
    expect(await listed).toMatch(/ ms {2}ok$/);
  });
});
