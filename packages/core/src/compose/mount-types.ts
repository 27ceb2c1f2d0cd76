// The seam between a mount and the client that reaches the mounted server: the few members of
// `McpClient` (`@decorum/protocol/client`) a mount uses, so the composition layer is written and
// tested against this shape, whatever connects it (a spawned command, a URL, an app in this process).
import type {
  CallToolResult,
  CompleteResult,
  GetPromptResult,
  JsonObject,
  LoggingLevel,
  PromptDefinition,
  ReadResourceResult,
  RequestId,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from '@decorum/protocol';
import type { Guard, Interceptor } from '../runtime/execution.js';

/** What a server→client request handler is told (the client's handler context). */
export interface UpstreamRequestInfo {
  signal: AbortSignal;
  /** The id of the mount's own request this one belongs to, when the transport knows it. */
  relatedRequestId?: RequestId;
}

/** How the mount answers the mounted server's requests: on behalf of the downstream call in flight. */
export interface UpstreamHandlers {
  sampling(params: JsonObject, info: UpstreamRequestInfo): Promise<JsonObject>;
  elicitation(params: JsonObject, info: UpstreamRequestInfo): Promise<JsonObject>;
  roots(info: UpstreamRequestInfo): Promise<{ uri: string; name?: string }[]>;
}

/** Per call: cancellation in, progress out, and the handlers of the questions that belong to this call. */
export interface UpstreamCallOptions {
  signal?: AbortSignal;
  onProgress?(progress: { progress: number; total?: number; message?: string }): void;
  handlers?: UpstreamHandlers;
  /** Call as a task (tools/call): created upstream and followed to its end; an abort cancels it upstream. */
  task?: boolean;
}

/** A log message the mounted server sent (`notifications/message`). */
export interface UpstreamLog {
  level: LoggingLevel;
  data: unknown;
  logger?: string;
}

/** Why the connection to a mounted server ended. */
export interface UpstreamClosed {
  reason: string;
  message: string;
}

/** A connected mounted server (structurally, the part of `McpClient` a mount uses). */
export interface UpstreamClient {
  readonly serverCapabilities: JsonObject;
  /** `modern` (2026-07-28) or `legacy`; a source that does not say is taken as legacy. */
  readonly era?: 'legacy' | 'modern';
  listTools(): Promise<ToolDefinition[]>;
  listResources(): Promise<ResourceDefinition[]>;
  listResourceTemplates(): Promise<ResourceTemplateDefinition[]>;
  listPrompts(): Promise<PromptDefinition[]>;
  callTool(name: string, args: JsonObject, options?: UpstreamCallOptions): Promise<CallToolResult>;
  readResource(uri: string, options?: UpstreamCallOptions): Promise<ReadResourceResult>;
  getPrompt(name: string, args: Record<string, string>, options?: UpstreamCallOptions): Promise<GetPromptResult>;
  complete(ref: JsonObject, argument: { name: string; value: string }, context?: JsonObject): Promise<CompleteResult>;
  subscribeResource(uri: string): Promise<unknown>;
  /** Tells the server the roots changed (legacy `notifications/roots/list_changed`): it asks again. */
  notifyRootsChanged?(): Promise<void>;
  on(event: 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged', listener: () => void): () => void;
  on(event: 'resourceUpdated', listener: (update: { uri: string }) => void): () => void;
  on(event: 'log', listener: (message: UpstreamLog) => void): () => void;
  readonly closed: Promise<UpstreamClosed>;
  close(): Promise<void>;
}

/**
 * Where a mounted server is and how to reach it: made by `stdio(…)`, `http(…)` or `inProcess(…)`.
 * Connecting again after the server went away is how a mount recovers.
 */
export interface MountSource {
  /** For messages: the command line, the URL, or the app's name. */
  readonly label: string;
  connect(handlers: UpstreamHandlers): Promise<UpstreamClient>;
}

/** How a mount reconnects after its server went away: delays double from `initialDelayMs` up to `maxDelayMs`. */
export interface ReconnectOptions {
  /** Default 500. */
  initialDelayMs?: number;
  /** Default 30 000. */
  maxDelayMs?: number;
}

/**
 * Another MCP server served by this app under a prefix: its tools and prompts as `prefix_name`, its
 * resources as `scheme://prefix/…`.
 * @example
 * new McpApp({ name: 'hub', version: '1.0.0', providers: [], mounts: [{ prefix: 'gh', server: stdio('npx', ['-y', 'some-server']) }] });
 */
export interface Mount {
  /** Letters, digits, `-` and `.` (no `_`, which separates it from the names). */
  prefix: string;
  server: MountSource;
  /** Like `@Authorized(...scopes)` on every primitive of the mount (`[]`: any authenticated caller). */
  scopes?: string[];
  /** Guards and interceptors for the mount's primitives (after the app's own). */
  guards?: Guard[];
  interceptors?: Interceptor[];
  /** Reconnection after the server went away (default on); `false` to leave it down. */
  reconnect?: ReconnectOptions | false;
  /** Fail startup when the first connection fails (default true); false serves without it until it comes. */
  required?: boolean;
}
