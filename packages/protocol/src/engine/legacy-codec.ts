// The legacy era's codec (2024-11-05 … 2025-11-25): the initialize handshake, the phase gate, and the methods
// the era keeps between requests. What it reads and changes of the connection is the `LegacyLink`
// (era-codec.ts): a ServerSession (state kept for the connection's life) or a stateless request (one request).
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { MessageInfo } from '../transports/transport.js';
import type { InboundCall, LegacyLink } from './era-codec.js';
import type { EraCodec, Router } from './router.js';
import { readInitialize } from './session-state.js';
import { shapeServerInfo } from './shaping.js';
import type { JsonObject } from './types.js';

/** The legacy era: initialize and ping here, the rest through the router once initialized. */
export const legacyCodec: EraCodec<LegacyLink> = {
  serve(router, call, link) {
    const { request } = call;
    if (request.method === 'server/discover' || request.method === 'subscriptions/listen') {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Invalid params: ${request.method} needs the _meta envelope of protocol 2026-07-28`,
        { field: '_meta.io.modelcontextprotocol/protocolVersion' },
      );
    }
    if (request.method === 'ping') return {};
    if (request.method === 'initialize') return initialize(router, call, link);
    if (!link.initialized) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Server not initialized: send "initialize" before "${request.method}"`,
      );
    }
    return router.legacy(request, call.cancellation, call.info, link);
  },
};

function initialize(router: Router, call: InboundCall, link: LegacyLink): JsonObject {
  if (link.initialized) throw new McpError(ErrorCode.InvalidRequest, 'Invalid Request: already initialized');
  link.handshake(readInitialize(call.request.params ?? {}));
  const { serverInfo, instructions } = router.options;
  const version = link.protocolVersion;
  const result: JsonObject = {
    protocolVersion: version,
    // Whether the caller is identified decides what may be listed across requests (2025-11-25 tasks.list).
    capabilities: router.capabilities(version, link.abilities, identifiedBy(call.info)),
    serverInfo: shapeServerInfo(serverInfo, version),
  };
  if (instructions !== undefined) result.instructions = instructions;
  return result;
}

/** True when a request's transport authenticated a principal (a subject or a client id). */
function identifiedBy(info: MessageInfo | undefined): boolean {
  return (info?.authInfo?.subject ?? info?.authInfo?.clientId) !== undefined;
}
