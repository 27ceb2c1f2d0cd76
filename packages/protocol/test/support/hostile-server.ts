// A legacy Streamable HTTP server that answers the opening properly and then misbehaves on `tools/call` as the test
// says: the client tests' stand-in for a server Decorum does not control.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a misbehaving handler gets: the request (parsed) and the raw response to abuse. */
export interface HostileCall {
  id: number;
  method: string;
  req: IncomingMessage;
  res: ServerResponse;
}

export interface HostileServer {
  url: string;
  origin: string;
  /** Every request the server received: method, path and headers. */
  seen: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * Serves `initialize` (JSON, with a session id), accepts notifications (202), refuses GET streams (405), and hands
 * every other request to `misbehave`. `redirect` answers every request (or those to its `path`) with that status and
 * location instead.
 */
export async function hostileServer(
  misbehave: (call: HostileCall) => void,
  redirect?: { status: number; location: (origin: string) => string; path?: string },
): Promise<HostileServer> {
  const seen: HostileServer['seen'] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    if (redirect !== undefined && (redirect.path === undefined || redirect.path === req.url)) {
      res.writeHead(redirect.status, { location: redirect.location(origin) }).end();
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(405).end();
      return;
    }
    if (req.method === 'DELETE') {
      res.writeHead(200).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      if (message.method === 'initialize') {
        const result = {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'hostile', version: '1.0.0' },
        };
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'hostile-session' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
        return;
      }
      misbehave({ id: message.id, method: message.method, req, res });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes `head`, then `size` bytes of `x` in 1 MiB chunks as fast as the client reads (backpressure), then `tail`;
 * resolves with the bytes of filler written when the response ended or the client closed the connection.
 */
export function writeHuge(res: ServerResponse, head: string, size: number, tail: string): Promise<number> {
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  let written = 0;
  return new Promise((resolve) => {
    let closed = false;
    res.on('close', () => {
      closed = true;
      resolve(written);
    });
    res.write(head);
    const pump = () => {
      while (!closed && written < size) {
        written += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!closed) res.end(tail);
    };
    pump();
  });
}
