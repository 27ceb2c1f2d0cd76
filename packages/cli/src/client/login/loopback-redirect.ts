// The redirect URI of a native client (RFC 8252 §7.3): a listener on the loopback interface that takes the one
// request the browser makes after the login, answers it with a page saying so, and closes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening redirect endpoint. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly uri: string;
  /** Resolves with the URL the browser came back to (query included); rejects after `timeoutMs`. */
  readonly callback: Promise<string>;
  close(): void;
}

const PAGE = '<!doctype html><meta charset="utf-8"><title>Decorum</title><p>Logged in. You can close this tab.</p>';

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Listens on 127.0.0.1 (on `port` when given and free, else any free port) for `/callback`.
 * @example const redirect = await loopbackRedirect({ timeoutMs: 300_000 });
 */
export async function loopbackRedirect(options: { port?: number; timeoutMs?: number } = {}): Promise<LoopbackRedirect> {
  let settle!: { resolve: (url: string) => void; reject: (error: Error) => void };
  const callback = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  callback.catch(() => undefined);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE);
    settle.resolve(`${uri}${url.search}`);
    close();
  });
  try {
    await listen(server, options.port ?? 0);
  } catch {
    // The remembered port is taken: any free one (the client registers again for it).
    await listen(server, 0);
  }
  server.unref();
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  const minutes = (options.timeoutMs ?? 300_000) / 60_000;
  const timer = setTimeout(() => {
    settle.reject(new Error(`No login came back within ${minutes} minutes`));
    close();
  }, options.timeoutMs ?? 300_000);
  timer.unref();
  function close(): void {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
  }
  return { uri, callback, close };
}
