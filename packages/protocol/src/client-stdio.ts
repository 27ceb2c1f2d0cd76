/**
 * `@decorum/protocol/client/stdio`: the Node-only client transport that spawns an MCP server and speaks to it over
 * its stdin/stdout, and `connectStdio` to spawn and connect at once.
 * @example
 * import { connectStdio } from '@decorum/protocol/client/stdio';
 * const client = await connectStdio({ command: 'node', args: ['server.js'], stderr: 'pipe' });
 */

export { childEnvironment, INHERITED_ENV } from './client/child-env.js';
export { connectStdio } from './client/connect-stdio.js';
export { StdioClientTransport, type StdioServerParameters } from './client/stdio-client-transport.js';
