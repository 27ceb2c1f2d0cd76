import type { HttpAuth } from '../auth/http-auth.js';
import type { ProtocolServer } from '../engine/server.js';
import type { HttpInput } from '../http/http-input.js';
import type { StreamableHttpOptions } from '../http/options.js';
import { StreamableHttpHandler } from '../http/streamable-http.js';
import { type HealthOptions, healthRoutes, type ReadinessCheck } from './health.js';
import { type HttpListener, type ListenHttpOptions, startHttpServer } from './listen.js';

/** Options of {@link serveHttp}: where to listen, and how the MCP endpoint behaves. */
export interface ServeHttpOptions
  extends Omit<StreamableHttpOptions, 'auth'>,
    Omit<ListenHttpOptions, 'shutdownTimeoutMs'> {
  /**
   * The authentication scheme (see `StreamableHttpOptions.auth`), or a function that makes it from the
   * endpoint URL once the port is bound: with `port: 0`, a `ResourceServer`'s `resource` cannot be
   * known before.
   * @example
   * auth: (endpoint) => new ResourceServer({ resource: endpoint, authorizationServers: [issuer], jwt })
   */
  auth?: HttpAuth | ((endpoint: URL) => HttpAuth);
  /**
   * On SIGTERM/SIGINT, close gracefully (stop accepting, let in-flight requests finish, end listen
   * streams and sessions) and let the process exit. For a server program; off by default, since a
   * library or a test should not take over the process's signals. A second signal during the close
   * is ignored (`npm run` forwards Ctrl-C's SIGINT, so one key press is two signals); the close is
   * bounded by `shutdownTimeoutMs`: requests still running then are answered with a JSON-RPC error
   * and the process exits (code 0) even if their handlers ignore `ctx.signal` — once no other listener of
   * these signals is left (another server in the process, or the program's own), which would otherwise be cut.
   */
  handleSignals?: boolean;
  /**
   * `GET /healthz` (liveness) and `GET /readyz` (readiness: 503 while draining on shutdown, or while
   * the `scaleOut` store is unreachable) beside the MCP endpoint. Default on; `false` leaves them out,
   * options rename them or add checks. A `routes` entry on the same path wins.
   */
  health?: boolean | HealthOptions;
  /**
   * On close, how long to keep serving with `/readyz` answering 503 before draining, in ms, so a load
   * balancer that polls readiness stops sending traffic first. Default 0.
   */
  drainDelayMs?: number;
}

/** A server being served over HTTP. */
export interface HttpServing {
  handler: StreamableHttpHandler;
  listener: HttpListener;
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  url: URL;
  /** Stops accepting, lets in-flight requests finish, closes sessions, then the socket. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

/** The Host allowlist that fits a bind address (DNS-rebinding protection follows where we listen). */
export function allowedHostsFor(host: string): string[] | undefined {
  if (LOOPBACK.has(host) || host.startsWith('127.')) return undefined; // the loopback default
  if (WILDCARD.has(host)) {
    throw new Error(
      `serveHttp: binding ${host} serves every network interface, so the allowed Host names cannot be guessed. ` +
        "Pass originPolicy: { allowedHosts: ['mcp.example.com'] } with the names clients use, " +
        'or originPolicy: { enabled: false } behind a proxy that checks Host and Origin.',
    );
  }
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return [name, 'localhost', '127.0.0.1', '[::1]'];
}

/**
 * Serves a {@link ProtocolServer} over Streamable HTTP on `node:http`: binds 127.0.0.1 unless told
 * otherwise, and derives the DNS-rebinding allowlist from the bind address.
 * @example
 * const serving = await serveHttp(server, { port: 3000 });
 * console.error(`MCP endpoint: ${serving.url}`);
 */
export async function serveHttp(server: ProtocolServer, options: ServeHttpOptions = {}): Promise<HttpServing> {
  const host = options.host ?? '127.0.0.1';
  const policy = options.originPolicy ?? {};
  const allowedHosts = policy.allowedHosts ?? (policy.enabled === false ? undefined : allowedHostsFor(host));
  const { auth } = options;
  const makeHandler = (endpoint?: URL) =>
    new StreamableHttpHandler(server, {
      ...options,
      auth: typeof auth === 'function' ? auth(endpoint as URL) : auth,
      originPolicy: { ...policy, allowedHosts },
    });
  // An auth factory needs the bound port: the handler is made once it is known, before any request
  // can arrive (connections are accepted on a later turn of the event loop).
  let handler: StreamableHttpHandler | undefined = typeof auth === 'function' ? undefined : makeHandler();
  let draining = false;
  const store = options.scaleOut;
  const checks: Record<string, ReadinessCheck> = store?.ready ? { store: () => store.ready?.() ?? false } : {};
  const health =
    options.health === false
      ? {}
      : healthRoutes({ draining: () => draining, checks }, options.health === true ? {} : options.health);
  const handle = (request: Request) => (handler as StreamableHttpHandler).handle(request);
  // The handler itself (not its `handle`): the adapter builds an HttpInput and calls `serve`, without a `Request`.
  const service = handler ?? { handle, serve: (input: HttpInput) => (handler as StreamableHttpHandler).serve(input) };
  // `path` is the handler's to check (it answers 404 elsewhere), not the server's.
  const listener = await startHttpServer(service, {
    ...options,
    host,
    routes: { ...health, ...options.routes },
  });
  const url = new URL(options.path ?? '/mcp', listener.url);
  handler ??= makeHandler(url);
  const ready = handler;
  let closing: Promise<void> | undefined;
  let stopSignals = () => {};
  const close = () => {
    closing ??= (async () => {
      draining = true;
      const delay = options.drainDelayMs ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        await ready.close();
        await listener.close();
      } finally {
        stopSignals();
      }
    })();
    return closing;
  };
  if (options.handleSignals) stopSignals = closeOnSignals(close, () => ready.drainTimedOut);
  return { handler: ready, listener, url, close };
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Runs `close` once on SIGTERM/SIGINT, for a server program: what `handleSignals` does (see it for the rules).
 * Each server keeps its own handler; nothing is shared but `process` itself. Returns the function that stops
 * listening (called by the server's own `close`; after a signal, the handler goes once `close` has resolved).
 * @example
 * const stop = closeOnSignals(() => serving.close(), () => serving.handler.drainTimedOut);
 */
export function closeOnSignals(close: () => Promise<void>, drainTimedOut: () => boolean): () => void {
  let closing = false;
  const stop = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  const onSignal = () => {
    if (closing) return;
    closing = true;
    void close().then(
      () => {
        console.error('server closed'); // before stop(): the last listener going lets a waiting server exit
        stop();
        if (drainTimedOut()) exitWhenAlone(0);
      },
      (error: unknown) => {
        console.error('closing failed:', error instanceof Error ? error.message : String(error));
        stop();
        exitWhenAlone(1);
      },
    );
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  // Closing on a signal, the handler stays until the whole close is done (the server's own close, which calls this,
  // is only part of it): until then it keeps a second signal from killing the process, and tells others we are busy.
  return () => {
    if (!closing) stop();
  };
}

/** Exits with `code` as soon as no listener of SIGTERM/SIGINT is left in this process (now, or when the last goes). */
function exitWhenAlone(code: number): void {
  const alone = () => SIGNALS.every((signal) => process.listenerCount(signal) === 0);
  if (alone()) process.exit(code);
  const check = () => {
    if (!alone()) return;
    process.off('removeListener', check);
    process.exit(code);
  };
  process.on('removeListener', check);
}
