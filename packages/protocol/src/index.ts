/**
 * @decorum/protocol: Decorum's own Model Context Protocol engine. Runs in any JavaScript runtime;
 * Node-only transports live under subpaths (`@decorum/protocol/stdio`).
 */
export type {
  JsonRpcError,
  JsonRpcErrorObject,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResult,
  RequestId,
} from './jsonrpc/types.js';
export { createLinkedTransports, InMemoryTransport } from './transports/in-memory.js';
export type { FrameError, Transport } from './transports/transport.js';
export {
  compareVersions,
  isLegacyVersion,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  type LegacyProtocolVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
  versionAtLeast,
} from './versions.js';
