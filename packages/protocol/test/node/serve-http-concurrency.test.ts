// One client, many requests in flight: `Promise.all` over 200 tool calls used to get 503s past 64
// open streams. The default is now 1024, and a refusal names the option to raise.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamableHttpHandler } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { initializeBody, MCP_URL, post } from '../http/http-client.js';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  // The client first, then the server: a server closing under an open client waits out its streams.
  for (const closable of running.splice(0).reverse()) await closable.close();
});

describe('requests in flight on one HTTP session', () => {
  it('200 concurrent tool calls from one client all succeed with the default options', async () => {
    // shutdownTimeoutMs: the cancelled release call's POST stream is never answered (a cancelled
    // request gets no response), so the close would wait out the 10 s default for it.
    const serving: HttpServing = await serveHttp(createFixtureServer(), { port: 0, shutdownTimeoutMs: 500 });
    running.push(serving);
    const client = new Client({ name: 'many', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(serving.url));
    running.push(client);
    // Every call waits server-side until the release call starts, so all 200 are in flight together.
    const held = Array.from({ length: 200 }, () =>
      client.callTool({ name: 'await-tag', arguments: { tag: 'release', event: 'started' } }),
    );
    const stop = new AbortController();
    const release = client
      .callTool({ name: 'wait-for-cancel', arguments: { tag: 'release' } }, undefined, { signal: stop.signal })
      .catch(() => 'cancelled');
    const results = await Promise.all(held);
    expect(results.every((result) => result.isError !== true)).toBe(true);
    expect(results).toHaveLength(200);
    stop.abort();
    expect(await release).toBe('cancelled');
  }, 30_000);

  it('past the limit, the 503 says which option to raise', async () => {
    const http = new StreamableHttpHandler(createFixtureServer(), { maxStreamsPerSession: 1 });
    running.push(http);
    const init = await http.handle(post(initializeBody()));
    const headers = {
      'mcp-session-id': init.headers.get('mcp-session-id') as string,
      'mcp-protocol-version': '2025-11-25',
    };
    const get = await http.handle(new Request(MCP_URL, { headers: { ...headers, accept: 'text/event-stream' } }));
    expect(get.status).toBe(200);
    const refused = await http.handle(
      post(
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } },
        headers,
      ),
    );
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.message).toBe(
      'Service Unavailable: this session has 1 streams open (requests in flight and its GET stream), the most ' +
        'maxStreamsPerSession allows; raise maxStreamsPerSession in the HTTP options, or send fewer requests at once',
    );
    await get.body?.cancel();
  });
});
