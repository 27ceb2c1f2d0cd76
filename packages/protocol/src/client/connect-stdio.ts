import type { ClientOptions } from './client-types.js';
import { connectClient } from './connect.js';
import type { McpClient } from './mcp-client.js';
import { StdioClientTransport, type StdioServerParameters } from './stdio-client-transport.js';

/**
 * Spawns a server and connects a client to it over stdio. A server that exits during the handshake rejects with
 * its exit status (and, with `stderr: 'pipe'`, what it wrote to stderr).
 * @example
 * const client = await connectStdio({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] });
 */
export async function connectStdio(server: StdioServerParameters, options: ClientOptions = {}): Promise<McpClient> {
  const transport = new StdioClientTransport(server);
  try {
    return await connectClient(transport, options);
  } catch (error) {
    const info = transport.closeInfo();
    if (info === undefined) throw error;
    const stderr = info.stderr?.trim();
    throw new Error(`${info.message}${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}
