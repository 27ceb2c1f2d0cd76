/**
 * `@decorum/protocol/node`: Node's side of the HTTP transport, one way per need. `serveHttp(server, { port })` serves
 * a ProtocolServer's Streamable HTTP endpoint on its own `node:http` server (what `McpApp.listen({ http })` runs);
 * `toNodeHandler(handler)` hands the endpoint to a Node host (Express, Fastify, Connect, `node:http`). Kept off the
 * root entry, which runs as is on Bun, Deno and Workers (they take `StreamableHttpHandler.handle` without an adapter).
 * @example
 * import { serveHttp } from '@decorum/protocol/node';
 * const serving = await serveHttp(server, { port: 3000 });
 * console.error(`listening on ${serving.url}`);
 */
export {
  type HealthOptions,
  type HealthState,
  healthRoutes,
  type ReadinessCheck,
} from './node/health.js';
export { type HttpListener, ListenError, type ListenHttpOptions } from './node/listen.js';
export {
  type NodeHandlerOptions,
  type NodeRequestListener,
  type NodeServable,
  toNodeHandler,
  type WebHandler,
} from './node/node-handler.js';
export {
  allowedHostsFor,
  closeOnSignals,
  type HttpServing,
  type ServeHttpOptions,
  serveHttp,
} from './node/serve-http.js';
