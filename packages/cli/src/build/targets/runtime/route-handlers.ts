// The Vercel target's route handlers. Next.js decides where a route is served (app/api/mcp/route.ts
// answers /api/mcp), while the app's endpoint answers one path of its own (`/mcp` by default): each
// request is handed over at the endpoint's path, the query kept, so a route can live anywhere.

/** A target's Fetch handler and the path of its MCP endpoint. */
type PathedFetch = ((request: Request) => Promise<Response>) & { readonly path: string };

/** A Next.js App Router route handler. */
export type RouteHandler = (request: Request) => Promise<Response>;

/** The request, as sent to `path` on the same origin (method, headers, body and abort signal kept). */
function atPath(request: Request, path: string): Request {
  const url = new URL(request.url);
  if (url.pathname === path) return request;
  url.pathname = path;
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    // A streamed body needs `duplex` in Node's fetch (it is read as it arrives, not buffered here).
    ...(body !== undefined && body !== null && { duplex: 'half' }),
  } as RequestInit);
}

/**
 * GET (the SSE stream of a stateful app; 405 when stateless), POST (every JSON-RPC message) and DELETE
 * (ends a session) for a Next.js route module.
 * @example
 * export const { GET, POST, DELETE } = routeHandlers(await fetchHandler(appModule, { target: 'vercel', stateless: true }));
 */
export function routeHandlers(fetch: PathedFetch): { GET: RouteHandler; POST: RouteHandler; DELETE: RouteHandler } {
  const handle: RouteHandler = (request) => fetch(atPath(request, fetch.path));
  return { GET: handle, POST: handle, DELETE: handle };
}
