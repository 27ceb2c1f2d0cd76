/**
 * `@decorum/protocol/client`: an MCP client in either era, over Streamable HTTP, in memory, or any engine
 * transport; runs in any JavaScript runtime. The stdio transport that spawns a command is Node-only:
 * `@decorum/protocol/client/stdio`.
 * @example
 * import { connectHttp } from '@decorum/protocol/client';
 * const client = await connectHttp('http://127.0.0.1:3000/mcp');
 * console.log(await client.listTools());
 */

export {
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_MAX_REDIRECTS,
  fetchSameOrigin,
  RedirectRefusedError,
  readBounded,
  readBoundedText,
} from './client/bounded-fetch.js';
export type { CallToolOptions, ClientTask, TaskCallOptions, TaskListPage } from './client/client-tasks.js';
export type {
  ClientClosed,
  ClientEvents,
  ClientHandlers,
  ClientNotification,
  ClientOptions,
  ClientProtocolVersion,
  ClientRequestOptions,
  CloseInfoSource,
  HandlerContext,
  LogMessage,
  ProgressUpdate,
  Root,
  ServerDescription,
} from './client/client-types.js';
export { type ConnectableServer, connectClient, connectHttp, connectInMemory } from './client/connect.js';
export { HttpClientTransport, type HttpClientTransportOptions } from './client/http-client-transport.js';
export type { ListPage } from './client/list-pages.js';
export { McpClient } from './client/mcp-client.js';
export type { AuthorizeUser } from './client/oauth/authorization-code.js';
export type { AuthChallenge } from './client/oauth/challenge.js';
export type { ClientMetadata } from './client/oauth/client-registration.js';
export {
  type AssertionTarget,
  type IdJagOptions,
  idJagAssertion,
  JWT_BEARER_GRANT,
  type JwtBearerOptions,
  jwtBearer,
} from './client/oauth/jwt-bearer.js';
export { type AuthServerMetadata, OAuthDiscoveryError, type ResourceMetadata } from './client/oauth/metadata.js';
export { OAuthClient, type OAuthClientOptions } from './client/oauth/oauth-client.js';
export { type PrivateKeyJwtOptions, privateKeyJwt } from './client/oauth/private-key-jwt.js';
export {
  type ClientAssertion,
  type ClientIdentity,
  OAuthTokenError,
  type OAuthTokens,
} from './client/oauth/token-endpoint.js';
export { memoryTokenStore, type StoredAuthorization, type TokenStore } from './client/oauth/token-store.js';
export {
  type LoadedSkill,
  type LoadSkillOptions,
  type SkillRefusal,
  SkillsClient,
  type SkillsRequester,
  SkillVerificationError,
  type VerifiedFile,
} from './client/skills-client.js';
export {
  AuthorizationError,
  type ClientCredentialsOptions,
  clientCredentials,
  type TokenProvider,
} from './client/token-provider.js';
export {
  AnswerTooLargeError,
  UpstreamClosedError,
  UpstreamError,
  type UpstreamFailure,
  UpstreamTimeoutError,
} from './client/upstream-error.js';
