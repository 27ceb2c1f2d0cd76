// The official SDK client over real HTTP on loopback: StreamableHTTPClientTransport against the
// engine-only fixture server served by serveHttp (StreamableHttpHandler behind the node:http adapter).
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolServer } from '../../packages/protocol/src/index.js';
import { type HttpServing, serveHttp } from '../../packages/protocol/src/node.js';
import { createFixtureServer, type FixtureProbe } from '../../packages/protocol/test/fixtures/fixture-server.js';
import { legacySuite } from '../../packages/protocol/test/support/legacy-suite.js';
import { createSdkClient, pinVersion } from '../../packages/protocol/test/support/sdk-client.js';

const probe: FixtureProbe = { cancelled: [], logged: [] };
let server: ProtocolServer;
let serving: HttpServing;
let url: URL;

beforeAll(async () => {
  server = createFixtureServer(probe);
  serving = await serveHttp(server, { retryMs: 20 });
  url = serving.url;
});
afterAll(async () => {
  await serving.close();
});

for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
  legacySuite('official SDK client over Streamable HTTP', version, {
    async open() {
      probe.cancelled.length = 0;
      return new StreamableHTTPClientTransport(url);
    },
    cancelled: () => probe.cancelled,
  });
}

describe('Streamable HTTP with the official client: streams', () => {
  it('answers sampling and elicitation sent on the standalone GET stream (not tied to any request)', async () => {
    const { client, record } = createSdkClient();
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(pinVersion(transport, undefined, record));
    await client.ping();
    const sessionId = transport.sessionId as string;
    const session = [...server.connectedSessions].find((s) => (s.peer.transport as { id?: string }).id === sessionId);
    expect(session).toBeDefined();
    const result = await session?.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'from the GET stream' } }],
      maxTokens: 10,
    });
    expect(result?.content).toEqual({ type: 'text', text: 'echo:from the GET stream' });
    const answer = await session?.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } });
    expect(answer).toEqual({ action: 'accept', content: { name: 'Ada' } });
    await client.close();
  });

  it('reconnects with Last-Event-ID after the server drops a stream mid-call, losing nothing', async () => {
    const { client, record } = createSdkClient();
    await client.connect(pinVersion(new StreamableHTTPClientTransport(url), undefined, record));
    const result = await client.callTool({ name: 'drop-stream', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'resumed' }]);
    const logs = record.logs.map((l) => l.data);
    expect(logs).toEqual(['before drop', 'after drop']);
    await client.close();
  });

  it('keeps 200 concurrent sessions apart over 50 calls each, and frees them on DELETE', async () => {
    const v8 = await import('node:v8');
    const vm = await import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = heap();
    const headersFor = (sessionId?: string) => ({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    });
    const rpc = async (sessionId: string | undefined, body: object) =>
      fetch(url, { method: 'POST', headers: headersFor(sessionId), body: JSON.stringify(body) });
    const sessions = await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        const init = await rpc(undefined, {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: `c${n}`, version: '1' } },
        });
        await init.json();
        return init.headers.get('mcp-session-id') as string;
      }),
    );
    expect(new Set(sessions).size).toBe(200);
    expect(serving.handler.sessionCount).toBeGreaterThanOrEqual(200);
    let delivered = 0;
    await Promise.all(
      sessions.map(async (sessionId, n) => {
        for (let i = 1; i <= 50; i++) {
          const response = await rpc(sessionId, {
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: 'echo', arguments: { text: `${n}:${i}` } },
          });
          const body = await response.json();
          expect(body).toEqual({ jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text: `${n}:${i}` }] } });
          delivered++;
        }
      }),
    );
    expect(delivered).toBe(10_000);
    await Promise.all(
      sessions.map((sessionId) =>
        fetch(url, { method: 'DELETE', headers: headersFor(sessionId) }).then((r) => r.status),
      ),
    );
    const left = [...server.connectedSessions].filter((s) =>
      sessions.includes((s.peer.transport as { id?: string }).id ?? ''),
    );
    expect(left).toHaveLength(0);
    const after = heap();
    // Loose bound: 200 sessions with 10k calls behind them leave no more than a few MB behind.
    expect(after - before).toBeLessThan(16 * 1024 * 1024);
    // 10 000 real HTTP round trips, client in this same process: on a loaded 2-core machine this
    // takes 40-50 s before and after the pipeline change alike, past vitest's 30 s default.
  }, 120_000);
});
