/**
 * `@decorum/protocol/node`: serves Decorum's Web-standard HTTP handler (`(request: Request) => Promise<Response>`)
 * on `node:http`, standalone with `listenHttp` or inside Express, Fastify, Connect… with `toNodeHandler`. Kept off
 * the root entry, which runs as is on Bun, Deno and Workers (they serve the handler without an adapter).
 * `serveHttp(server, { port })` does both: a Streamable HTTP endpoint for a ProtocolServer, listening.
 * @example
 * import { listenHttp } from '@decorum/protocol/node';
 * const listener = await listenHttp(handle, { port: 3000, path: '/mcp' });
 * console.error(`listening on ${listener.url}`);
 */
export {
  type HealthOptions,
  type HealthState,
  healthRoutes,
  type ReadinessCheck,
} from './node/health.js';
export { type HttpListener, ListenError, type ListenHttpOptions, listenHttp } from './node/listen.js';
export {
  type NodeHandlerOptions,
  type NodeRequestListener,
  type NodeServable,
  toNodeHandler,
  type WebHandler,
} from './node/node-handler.js';
export { allowedHostsFor, type HttpServing, type ServeHttpOptions, serveHttp } from './node/serve-http.js';
