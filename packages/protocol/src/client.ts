/**
 * `@decorum/protocol/client`: an MCP client in either era, over Streamable HTTP, in memory, or any engine
 * transport; runs in any JavaScript runtime. The stdio transport that spawns a command is Node-only:
 * `@decorum/protocol/client/stdio`.
 * @example
 * import { connectHttp } from '@decorum/protocol/client';
 * const client = await connectHttp('http://127.0.0.1:3000/mcp');
 * console.log(await client.listTools());
 */

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
export {
  type LoadedSkill,
  type LoadSkillOptions,
  type SkillRefusal,
  SkillsClient,
  type SkillsRequester,
  SkillVerificationError,
  type VerifiedFile,
} from './client/skills-client.js';
export { type ClientCredentialsOptions, clientCredentials, type TokenProvider } from './client/token-provider.js';
