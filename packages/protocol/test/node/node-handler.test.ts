import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type NodeHandlerOptions, toNodeHandler } from '../../src/node.js';
import { createTestHandler, type Echo, listenOnFreePort, sseEvents } from './web-handlers.js';

let app: ReturnType<typeof createTestHandler>;
let errors: unknown[];
let origin: string;
let close: () => Promise<void>;

async function start(options: NodeHandlerOptions = { onError: (error) => errors.push(error) }) {
  ({ origin, close } = await listenOnFreePort(createServer(toNodeHandler(app.handle, options))));
}

beforeEach(async () => {
  app = createTestHandler();
  errors = [];
  await start();
});
afterEach(() => close());

describe('toNodeHandler: the Response', () => {
  it('sends status, status text and every Set-Cookie header', async () => {
    const teapot = await fetch(`${origin}/?kind=status`);
    expect([teapot.status, teapot.statusText]).toEqual([418, 'I Am A Teapot']);
    const response = await fetch(`${origin}/?kind=cookies`);
    expect(response.headers.getSetCookie()).toEqual([
      'a=1; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
      'b=2; HttpOnly',
    ]);
    expect(await response.text()).toBe('ok');
  });

  it('sends a body complete in memory in one piece, with a Content-Length', async () => {
    const response = await fetch(`${origin}/`);
    const text = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('transfer-encoding')).toBeNull();
  });

  it('streams SSE without buffering: the first event arrives before the second is written', async () => {
    const response = await fetch(`${origin}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = await app.nextStream();
    const events = sseEvents(response);
    expect(await events.next()).toBe('event: message\ndata: first');
    expect(stream.secondWritten).toBe(false);
    stream.release();
    expect(await events.next()).toBe('event: message\ndata: second');
    expect(await events.next()).toBeUndefined();
  });

  it('sends the headers of an SSE response before its first event', async () => {
    const response = await fetch(`${origin}/mcp?kind=sse&quiet`);
    const stream = await app.nextStream();
    expect(response.status).toBe(200);
    expect(stream.secondWritten).toBe(false);
    stream.release();
    expect(await sseEvents(response).next()).toBe('event: message\ndata: second');
  });

  it('cancels the body stream and aborts the signal when the client leaves mid-stream', async () => {
    const client = new AbortController();
    const response = await fetch(`${origin}/mcp?kind=sse`, { signal: client.signal });
    const stream = await app.nextStream();
    const events = sseEvents(response);
    expect(await events.next()).toContain('data: first');
    client.abort();
    await Promise.all([stream.cancelled, stream.aborted]);
    expect(stream.secondWritten).toBe(false);
    stream.release(); // a producer that ignores cancellation must not crash the adapter
    expect((await (await fetch(`${origin}/`)).json()) as Echo).toMatchObject({ method: 'GET' });
    expect(errors).toEqual([]);
  });

  it('aborts the signal when the client leaves before the response, and logs nothing', async () => {
    const client = new AbortController();
    const pending = fetch(`${origin}/?kind=hang`, { signal: client.signal }).catch((error: Error) => error.name);
    const { aborted } = await app.nextHang();
    client.abort();
    await aborted;
    expect(await pending).toBe('AbortError');
    expect((await (await fetch(`${origin}/`)).json()) as Echo).toMatchObject({ method: 'GET' });
    expect(errors).toEqual([]);
  });

  it('writes a large streamed response intact through backpressure', async () => {
    const chunk = randomBytes(256 * 1024);
    const count = 32; // 8 MB: far more than socket buffers hold, so writes wait for 'drain'
    await close();
    const handle = async () => {
      let sent = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ === count) controller.close();
            else controller.enqueue(chunk);
          },
        }),
      );
    };
    ({ origin, close } = await listenOnFreePort(createServer(toNodeHandler(handle))));
    const body = new Uint8Array(await (await fetch(origin)).arrayBuffer());
    expect(body.byteLength).toBe(chunk.byteLength * count);
    expect(Buffer.from(body.subarray(body.byteLength - chunk.byteLength)).equals(chunk)).toBe(true);
  });
});

describe('toNodeHandler: errors', () => {
  it('answers a rejected handler with a JSON-RPC 500, reports it, and keeps serving', async () => {
    const response = await fetch(`${origin}/?kind=throw`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('boom');
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });

  it('answers 500 when the body fails before its first byte', async () => {
    const response = await fetch(`${origin}/?kind=broken`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: -32603 } });
    expect((errors[0] as Error).message).toBe('early failure');
  });

  it('cuts the connection when the body fails mid-stream, so the client sees a truncated response', async () => {
    const response = await fetch(`${origin}/?kind=sse&fail`);
    const stream = await app.nextStream();
    const events = sseEvents(response);
    expect(await events.next()).toContain('data: first');
    stream.release();
    await expect(events.next()).rejects.toThrow();
    expect((errors[0] as Error).message).toBe('late failure');
  });

  it('logs to stderr by default', async () => {
    await close();
    await start({});
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await fetch(`${origin}/?kind=throw`)).status).toBe(500);
      expect(log).toHaveBeenCalledWith(
        expect.stringContaining('[decorum]'),
        expect.objectContaining({ message: 'boom' }),
      );
    } finally {
      log.mockRestore();
    }
  });

  it('hands a rejection to next() when mounted as middleware', async () => {
    await close();
    const listener = toNodeHandler(app.handle);
    const seen: unknown[] = [];
    const server = createServer((req, res) =>
      listener(req, res, (error) => {
        seen.push(error);
        res.writeHead(503).end('from next');
      }),
    );
    ({ origin, close } = await listenOnFreePort(server));
    const response = await fetch(`${origin}/?kind=throw`);
    expect([response.status, await response.text()]).toEqual([503, 'from next']);
    expect((seen[0] as Error).message).toBe('boom');
  });
});
