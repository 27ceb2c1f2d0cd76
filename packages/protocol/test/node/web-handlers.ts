// A small Web-standard handler shared by the node-handler and framework tests. It picks its behaviour from
// `?kind=` (or a GET accepting SSE), so it works under any mount path.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type NodeServable, toNodeHandler } from '../../src/node.js';

/** What the echo handler saw. */
export interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  hasBody: boolean;
  body: string;
  bytes: number;
  sha256: string;
}

/** One SSE response in progress, steered by the test. */
export interface SseStream {
  /** Lets the producer write its second event and end the stream. */
  release(): void;
  /** True once the producer wrote the second event. */
  readonly secondWritten: boolean;
  /** Resolves with the reason when the ReadableStream's cancel() callback runs. */
  cancelled: Promise<unknown>;
  /** Resolves when the Request's signal aborts. */
  aborted: Promise<void>;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A FIFO of values handed from the handler to the test as requests arrive. */
function queue<T>() {
  const values: T[] = [];
  const waiting: Array<(value: T) => void> = [];
  return {
    push(value: T) {
      const waiter = waiting.shift();
      if (waiter) waiter(value);
      else values.push(value);
    },
    next(): Promise<T> {
      const value = values.shift();
      return value === undefined ? new Promise((done) => waiting.push(done)) : Promise.resolve(value);
    },
  };
}

const encoder = new TextEncoder();

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The test handler, with hooks to steer SSE streams and watch calls. */
export function createTestHandler() {
  const streams = queue<SseStream>();
  const hung = queue<{ aborted: Promise<void> }>();
  let calls = 0;

  // `?quiet` holds back the first event too: the client must still get the headers at once. `?fail` errors
  // the stream where the second event would be.
  const sse = (request: Request, { quiet = false, fail = false }): Response => {
    const gate = deferred();
    const cancelled = deferred<unknown>();
    const aborted = deferred();
    request.signal.addEventListener('abort', () => aborted.resolve(), { once: true });
    let stopped = false;
    const stream = {
      release: gate.resolve,
      secondWritten: false,
      cancelled: cancelled.promise,
      aborted: aborted.promise,
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!quiet) controller.enqueue(encoder.encode('event: message\ndata: first\n\n'));
        void gate.promise.then(() => {
          if (stopped) return;
          if (fail) return controller.error(new Error('late failure'));
          stream.secondWritten = true;
          controller.enqueue(encoder.encode('event: message\ndata: second\n\n'));
          controller.close();
        });
      },
      cancel(reason) {
        stopped = true;
        cancelled.resolve(reason);
      },
    });
    streams.push(stream);
    return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  };

  const echo = async (request: Request): Promise<Response> => {
    const bytes = new Uint8Array(await request.arrayBuffer());
    const echo: Echo = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      hasBody: request.body !== null,
      body: new TextDecoder().decode(bytes),
      bytes: bytes.byteLength,
      sha256: sha256(bytes),
    };
    return Response.json(echo, { headers: { 'x-echo': 'yes' } });
  };

  const handle = async (request: Request): Promise<Response> => {
    calls++;
    const url = new URL(request.url);
    // Like MCP's standalone stream: a GET that accepts SSE opens one; anything else is echoed.
    const wantsStream = request.method === 'GET' && request.headers.get('accept')?.includes('text/event-stream');
    const kind = url.searchParams.get('kind') ?? (wantsStream ? 'sse' : 'echo');
    switch (kind) {
      case 'sse':
        return sse(request, { quiet: url.searchParams.has('quiet'), fail: url.searchParams.has('fail') });
      case 'broken':
        // A body that fails before its first byte: the adapter can still answer 500.
        return new Response(
          new ReadableStream({
            pull(controller) {
              controller.error(new Error('early failure'));
            },
          }),
        );
      case 'throw':
        throw new Error('boom');
      case 'cookies':
        return new Response('ok', {
          headers: [
            ['set-cookie', 'a=1; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT'],
            ['set-cookie', 'b=2; HttpOnly'],
          ],
        });
      case 'status':
        return new Response(null, { status: 418, statusText: 'I Am A Teapot' });
      case 'hang': {
        // Waits for the client to leave; the test sees the Request's signal abort.
        const aborted = deferred();
        request.signal.addEventListener('abort', () => aborted.resolve(), { once: true });
        hung.push({ aborted: aborted.promise });
        await aborted.promise;
        throw request.signal.reason;
      }
      default:
        return echo(request);
    }
  };

  return {
    handle,
    /** The next SSE stream the handler opens. */
    nextStream: () => streams.next(),
    /** The next `?kind=hang` request, once the handler runs: `aborted` resolves when its signal aborts. */
    nextHang: () => hung.next(),
    get calls() {
      return calls;
    },
  };
}

/** Reads an SSE response event by event, as the bytes arrive. */
export function sseEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<string | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return event;
        }
        const { done, value } = await reader.read();
        if (done) return undefined;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** Listens on 127.0.0.1 and a free port; `close` cuts any connection left. */
export async function listenOnFreePort(server: Server): Promise<{ origin: string; close(): Promise<void> }> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A handler served on `createServer(toNodeHandler(handler))` at a free loopback port. */
export async function serveOnFreePort(handler: NodeServable): Promise<ServedHandler> {
  const { origin, close } = await listenOnFreePort(createServer(toNodeHandler(handler)));
  return { url: new URL(origin), close };
}

/** A handler being served by {@link serveOnFreePort}. */
export interface ServedHandler {
  /** The server's root, e.g. `http://127.0.0.1:54321/`. */
  url: URL;
  close(): Promise<void>;
}
