// The client against servers that misbehave: answers too large to read whole, streams that never answer, answers
// that never come, redirects to another origin. Each fails its request at once with an UpstreamError whose reason
// says which, and nothing of the request leaves the server's origin.
import { afterEach, describe, expect, it } from 'vitest';
import {
  AnswerTooLargeError,
  connectHttp,
  type McpClient,
  RedirectRefusedError,
  UpstreamError,
} from '../../src/client.js';
import { type HostileServer, hostileServer, writeHuge } from '../support/hostile-server.js';

const MiB = 1024 * 1024;

/** A fetch that counts the bytes the client actually pulled out of response bodies. */
function countingFetch() {
  const read = { bytes: 0 };
  const counted: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          read.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return { read, fetch: counted };
}

describe('the client against a hostile server', () => {
  const servers: HostileServer[] = [];
  const clients: McpClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const serve = async (...args: Parameters<typeof hostileServer>) => {
    const server = await hostileServer(...args);
    servers.push(server);
    return server;
  };

  it('fails a 100 MB JSON answer as too large without reading it whole', async () => {
    let written: Promise<number> = Promise.resolve(0);
    const server = await serve(({ id, res }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const head = `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"`;
      written = writeHuge(res, head, 100 * MiB, '"}]}}');
    });
    const counter = countingFetch();
    const client = await connectHttp(server.url, { fetch: counter.fetch, getStream: false });
    clients.push(client);
    const failure = await client.callTool('huge').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toBeInstanceOf(AnswerTooLargeError);
    expect((failure as UpstreamError).reason).toBe('answer-too-large');
    expect((failure as Error).message).toMatch(/answer is too large/);
    // The client stopped at its 4 MiB limit, and the server saw the connection close long before 100 MB.
    expect(counter.read.bytes).toBeLessThan(6 * MiB);
    expect(await written).toBeLessThan(50 * MiB);
  });

  it('fails a 16 MiB SSE event as too large without reading it whole', async () => {
    let written: Promise<number> = Promise.resolve(0);
    const server = await serve(({ id, res }) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const head = `event: message\ndata: {"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"`;
      written = writeHuge(res, head, 16 * MiB, '"}]}}\n\n');
    });
    const counter = countingFetch();
    const client = await connectHttp(server.url, { fetch: counter.fetch, getStream: false });
    clients.push(client);
    const failure = await client.callTool('huge').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).reason).toBe('answer-too-large');
    expect(counter.read.bytes).toBeLessThan(6 * MiB);
    expect(await written).toBeLessThan(16 * MiB);
  });

  it('closes the stream of a request that timed out (a keep-alive stream does not hold a socket)', async () => {
    let streamClosed!: Promise<void>;
    const server = await serve(({ id, method, res }) => {
      if (method === 'ping') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': keep-alive\n\n');
      streamClosed = new Promise((resolve) => res.on('close', () => resolve()));
    });
    const client = await connectHttp(server.url, { getStream: false });
    clients.push(client);
    const failure = await client.callTool('slow', {}, { timeoutMs: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).reason).toBe('timed-out');
    // The event itself: the server sees its response stream closed, while the client stays connected.
    await streamClosed;
    await client.ping();
  });

  it('says the upstream closed when the stream ends before the answer (not a timeout, not a -32603)', async () => {
    const server = await serve(({ res }) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(': nothing to say\n\n');
    });
    const client = await connectHttp(server.url, { getStream: false });
    clients.push(client);
    const failure = await client.callTool('gone').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).reason).toBe('upstream-closed');
    expect((failure as Error).message).toMatch(/"tools\/call"/);
  });

  it('never follows a 307 to another origin: no credential, custom header or body reaches it', async () => {
    const elsewhere = await serve(() => undefined);
    const server = await serve(() => undefined, { status: 307, location: () => `${elsewhere.origin}/mcp` });
    const failure = await connectHttp(server.url, {
      token: 'secret-token',
      headers: { 'x-api-key': 'secret-key' },
      getStream: false,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedirectRefusedError);
    expect((failure as Error).message).toContain(elsewhere.origin);
    expect((failure as Error).message).not.toContain('secret');
    expect(server.seen).toHaveLength(1);
    expect(elsewhere.seen).toEqual([]);
  });

  it('follows a 307 within the same origin, headers and all', async () => {
    const server = await serve(
      ({ id, res }) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'ok' }] } }));
      },
      { status: 307, location: (origin) => `${origin}/mcp`, path: '/old' },
    );
    const client = await connectHttp(`${server.origin}/old`, { headers: { 'x-api-key': 'k' }, getStream: false });
    clients.push(client);
    expect((await client.callTool('echo')).content).toEqual([{ type: 'text', text: 'ok' }]);
    const followed = server.seen.filter((r) => r.path === '/mcp');
    expect(followed.length).toBeGreaterThan(0);
    expect(followed.every((r) => r.headers['x-api-key'] === 'k' && r.method === 'POST')).toBe(true);
  });
});
