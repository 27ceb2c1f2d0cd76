// Serves the MCP endpoint and a health check on one port. `app.listen({ http })` serves MCP only,
// so this puts a small router in front of the app's Web-standard handler (`Request` → `Response`).
import type { McpApp } from '@decorum/core';
import { allowedHostsFor, listenHttp } from '@decorum/protocol/node';

/** Where to listen. */
export interface HttpServerOptions {
  /** TCP port; 0 picks a free one (read it back from `url`). */
  port: number;
  /** Address to bind: 127.0.0.1 by default; 0.0.0.0 in a container (then list `allowedHosts`). */
  host?: string;
  /** Host names clients may use (DNS-rebinding protection). Needed when `host` is a wildcard address. */
  allowedHosts?: string[];
}

/** A running server. */
export interface RunningHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:3000/mcp; the health check is at /health. */
  url: URL;
  /** Stops accepting, lets in-flight requests finish, then ends the sessions. */
  close(): Promise<void>;
}

/**
 * Serves `app` at /mcp and answers `GET /health` with `{ "status": "ok" }` (for load balancers and
 * the Dockerfile's HEALTHCHECK).
 * @example
 * const server = await serveWithHealth(createApp(), { port: 3000 });
 * console.error(`MCP endpoint: ${server.url}`);
 */
export async function serveWithHealth(app: McpApp, options: HttpServerOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const mcp = app.httpHandler({
    path: '/mcp',
    originPolicy: { allowedHosts: options.allowedHosts ?? allowedHostsFor(host) },
  });
  const startedAt = Date.now();
  const handle = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname === '/health') {
      if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
      return Response.json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) });
    }
    return mcp.handle(request);
  };
  const listener = await listenHttp(handle, { port: options.port, host });
  return {
    url: new URL('/mcp', listener.url),
    close: async () => {
      await app.close(); // ends the MCP streams and sessions first, so the socket can drain
      await listener.close();
    },
  };
}
