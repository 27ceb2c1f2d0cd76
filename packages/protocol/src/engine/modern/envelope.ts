// The per-request `_meta` envelope of the modern era (2026-07-28): validated on every request,
// since a modern server keeps nothing between requests.
import { ErrorCode, McpError } from '../../jsonrpc/errors.js';
import { isModernVersion, SUPPORTED_PROTOCOL_VERSIONS } from '../../versions.js';
import {
  type ClientCapabilities,
  type Implementation,
  type JsonObject,
  LOGGING_LEVELS,
  type LoggingLevel,
} from '../types.js';
import { ModernRequest } from './modern-request.js';

export const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

/** True when a request's params carry the modern envelope (legacy clients never use this key). */
export function isModernRequest(params: JsonObject | undefined): boolean {
  const meta = params?._meta;
  return meta !== null && typeof meta === 'object' && META_VERSION in (meta as JsonObject);
}

const missing = (field: string) =>
  new McpError(ErrorCode.InvalidParams, `Invalid params: missing required _meta field "${field}"`, {
    field: `_meta.${field}`,
  });

/** The error for a revision this engine does not serve statelessly. */
export function unsupportedVersion(requested: unknown): McpError {
  return new McpError(ErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
    supported: [...SUPPORTED_PROTOCOL_VERSIONS].reverse(),
    requested: String(requested),
  });
}

/** Reads and checks the envelope (-32602 for a missing field, -32022 for an unsupported version). */
export function readEnvelope(params: JsonObject): ModernRequest {
  const meta = params._meta as JsonObject | undefined;
  if (meta === null || typeof meta !== 'object') throw missing(META_VERSION);
  const version = meta[META_VERSION];
  if (typeof version !== 'string') throw missing(META_VERSION);
  if (!isModernVersion(version)) throw unsupportedVersion(version);
  const capabilities = meta[META_CAPABILITIES];
  if (capabilities === null || typeof capabilities !== 'object' || Array.isArray(capabilities))
    throw missing(META_CAPABILITIES);
  const level = meta[META_LOG_LEVEL];
  if (level !== undefined && !LOGGING_LEVELS.includes(level as LoggingLevel)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Invalid params: "${META_LOG_LEVEL}" must be one of ${LOGGING_LEVELS.join(', ')}`,
      {
        field: `_meta.${META_LOG_LEVEL}`,
      },
    );
  }
  const info = meta[META_CLIENT_INFO] as Implementation | undefined;
  const clientInfo = typeof info?.name === 'string' && typeof info.version === 'string' ? info : undefined;
  const answers = {} as Record<string, unknown>;
  return new ModernRequest(
    version,
    capabilities as ClientCapabilities,
    clientInfo,
    level as LoggingLevel | undefined,
    answers,
  );
}
