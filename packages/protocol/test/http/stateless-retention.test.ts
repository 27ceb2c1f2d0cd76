// A 2026-07-28 request answered in the turn it arrived leaves nothing that keeps it alive: its exchange (what the
// POST's answer came from) does not hold the light request. An exchange that held it (through the "client closed
// the stream: cancel" hook, made before the request was served) kept every answered request reachable from
// whatever was still reachable of its exchange: under load, V8's scavenger then promoted whole requests to old
// space (docs/benchmarks.md, "RSS after stateless HTTP load"). A request that outlives its turn still gets the hook:
// closing its stream cancels it (modern-http.test.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { StatelessRequest } from '../../src/engine/stateless-request.js';
import { HttpInput, type PlainReply } from '../../src/http/http-input.js';
import { ProtocolServer, StreamableHttpHandler } from '../../src/index.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A 2026-07-28 tools/call as the Node adapter gives it: headers at hand, the body read whole. */
function modernCall(id: number): HttpInput {
  const message = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'now', arguments: {}, _meta: META } };
  const all: Record<string, string> = {
    host: '127.0.0.1:3000',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'now',
  };
  return new HttpInput(
    'POST',
    '/mcp',
    { get: (name) => all[name.toLowerCase()] ?? null },
    {
      body: new TextEncoder().encode(JSON.stringify(message)),
      url: () => 'http://127.0.0.1:3000/mcp',
      onAbort: () => {},
      request: () => {
        throw new Error('not built on this path');
      },
      webHeaders: () => new Headers(all),
    },
  );
}

describe('a 2026-07-28 request answered at once', () => {
  it('is not kept alive by its exchange', async () => {
    const server = new ProtocolServer({ serverInfo: { name: 'retention', version: '1.0.0' } });
    server.setTools({
      list: () => [{ name: 'now', inputSchema: { type: 'object' } }],
      call: () => ({ content: [{ type: 'text', text: 'at once' }] }),
    });
    // Watch the light request, and keep its exchange (the stream it answers into) reachable on purpose.
    let request: WeakRef<StatelessRequest> | undefined;
    let exchange: unknown;
    const serve = server.stateless.serve.bind(server.stateless);
    server.stateless.serve = (light) => {
      request = new WeakRef(light);
      exchange = (light as unknown as { stream: unknown }).stream;
      serve(light);
    };
    const http = new StreamableHttpHandler(server);
    const reply = http.serve(modernCall(1)) as PlainReply;
    expect(JSON.parse(reply.body as string)).toMatchObject({ id: 1, result: { content: [{ text: 'at once' }] } });
    expect(exchange).toBeDefined();
    // A WeakRef's target stays alive until the turn that made it is over.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(request?.deref()).toBeUndefined();
    expect(exchange).toBeDefined();
    await http.close();
  });

  it('leaves an exchange that holds no closure of its own', async () => {
    // A closure made per exchange (the counter of queued tasks, made in the constructor) kept every exchange of a
    // load's first seconds alive through V8's scavenges, and with them their requests: the young generation then
    // doubled in some runs (docs/benchmarks.md). An exchange answered at once never queues, so it makes none.
    const server = new ProtocolServer({ serverInfo: { name: 'retention', version: '1.0.0' } });
    server.setTools({
      list: () => [{ name: 'now', inputSchema: { type: 'object' } }],
      call: () => ({ content: [{ type: 'text', text: 'at once' }] }),
    });
    let exchange: object | undefined;
    const serve = server.stateless.serve.bind(server.stateless);
    server.stateless.serve = (light) => {
      exchange = (light as unknown as { stream: object }).stream;
      serve(light);
    };
    const http = new StreamableHttpHandler(server);
    const reply = http.serve(modernCall(2)) as PlainReply;
    expect(JSON.parse(reply.body as string)).toMatchObject({ id: 2, result: { content: [{ text: 'at once' }] } });
    const functions = Object.entries(exchange ?? {}).filter(([, value]) => typeof value === 'function');
    expect(functions.map(([key]) => key)).toEqual([]);
    await http.close();
  });
});
