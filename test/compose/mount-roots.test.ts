// Roots a mounted server asks for on its own (server-everything asks once per connection and again on
// notifications/roots/list_changed, outside any call): the hub answers with the roots of its most recent client that
// declared roots, and tells the mounted server when that changes (a client with roots connected, said its roots
// changed, or left), so it asks again. Two v1 SDK clients over HTTP share one stdio mount.
import { createRequire } from 'node:module';
import { McpApp, stdio } from '@decorum/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const EVERYTHING = createRequire(import.meta.url)
  .resolve('@modelcontextprotocol/server-everything/package.json')
  .replace(/package\.json$/, 'dist/index.js');

describe('roots through a mount shared by two clients', () => {
  let hub: McpApp;
  let url: URL;
  const clients: Client[] = [];

  beforeAll(async () => {
    hub = new McpApp({
      name: 'hub',
      version: '1.0.0',
      providers: [],
      mounts: [{ prefix: 'ev', server: stdio(process.execPath, [EVERYTHING, 'stdio'], { stderr: 'ignore' }) }],
    });
    url = (await hub.listen({ http: { port: 0 } })).url as URL;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await hub.close();
  });

  /** A client whose roots are `[file:///tmp/<name>]` until `roots.value` changes. */
  async function connect(name: string) {
    const roots = { value: [{ uri: `file:///tmp/${name}`, name }] };
    const client = new Client({ name, version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.value }));
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    clients.push(client);
    return { client, roots, transport };
  }

  const rootsSeen = async (client: Client) => {
    const result = await client.callTool({ name: 'ev_get-roots-list', arguments: {} });
    return JSON.stringify(result.content);
  };

  it('the most recent client with roots answers; a change or a departure makes the mounted server ask again', async () => {
    const a = await connect('root-a');
    await expect.poll(() => rootsSeen(a.client), { timeout: 5_000 }).toContain('file:///tmp/root-a');
    const b = await connect('root-b');
    await expect.poll(() => rootsSeen(a.client), { timeout: 5_000 }).toContain('file:///tmp/root-b');
    // A says its roots changed: it is the most recent again, and the mounted server hears of it.
    a.roots.value = [{ uri: 'file:///tmp/root-a2', name: 'root-a2' }];
    await a.client.sendRootsListChanged();
    await expect.poll(() => rootsSeen(b.client), { timeout: 5_000 }).toContain('file:///tmp/root-a2');
    b.roots.value = [{ uri: 'file:///tmp/root-b2', name: 'root-b2' }];
    await b.client.sendRootsListChanged();
    await expect.poll(() => rootsSeen(a.client), { timeout: 5_000 }).toContain('file:///tmp/root-b2');
    // B leaves (its session ended with DELETE): the roots are A's again.
    await b.transport.terminateSession();
    await b.client.close();
    await expect.poll(() => rootsSeen(a.client), { timeout: 5_000 }).toContain('file:///tmp/root-a2');
  }, 30_000);
});
