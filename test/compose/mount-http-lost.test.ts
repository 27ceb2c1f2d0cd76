// Every transport reports a lost upstream the same documented way (#36): an HTTP server killed in the middle of a
// call gives the call the "not available … reconnecting" tool error, as a stdio server that dies does.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { http, McpApp } from '@decorum/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { LineReader, spawnTs } from '../support/spawn-fixture.js';

const DECORUM = new URL('./fixtures/waiter-http.ts', import.meta.url).pathname;
const SDK = new URL('./fixtures/sdk-http-waiter.mjs', import.meta.url).pathname;

function spawnServer(kind: 'decorum' | 'sdk'): ChildProcessWithoutNullStreams {
  if (kind === 'decorum') return spawnTs(DECORUM);
  return spawn(process.execPath, [SDK], { stdio: 'pipe' });
}

let upstream: ChildProcessWithoutNullStreams | undefined;
let hub: McpApp | undefined;
let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  await hub?.close();
  if (upstream !== undefined && upstream.exitCode === null && upstream.signalCode === null) upstream.kill('SIGKILL');
});

describe.each([
  ['decorum', '2025-11-25'],
  ['decorum', '2026-07-28'],
  ['sdk', '2025-11-25'],
] as const)('an HTTP upstream (%s, %s) killed mid-call', (kind, protocolVersion) => {
  it('answers the call with the documented "not available … reconnecting" tool error', async () => {
    upstream = spawnServer(kind);
    const line = await new LineReader(upstream.stdout).waitFor((l) => l.startsWith('listening '));
    const started = new LineReader(upstream.stderr).waitFor((l) => l === 'wait started');
    hub = new McpApp({
      name: 'hub',
      version: '1.0.0',
      providers: [],
      mounts: [{ prefix: 'w', server: http(line.slice('listening '.length), { protocolVersion }) }],
    });
    const { url } = await hub.listen({ http: { port: 0 } });
    client = new Client({ name: 'lost', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url as URL));
    const call = client.callTool({ name: 'w_wait', arguments: {} });
    await started;
    upstream.kill('SIGKILL');
    const result = await call;
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^The mounted server mount "w" \(http:\/\/127\.0\.0\.1:\d+\/mcp\) is not available \(.+\); reconnecting, try again shortly$/,
    );
  });
});
