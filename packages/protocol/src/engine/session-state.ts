// What the engine keeps of a legacy session between requests, and what a shared store holds of it.
// Here, in the engine, because the engine produces and restores it; stores (HTTP, Redis) only carry it.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { isLegacyVersion, LATEST_PROTOCOL_VERSION } from '../versions.js';
import type { ClientCapabilities, Implementation, JsonObject, LoggingLevel } from './types.js';

/** What a session must remember between requests; a shared session store keeps this. */
export interface SessionState {
  protocolVersion: string;
  clientInfo?: Implementation;
  clientCapabilities: ClientCapabilities;
  logLevel?: LoggingLevel;
  subscriptions: string[];
}

/** What a shared store keeps of a session, enough to serve it from any instance. */
export interface StoredSession {
  state: SessionState;
  /** The authenticated principal the session belongs to, if any. */
  owner?: string;
  /** Bumped by every write of the shared store: a copy keeps the highest it has seen. */
  revision?: number;
}

/** Checks the params of `initialize`; the revision is the client's when legacy, else the newest legacy one. */
export function readInitialize(
  params: JsonObject,
): Required<Pick<SessionState, 'protocolVersion' | 'clientCapabilities' | 'clientInfo'>> {
  const { protocolVersion, capabilities, clientInfo } = params;
  const info = clientInfo as Implementation | undefined;
  if (typeof protocolVersion !== 'string' || capabilities === null || typeof capabilities !== 'object') {
    throw new McpError(
      ErrorCode.InvalidParams,
      'initialize needs "protocolVersion" (string) and "capabilities" (object)',
    );
  }
  if (typeof info?.name !== 'string' || typeof info.version !== 'string') {
    throw new McpError(ErrorCode.InvalidParams, 'initialize needs "clientInfo" with string "name" and "version"');
  }
  return {
    protocolVersion: isLegacyVersion(protocolVersion) ? protocolVersion : LATEST_PROTOCOL_VERSION,
    clientCapabilities: capabilities as ClientCapabilities,
    clientInfo: info,
  };
}
