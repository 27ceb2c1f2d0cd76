/**
 * `@decorum/protocol/stdio`: the Node-only stdio transport, newline-delimited JSON over stdin and
 * stdout, and `serveStdio` for the lifecycle of a server a client spawns. Kept off the root entry
 * so `@decorum/protocol` loads in runtimes without `node:` modules.
 * @example
 * import { serveStdio } from '@decorum/protocol/stdio';
 * await serveStdio(server);
 */
export { type ServeStdioOptions, type StdioServing, serveStdio } from './transports/serve-stdio.js';
export { DEFAULT_MAX_FRAME_BYTES, StdioTransport, type StdioTransportOptions } from './transports/stdio.js';
