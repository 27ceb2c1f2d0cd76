// A stateless Streamable HTTP endpoint tells the official client (@modelcontextprotocol/sdk 1.32.2,
// over real HTTP) only what it can keep: no `logging` and no `resources.subscribe` (it holds no
// session to keep a level or a subscription in), and the two methods are "method not found"
// rather than a fake `{}`. The same server behind a session endpoint still offers both.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServing, serveHttp } from '../../packages/protocol/src/node.js';
import { createFixtureServer } from '../../packages/protocol/test/fixtures/fixture-server.js';

const open: { serving: HttpServing; client: Client }[] = [];
afterEach(async () => {
  for (const { serving, client } of open.splice(0)) {
    await client.close();
    await serving.close();
  }
});

async function connect(stateless: boolean): Promise<Client> {
  const serving = await serveHttp(createFixtureServer(), { stateless });
  const client = new Client({ name: 'truth-check', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(serving.url));
  open.push({ serving, client });
  return client;
}

describe('Stateless Streamable HTTP with the official client: capabilities tell the truth', () => {
  it('advertises neither logging nor resources.subscribe, and answers both methods -32601', async () => {
    const client = await connect(true);
    const caps = client.getServerCapabilities();
    expect(caps?.tools).toEqual({ listChanged: true });
    expect(caps?.logging).toBeUndefined();
    expect(caps?.resources?.subscribe).not.toBe(true);
    await expect(client.setLoggingLevel('debug')).rejects.toMatchObject({ code: -32601 });
    await expect(
      client.request({ method: 'resources/subscribe', params: { uri: 'test://item/1' } }, EmptyResultSchema),
    ).rejects.toMatchObject({ code: -32601 });
    // What it does serve still works.
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
    });
  });

  it('the same server behind a session endpoint still offers and honours both', async () => {
    const client = await connect(false);
    const caps = client.getServerCapabilities();
    expect(caps?.logging).toEqual({});
    expect(caps?.resources?.subscribe).toBe(true);
    expect(await client.setLoggingLevel('debug')).toEqual({});
    expect(await client.subscribeResource({ uri: 'test://item/1' })).toEqual({});
  });
});
