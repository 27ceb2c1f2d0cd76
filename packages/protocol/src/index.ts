/**
 * @decorum/protocol: Decorum's own Model Context Protocol engine. Runs in any JavaScript runtime;
 * Node-only transports live under subpaths (`@decorum/protocol/stdio`).
 */
export { type ApiKeyOptions, type ApiKeyPrincipal, lookupApiKey } from './auth/api-key.js';
export { authChallengeResponse, type BearerChallenge, bearerChallenge } from './auth/challenge.js';
export type { Authenticate, HttpAuth } from './auth/http-auth.js';
export {
  type InsufficientScopeData,
  InsufficientScopeError,
  insufficientScopeOf,
} from './auth/insufficient-scope.js';
export { IntrospectionVerifier, type IntrospectionVerifierOptions } from './auth/introspection-verifier.js';
export { DEFAULT_JWT_ALGORITHMS, JwtVerifier, type JwtVerifierOptions } from './auth/jwt-verifier.js';
export { protectedResourceMetadata, WELL_KNOWN_PRM, wellKnownPaths } from './auth/resource-metadata.js';
export { ResourceServer, type ResourceServerOptions } from './auth/resource-server.js';
export { InvalidTokenError, principalOf, scopesOf, type TokenVerifier } from './auth/token-verifier.js';
export { Cancellation } from './engine/cancellation.js';
export { type ConnectionAbilities, FULL_ABILITIES, type OutgoingOptions } from './engine/channel.js';
export { RequestContext } from './engine/context.js';
export type {
  CallWrapper,
  ExtensionMethod,
  ExtensionOrigin,
  ExtensionScope,
  ListenContribution,
  ServerExtension,
  WrappedCall,
} from './engine/extension.js';
export type {
  HandlerFacts,
  Instrumentation,
  NetworkTransport,
  OutgoingFacts,
  RequestFacts,
  SessionFacts,
} from './engine/instrumentation.js';
export { consoleLogger, type EngineLogger } from './engine/logger.js';
export { andThen, isThenable, type MaybePromise } from './engine/maybe-promise.js';
export { type CacheableMethod, type CacheHint, DEFAULT_CACHE_HINTS } from './engine/modern/cache-hints.js';
export {
  isModernRequest,
  META_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_SERVER_INFO,
  META_SUBSCRIPTION,
  META_VERSION,
} from './engine/modern/envelope.js';
export { type InputRequest, InputRequiredSignal, ModernRequest } from './engine/modern/modern-request.js';
export {
  type RequestStateKeySource,
  type RequestStateOptions,
  RequestStateSigner,
} from './engine/modern/request-state.js';
export { coversUri, type Listener, type SubscriptionFilter } from './engine/modern/subscriptions.js';
export type { ClusterMessage, NotificationBus } from './engine/notification-bus.js';
export { type Page, paginate } from './engine/pagination.js';
export {
  Peer,
  type PeerHandler,
  type PeerOptions,
  type RequestDispatcher,
  type RequestOptions,
} from './engine/peer.js';
export type {
  CompletionProvider,
  PromptsProvider,
  ResourcesProvider,
  ToolsProvider,
  ToolTaskPolicy,
} from './engine/providers.js';
export { type ConnectOptions, ProtocolServer, type ProtocolServerOptions } from './engine/server.js';
export { ServerSession, type SessionObserver, type SessionOptions } from './engine/session.js';
export type { SessionState, StoredSession } from './engine/session-state.js';
export { shapeContent, shapeListItem, shapeResult, shapeServerInfo } from './engine/shaping.js';
export {
  type CallToolResult,
  type ClientCapabilities,
  type CompleteResult,
  type ContentBlock,
  type GetPromptResult,
  type Icon,
  type Implementation,
  type JsonObject,
  LOGGING_LEVELS,
  type LoggingLevel,
  type PromptArgument,
  type PromptDefinition,
  type ReadResourceResult,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type ServerCapabilities,
  type ToolDefinition,
} from './engine/types.js';
export {
  type EventStore,
  InMemoryEventStore,
  type InMemoryEventStoreOptions,
  type StoredEvent,
  type StoredMessage,
  type StreamLeases,
} from './http/event-store.js';
export {
  type HeaderReader,
  HttpInput,
  type HttpReply,
  type HttpService,
  type HttpSource,
  type PlainReply,
} from './http/http-input.js';
export type { StreamableHttpOptions } from './http/options.js';
export type { ScaleOut } from './http/scale-out.js';
export { checkOrigin, type OriginPolicy } from './http/security.js';
export { StreamableHttpHandler } from './http/streamable-http.js';
export { type Classified, classify } from './jsonrpc/codec.js';
export {
  CapabilityNotSupportedError,
  ConnectionClosedError,
  ErrorCode,
  McpError,
  RequestTimeoutError,
  type StepUp,
  stepUpOf,
} from './jsonrpc/errors.js';
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
export {
  AI_CATALOG_MEDIA_TYPE,
  AI_CATALOG_PATH,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_SCHEMA,
  type ServerCard,
  type ServerCardOptions,
  type ServerCardRemote,
  serverCardOf,
} from './server-card/server-card.js';
export { DIGEST_PATTERN, sha256Digest } from './skills/digest.js';
export {
  FrontmatterError,
  parseSkillMarkdown,
  renderSkillMarkdown,
  SKILL_NAME_PATTERN,
  sameJson,
} from './skills/frontmatter.js';
export { SkillsExtension, skillsExtensionSettings } from './skills/skill-methods.js';
export {
  DIRECTORY_MIME_TYPE,
  DYNAMIC_RESOURCES,
  SKILL_LIMITS,
  SKILLS_EXTENSION_ID,
  type Skill,
  type SkillFile,
  type SkillFrontmatter,
  type SkillsProvider,
} from './skills/skill-types.js';
export { composeInstrumentation } from './telemetry/compose.js';
export {
  createObservability,
  type Observability,
  type ObservabilityOptions,
} from './telemetry/observability.js';
export { loadOtelApi, type OtelApi } from './telemetry/otel-api.js';
export {
  type OtelTelemetryOptions,
  otelInstrumentation,
  TELEMETRY_SCOPE,
} from './telemetry/otel-instrumentation.js';
export {
  formatRequestLine,
  objectLoggerSink,
  type RequestLogOptions,
  type RequestLogSink,
  type RequestRecord,
  requestLog,
} from './telemetry/request-log.js';
export { createLinkedTransports, InMemoryTransport } from './transports/in-memory.js';
export type {
  AuthInfo,
  FrameError,
  MessageInfo,
  ReplyChannel,
  SendOptions,
  Transport,
} from './transports/transport.js';
export {
  compareVersions,
  isLegacyVersion,
  isModernVersion,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  type LegacyProtocolVersion,
  MODERN_PROTOCOL_VERSIONS,
  type ModernProtocolVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
  versionAtLeast,
} from './versions.js';
