// Bounded (#36): a stdio server that answers with 10 MB (over the 4 MiB frame cap) fails that call at once with a
// clear error — not a minute's wait for "did not answer in time" — and the mount goes on serving.
import { McpApp, stdio } from '@decorum/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const QUESTIONS = new URL('./fixtures/questions-server.mjs', import.meta.url).pathname;

let hub: McpApp;
let client: Client;

beforeAll(async () => {
  hub = new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [],
    // The default request timeout is a minute: the test's own (30 s) would fail first if the answer were awaited.
    mounts: [{ prefix: 'q', server: stdio(process.execPath, [QUESTIONS], { stderr: 'ignore' }) }],
  });
  const { url } = await hub.listen({ http: { port: 0 } });
  client = new Client({ name: 'big', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(url as URL));
});

afterAll(async () => {
  await client?.close();
  await hub?.close();
});

describe('an answer over the stdio frame limit', () => {
  it('fails its call with a clear tool error, and the mount goes on', async () => {
    const result = await client.callTool({ name: 'q_big', arguments: { mb: 10 } }, undefined, { timeout: 25_000 });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0]?.text;
    expect(text).toMatch(
      /^The mounted server mount "q" \(node\) answered with more than the limit of 4194304 bytes: the answer was dropped$/,
    );
    const small = await client.callTool({ name: 'q_big', arguments: { mb: 1 } });
    expect(((small.content as { text: string }[])[0]?.text ?? '').length).toBe(1024 * 1024);
  });
});
