// URIs inside results (#36): a mounted tool's `resource_link` and embedded resources (and a prompt's) come back under
// the URIs the hub lists (`notes://q/today`), so a client reads them through the hub like any listed resource.
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
    mounts: [{ prefix: 'q', server: stdio(process.execPath, [QUESTIONS], { stderr: 'ignore' }) }],
  });
  const { url } = await hub.listen({ http: { port: 0 } });
  client = new Client({ name: 'links', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(url as URL));
});

afterAll(async () => {
  await client?.close();
  await hub?.close();
});

describe('URIs inside a mounted server’s results', () => {
  it('are the shown ones, and reading them through the hub works', async () => {
    const listed = (await client.listResources()).resources.map((r) => r.uri);
    expect(listed).toContain('notes://q/today');
    const result = await client.callTool({ name: 'q_link', arguments: {} });
    const [link, embedded] = result.content as [{ uri: string }, { resource: { uri: string } }];
    expect(link.uri).toBe('notes://q/today');
    expect(embedded.resource.uri).toBe('notes://q/today');
    const read = await client.readResource({ uri: link.uri });
    expect(read.contents[0]).toMatchObject({ uri: 'notes://q/today', text: 'today: ship it' });
  });

  it('are mapped in a prompt’s messages too', async () => {
    const { messages } = await client.getPrompt({ name: 'q_linked' });
    expect(messages.map((m) => m.content as { uri?: string; resource?: { uri: string } })).toMatchObject([
      { resource: { uri: 'notes://q/today' } },
      { uri: 'notes://q/today' },
    ]);
  });
});
