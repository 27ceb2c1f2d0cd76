import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type NodeHandlerOptions, type NodeServable, toNodeHandler } from './node-handler.js';

/** Where and how `serveHttp` binds. */
export interface ListenHttpOptions extends NodeHandlerOptions {
  /** The TCP port. Default 0: any free port, read it back from `url`. */
  port?: number;
  /**
   * The interface to bind. Default '127.0.0.1': a local MCP server must not be reachable from the network (or from
   * web pages through DNS rebinding) by accident. Pass '0.0.0.0' or '::' deliberately to expose it.
   */
  host?: string;
  /**
   * Other endpoints on the same port, by exact path, each a Fetch handler: a health check for a load balancer or
   * a container, metrics… They are answered before `path` is looked at, and outside the MCP endpoint's checks
   * (Origin/Host, authentication): serve nothing private there.
   * @example { '/health': () => Response.json({ status: 'ok' }) }
   */
  routes?: Readonly<Record<string, (request: Request) => Response | Promise<Response>>>;
  /** How long `close()` waits for in-flight requests (open SSE streams included) before cutting them, in ms. Default 5000. */
  shutdownTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open, in ms. Default 65000: longer than the 60 s idle
   * timeout of common reverse proxies and load balancers, so they close first (a server closing first
   * races the proxy's next request on that connection, which then fails), and a client between two
   * turns of a conversation keeps its connection. Node's own default is 5000.
   */
  keepAliveTimeoutMs?: number;
}

/** The running `node:http` server behind `serveHttp` (`HttpServing.listener`). */
export interface HttpListener {
  server: Server;
  /** Where to reach the handler, e.g. `http://127.0.0.1:54321/mcp`. */
  url: URL;
  /** Stops accepting connections, lets in-flight requests finish (up to `shutdownTimeoutMs`), then closes the rest. */
  close(): Promise<void>;
}

/**
 * Binding the port failed; `code` is the system error (`EADDRINUSE`, `EACCES`, `EADDRNOTAVAIL` …).
 * @example
 * try { await app.listen({ http: { port: 3000 } }); } catch (e) { if (e instanceof ListenError && e.code === 'EADDRINUSE') … }
 */
export class ListenError extends Error {
  constructor(
    readonly code: string,
    readonly host: string,
    readonly port: number,
    cause: Error,
  ) {
    const reason =
      code === 'EADDRINUSE'
        ? `port ${port} is already in use on ${host}; stop the other server, pick another port, or use port 0 for any free one`
        : code === 'EACCES'
          ? `permission denied for port ${port} on ${host}; ports below 1024 need privileges`
          : cause.message;
    super(`Cannot listen on ${formatHost(host)}:${port} (${code}): ${reason}`, { cause });
    this.name = 'ListenError';
  }
}

/**
 * Binds a `node:http` server for a Web-standard handler (or a `StreamableHttpHandler`, served through its
 * `serve`): the one server `serveHttp` runs. Every path that is not one of `routes` goes to the handler (the MCP
 * endpoint checks its own path). Internal to `@decorum/protocol/node`.
 */
export async function startHttpServer(handle: NodeServable, options: ListenHttpOptions = {}): Promise<HttpListener> {
  const { port = 0, host = '127.0.0.1', shutdownTimeoutMs = 5000, keepAliveTimeoutMs = 65_000 } = options;
  const listener = toNodeHandler(handle, options);
  const routes = new Map(
    Object.entries(options.routes ?? {}).map(([route, handler]) => {
      if (!route.startsWith('/')) throw new TypeError(`route paths must start with "/", got "${route}"`);
      return [route, toNodeHandler(async (request) => handler(request), options)] as const;
    }),
  );
  // Node's own close() waits for keep-alive sockets to time out; counting responses lets close() end as soon
  // as the last one is over.
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  // Loaded here, not at the top: a bundled app that serves stdio then never loads node:http at startup. Through
  // getBuiltinModule where Node has it (20.16+): import() builds the ES-module namespace of node:http, and on
  // Node 22 that reads its lazy WebSocket/MessageEvent exports, which load undici (the Fetch implementation).
  const { createServer } = process.getBuiltinModule?.('node:http') ?? (await import('node:http'));
  // One listener for every response (a response closes once: `on`, not `once`, which wraps it per call).
  const responseClosed = () => {
    inFlight--;
    if (inFlight === 0) onIdle?.();
  };
  const server = createServer((req, res) => {
    inFlight++;
    res.on('close', responseClosed);
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    (routes.get(query === -1 ? target : target.slice(0, query)) ?? listener)(req, res);
  });
  server.keepAliveTimeout = keepAliveTimeoutMs;
  await bind(server, port, host);

  const address = server.address() as AddressInfo;
  const url = new URL(`http://${urlHost(address.address)}:${address.port}/`);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      // The callback runs once every connection is gone; an error only means the server was already closed.
      server.close(() => resolve());
      const timer = setTimeout(() => server.closeAllConnections(), shutdownTimeoutMs);
      timer.unref();
      onIdle = () => {
        clearTimeout(timer);
        server.closeAllConnections();
      };
      if (inFlight === 0) onIdle();
    });
    return closing;
  };
  return { server, url, close };
}

function bind(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(new ListenError(error.code ?? 'UNKNOWN', host, port, error));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** A host for the URL that a client on this machine can connect to, even when bound to every interface. */
function urlHost(address: string): string {
  return address === '0.0.0.0' || address === '::' ? 'localhost' : formatHost(address);
}
