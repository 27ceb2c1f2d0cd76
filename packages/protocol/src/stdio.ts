/**
 * `@decorum/protocol/stdio`: the Node-only stdio transport, newline-delimited JSON over stdin and
 * stdout. Kept off the root entry so `@decorum/protocol` loads in runtimes without `node:` modules.
 * @example
 * import { StdioTransport } from '@decorum/protocol/stdio';
 * const transport = new StdioTransport({ maxFrameBytes: 1024 * 1024 });
 * await server.connect(transport);
 */
export { DEFAULT_MAX_FRAME_BYTES, StdioTransport, type StdioTransportOptions } from './transports/stdio.js';
