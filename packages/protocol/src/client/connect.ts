import { createLinkedTransports } from '../transports/in-memory.js';
import type { Transport } from '../transports/transport.js';
import type { ClientOptions, CloseInfoSource } from './client-types.js';
import { HttpClientTransport, type HttpClientTransportOptions } from './http-client-transport.js';
import { McpClient } from './mcp-client.js';

/** Anything that serves one client over a transport: an `McpApp` or a `ProtocolServer`. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<unknown>;
}

/**
 * Connects a client over a transport you made and performs the era's opening.
 * @example
 * const client = await connectClient(transport, { protocolVersion: '2026-07-28' });
 */
export function connectClient(transport: Transport & CloseInfoSource, options: ClientOptions = {}): Promise<McpClient> {
  return new McpClient(transport, options).connect();
}

/**
 * Connects to a Streamable HTTP endpoint (sessions and resumption in the legacy era; stateless in the modern one).
 * @example
 * const client = await connectHttp('http://127.0.0.1:3000/mcp', { token: process.env.MCP_TOKEN });
 */
export function connectHttp(
  url: string | URL,
  options: ClientOptions & HttpClientTransportOptions = {},
): Promise<McpClient> {
  return connectClient(new HttpClientTransport(url, options), options);
}

/**
 * Connects to a server in the same process through a linked in-memory pair (no serialisation).
 * @example
 * const client = await connectInMemory(app);
 */
export async function connectInMemory(server: ConnectableServer, options: ClientOptions = {}): Promise<McpClient> {
  const [clientSide, serverSide] = createLinkedTransports();
  await server.connect(serverSide);
  return connectClient(clientSide, options);
}
