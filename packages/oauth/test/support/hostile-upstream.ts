// A misbehaving upstream on loopback port 0: each test gives it a handler (redirect elsewhere, answer 50 MB, never
// answer…). It records what it received and tells, by events, when a request arrived and when its connection closed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Resolves when this request's connection is closed (by either side). */
  closed: Promise<void>;
}

export interface HostileUpstream {
  url: string;
  received: Received[];
  /** Resolves with the first request (body read). */
  firstRequest: Promise<Received>;
  /** Resolves when the first request's connection is closed (by either side). */
  firstClosed: Promise<void>;
  close(): Promise<void>;
}

export type Handler = (req: Received, res: ServerResponse, self: HostileUpstream) => void;

export async function startHostileUpstream(handler: Handler): Promise<HostileUpstream> {
  let onFirst: (r: Received) => void = () => {};
  let onClosed: () => void = () => {};
  const self: HostileUpstream = {
    url: '',
    received: [],
    firstRequest: new Promise<Received>((resolve) => {
      onFirst = resolve;
    }),
    firstClosed: new Promise<void>((resolve) => {
      onClosed = resolve;
    }),
    close: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const received: Received = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      closed: new Promise<void>((resolve) => res.on('close', () => resolve())),
    };
    if (self.received.length === 0) {
      void received.closed.then(() => onClosed());
      onFirst(received);
    }
    self.received.push(received);
    handler(received, res, self);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  self.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return self;
}

/**
 * Streams about `total` bytes of a JSON string after `prefix` (no Content-Length), as fast as the reader takes them;
 * `progress.written` counts what left, `progress.complete` says whether all of it did.
 */
export function streamHuge(
  res: ServerResponse,
  total: number,
  progress: { written: number; complete: boolean },
  prefix = '{"pad":"',
): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  res.write(prefix);
  progress.written = Buffer.byteLength(prefix);
  const pump = () => {
    while (progress.written < total - 2) {
      if (res.destroyed) return;
      const size = Math.min(chunk.length, total - 2 - progress.written);
      progress.written += size;
      if (!res.write(chunk.subarray(0, size))) return void res.once('drain', pump);
    }
    res.end('"}');
    progress.written = total;
    progress.complete = true;
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}
