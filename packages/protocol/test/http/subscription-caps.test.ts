// #20 item 10: a session's subscriptions and the open listen streams are capped, with errors that
// name the option to raise.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ProtocolServer, StreamableHttpHandler } from '../../src/index.js';
import { type ServedHandler, serveOnFreePort } from '../node/web-handlers.js';
import { SseReader } from '../support/raw-http.js';

const VERSION = '2026-07-28';
const running: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((listener) => listener.close()));
});

async function serve(): Promise<URL> {
  const server = new ProtocolServer({
    serverInfo: { name: 'caps', version: '1' },
    maxSubscriptions: 3,
    maxListenStreams: 2,
  });
  server.setResources({ subscribe: true, list: () => [], read: ({ uri }) => ({ contents: [{ uri, text: '' }] }) });
  const listener = await serveOnFreePort(new StreamableHttpHandler(server));
  running.push(listener);
  return new URL('/mcp', listener.url);
}

const listen = (url: URL, uris: string[], id: number) =>
  fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': VERSION,
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: {
        notifications: { resourceSubscriptions: uris },
        _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    }),
  });

describe('caps on subscriptions and listen streams', () => {
  it('refuses a session subscription past maxSubscriptions, naming the option', async () => {
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(await serve()));
    for (const n of [1, 2, 3]) await client.subscribeResource({ uri: `nothing://serves/${n}` });
    await client.subscribeResource({ uri: 'nothing://serves/1' }); // already held: not one more
    await expect(client.subscribeResource({ uri: 'nothing://serves/4' })).rejects.toThrow(/maxSubscriptions/);
    await client.unsubscribeResource({ uri: 'nothing://serves/1' });
    await client.subscribeResource({ uri: 'nothing://serves/4' });
    await client.close();
  });

  it('refuses a listen request with too many URIs, and listen streams past maxListenStreams', async () => {
    const url = await serve();
    const tooMany = await (await listen(url, ['a://1', 'a://2', 'a://3', 'a://4'], 1)).json();
    expect(tooMany.error.message).toMatch(/maxSubscriptions/);
    const open = [new SseReader(await listen(url, ['a://1'], 2)), new SseReader(await listen(url, ['a://2'], 3))];
    for (const reader of open) expect(JSON.parse((await reader.next())?.data ?? '').method).toMatch(/acknowledged/);
    const third = await (await listen(url, ['a://3'], 4)).json();
    expect(third.error.message).toMatch(/maxListenStreams/);
    await Promise.all(open.map((reader) => reader.cancel()));
  });
});
