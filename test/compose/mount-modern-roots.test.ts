// Roots asked inside a call (#36): a 2026-07-28 client calls a tool of a stdio server that asks roots/list during
// the call. The hub answers it with the client's roots (asked as input_required, the call retried) or, for a client
// without roots, with none at once — never a 30 s wait for a timeout.
import { McpApp, stdio } from '@decorum/core';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const QUESTIONS = new URL('./fixtures/questions-server.mjs', import.meta.url).pathname;
const ROOTS = [{ uri: 'file:///tmp/modern-root', name: 'modern-root' }];

let hub: McpApp;
let url: URL;
const clients: Client[] = [];

beforeAll(async () => {
  hub = new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [],
    mounts: [{ prefix: 'q', server: stdio(process.execPath, [QUESTIONS], { stderr: 'ignore' }) }],
  });
  url = (await hub.listen({ http: { port: 0 } })).url as URL;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await hub?.close();
});

async function modernClient(withRoots: boolean): Promise<Client> {
  const capabilities = withRoots ? { roots: {} } : {};
  const client = new Client({ name: 'modern', version: '1' }, {
    capabilities,
    versionNegotiation: { mode: { pin: '2026-07-28' } },
  } as never);
  if (withRoots) client.setRequestHandler('roots/list', async () => ({ roots: ROOTS }));
  await client.connect(new StreamableHTTPClientTransport(url));
  clients.push(client);
  return client;
}

const textOf = (result: unknown) => ((result as { content: { text: string }[] }).content[0]?.text ?? '') as string;

describe('a stdio server asking roots inside a call from a 2026-07-28 client', () => {
  it("gets the client's roots", async () => {
    const client = await modernClient(true);
    const result = await client.callTool({ name: 'q_roots', arguments: {} }, { timeout: 20_000 } as never);
    expect(JSON.parse(textOf(result))).toEqual(ROOTS);
  });

  it("gets the roots of Decorum's own client in the modern era", async () => {
    const { connectHttp } = await import('@decorum/protocol/client');
    const client = await connectHttp(url, { protocolVersion: '2026-07-28', handlers: { roots: async () => ROOTS } });
    try {
      const result = await client.callTool('q_roots', {});
      expect(JSON.parse(textOf(result))).toEqual(ROOTS);
    } finally {
      await client.close();
    }
  });

  it("gets the caller's roots, not those of a legacy client with roots connected to the same hub", async () => {
    const { Client: V1Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport: V1Http } = await import(
      '@modelcontextprotocol/sdk/client/streamableHttp.js'
    );
    const { ListRootsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const other = new V1Client({ name: 'legacy-other', version: '1' }, { capabilities: { roots: {} } });
    other.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///tmp/someone-else' }] }));
    await other.connect(new V1Http(url));
    try {
      const client = await modernClient(true);
      const result = await client.callTool({ name: 'q_roots', arguments: {} }, { timeout: 20_000 } as never);
      expect(JSON.parse(textOf(result))).toEqual(ROOTS);
    } finally {
      await other.close();
    }
  });

  // The legacy client above left without ending its session: the hub still counts it as the latest with roots, and
  // asking it would wait for a timeout (it did: 30 s).
  it('gets no roots at once from a client without roots', async () => {
    const client = await modernClient(false);
    const result = await client.callTool({ name: 'q_roots', arguments: {} }, { timeout: 20_000 } as never);
    expect(JSON.parse(textOf(result))).toEqual([]);
  });
});
