import { consoleLogger } from '../engine/logger.js';
import type { SubscriptionFilter } from '../engine/modern/subscriptions.js';
import type {
  CallToolResult,
  CompleteResult,
  GetPromptResult,
  Implementation,
  JsonObject,
  LoggingLevel,
  PromptDefinition,
  ReadResourceResult,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ServerCapabilities,
  ToolDefinition,
} from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { JsonRpcNotification } from '../jsonrpc/types.js';
import type { Transport } from '../transports/transport.js';
import { ClientConnection } from './client-connection.js';
import { ClientEventHub } from './client-events.js';
import { dispatchNotification } from './client-notifications.js';
import { type CallToolOptions, type ClientTask, ClientTasks, type TaskListPage } from './client-tasks.js';
import type {
  ClientClosed,
  ClientEvents,
  ClientOptions,
  ClientRequestOptions,
  CloseInfoSource,
} from './client-types.js';
import { type ListPage, listAll, listPage } from './list-pages.js';
import { ListenStream } from './listen-stream.js';
import { SkillsClient } from './skills-client.js';
import { type ToolAware, validHeaderTools } from './tool-header-rules.js';

/**
 * An MCP client over any engine transport, in either era: lists (every page), calls, reads, prompts, completion,
 * progress, cancellation, change notifications, and the server's questions answered by handlers.
 * Create one with `connectClient`, `connectHttp`, `connectInMemory` or `connectStdio`.
 * @example
 * const client = await connectInMemory(app);
 * const tools = await client.listTools();
 * const result = await client.callTool('add', { a: 1, b: 2 });
 * await client.close();
 */
export class McpClient {
  /** Settles (never rejects) when the connection ends, saying why. */
  readonly closed: Promise<ClientClosed>;
  private readonly events: ClientEventHub;
  private readonly connection: ClientConnection;
  private closedWith?: ClientClosed;
  private settleClosed!: (info: ClientClosed) => void;
  private readonly subscribed = new Set<string>();
  private readonly stream: ListenStream;
  private readonly tasks: ClientTasks;
  private opened = false;

  constructor(
    private readonly transport: Transport & CloseInfoSource & ToolAware,
    private readonly options: ClientOptions = {},
  ) {
    this.events = new ClientEventHub(options.logger ?? consoleLogger);
    this.closed = new Promise((resolve) => {
      this.settleClosed = resolve;
    });
    this.stream = new ListenStream(
      (method, params, options) => this.request(method, params, options),
      () => this.isClosed,
    );
    this.connection = new ClientConnection(
      transport,
      options,
      (notification) => this.notified(notification),
      (info) => this.ended(info),
    );
    this.tasks = new ClientTasks(this.connection);
  }

  /** Starts the transport and performs the era's opening (once); on failure the transport is closed. */
  async connect(): Promise<this> {
    if (this.opened) throw new Error('McpClient.connect: already connected');
    this.opened = true;
    try {
      await this.connection.open();
    } catch (error) {
      await this.connection.close().catch(() => undefined);
      throw error;
    }
    if (this.era === 'modern' && this.options.listen !== false) await this.listen();
    return this;
  }

  /** `legacy` (sessions, initialize) or `modern` (2026-07-28, stateless). */
  get era(): 'legacy' | 'modern' {
    return this.connection.era;
  }

  /** The negotiated (legacy) or requested (modern) revision. */
  get protocolVersion(): string {
    return this.connection.description.protocolVersion;
  }

  get serverInfo(): Implementation {
    return this.connection.description.serverInfo;
  }

  get serverCapabilities(): ServerCapabilities {
    return this.connection.description.capabilities;
  }

  get instructions(): string | undefined {
    return this.connection.description.instructions;
  }

  /** True once the connection ended. */
  get isClosed(): boolean {
    return this.closedWith !== undefined;
  }

  /** Listens to an event; returns the function that stops listening. */
  on<E extends keyof ClientEvents>(event: E, listener: ClientEvents[E]): () => void {
    return this.events.on(event, listener);
  }

  /** The Skills extension (SEP-2640): list, get, and load skills on demand, every file verified. */
  get skills(): SkillsClient {
    return new SkillsClient(this);
  }

  /** Any request, in the era's terms (modern: envelope added, `input_required` answered). */
  request(method: string, params: JsonObject = {}, options?: ClientRequestOptions): Promise<JsonObject> {
    return this.connection.request(method, params, options);
  }

  /** One page of `tools/list`. */
  async listToolsPage(cursor?: string, options?: ClientRequestOptions): Promise<ListPage<ToolDefinition>> {
    const page = await listPage<ToolDefinition>(this, 'tools/list', 'tools', cursor, options);
    return { ...page, items: this.headerChecked(page.items) };
  }

  /** Every tool, all pages followed. */
  async listTools(options?: ClientRequestOptions): Promise<ToolDefinition[]> {
    const tools = this.headerChecked(await listAll<ToolDefinition>(this, 'tools/list', 'tools', options));
    this.transport.rememberTools?.(tools);
    return tools;
  }

  /** Modern HTTP (SEP-2243): tools with invalid `x-mcp-header` annotations are left out, with a warning. */
  private headerChecked(tools: ToolDefinition[]): ToolDefinition[] {
    const applies = this.era === 'modern' && this.transport.rememberTools !== undefined;
    return applies ? validHeaderTools(tools, this.options.logger ?? consoleLogger) : tools;
  }

  async listResources(options?: ClientRequestOptions): Promise<ResourceDefinition[]> {
    return listAll(this, 'resources/list', 'resources', options);
  }

  async listResourceTemplates(options?: ClientRequestOptions): Promise<ResourceTemplateDefinition[]> {
    return listAll(this, 'resources/templates/list', 'resourceTemplates', options);
  }

  async listPrompts(options?: ClientRequestOptions): Promise<PromptDefinition[]> {
    return listAll(this, 'prompts/list', 'prompts', options);
  }

  /**
   * Calls a tool; a tool's own failure is a result with `isError`, a protocol failure rejects with an McpError.
   * With `{ task: true }` (or `{ task: { ttlMs, onStatus } }`) the call is made as a task: created on the server,
   * followed to its end (its questions answered by the handlers), and the final result returned; aborting `signal`
   * cancels the task. A server that does not make a task answers plainly, which is returned as is.
   * @example
   * const report = await client.callTool('research', { topic: 'tides' }, { task: { onStatus: (t) => log(t.status) } });
   */
  async callTool(name: string, args: JsonObject = {}, options: CallToolOptions = {}): Promise<CallToolResult> {
    const params = { name, arguments: args };
    const { task, ...rest } = options;
    const call = () =>
      task === undefined || task === false
        ? this.request('tools/call', params, rest)
        : this.tasks.callTool(params, rest, task === true ? {} : task);
    try {
      return (await call()) as unknown as CallToolResult;
    } catch (error) {
      // Modern HTTP mirrors some arguments into headers, which needs the tool's schema: list once and retry.
      if (!(error instanceof McpError) || error.code !== ErrorCode.HeaderMismatch || !this.transport.rememberTools) {
        throw error;
      }
      await this.listTools();
      return (await call()) as unknown as CallToolResult;
    }
  }

  /** `tasks/get`: the task's status (2026-07-28: with its result, error or input requests inlined). */
  getTask(taskId: string, options?: ClientRequestOptions): Promise<ClientTask> {
    return this.tasks.get(taskId, options);
  }

  /**
   * The final result of a task: `tasks/result` (2025-11-25; blocks until the end, answering the task's questions);
   * in 2026-07-28, tasks/get followed until the end (input requests answered with tasks/update).
   */
  getTaskResult(taskId: string, options?: ClientRequestOptions): Promise<JsonObject> {
    return this.tasks.result(taskId, options);
  }

  /** One page of `tasks/list` (2025-11-25; the 2026-07-28 extension has no list). */
  listTasks(cursor?: string, options?: ClientRequestOptions): Promise<TaskListPage> {
    return this.tasks.list(cursor, options);
  }

  /** `tasks/cancel`. */
  cancelTask(taskId: string, options?: ClientRequestOptions): Promise<void> {
    return this.tasks.cancel(taskId, options);
  }

  /** `tasks/update` (2026-07-28): answers to a task's `inputRequests`, by key. */
  updateTask(taskId: string, inputResponses: JsonObject, options?: ClientRequestOptions): Promise<void> {
    return this.tasks.update(taskId, inputResponses, options);
  }

  async readResource(uri: string, options?: ClientRequestOptions): Promise<ReadResourceResult> {
    return (await this.request('resources/read', { uri }, options)) as unknown as ReadResourceResult;
  }

  async getPrompt(
    name: string,
    args: Record<string, string> = {},
    options?: ClientRequestOptions,
  ): Promise<GetPromptResult> {
    return (await this.request('prompts/get', { name, arguments: args }, options)) as unknown as GetPromptResult;
  }

  /** `completion/complete` for a prompt argument (`{ type: 'ref/prompt', name }`) or a template variable. */
  async complete(
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
    options?: ClientRequestOptions,
  ): Promise<CompleteResult> {
    const params: JsonObject = { ref, argument };
    if (context !== undefined) params.context = context;
    return (await this.request('completion/complete', params, options)) as unknown as CompleteResult;
  }

  /** A round trip: `ping` (legacy) or `server/discover` (modern, which has no ping). */
  async ping(options?: ClientRequestOptions): Promise<void> {
    await this.request(this.era === 'modern' ? 'server/discover' : 'ping', {}, options);
  }

  /** The minimum level of the server's log messages (legacy `logging/setLevel`; modern: per-request envelope). */
  setLogLevel(level: LoggingLevel): Promise<void> {
    return this.connection.setLogLevel(level);
  }

  /** Receives `resourceUpdated` for `uri` (legacy `resources/subscribe`; modern: the listen stream's filter). */
  async subscribeResource(uri: string): Promise<void> {
    if (this.subscribed.has(uri)) return;
    this.subscribed.add(uri);
    if (this.era === 'legacy') await this.request('resources/subscribe', { uri });
    else await this.listen();
  }

  async unsubscribeResource(uri: string): Promise<void> {
    if (!this.subscribed.delete(uri)) return;
    if (this.era === 'legacy') await this.request('resources/unsubscribe', { uri });
    else await this.listen();
  }

  /** Legacy: tells the server the roots changed (it asks `roots/list` again). */
  async notifyRootsChanged(): Promise<void> {
    if (this.era === 'legacy') await this.connection.peer.notify('notifications/roots/list_changed');
  }

  /** Ends the connection (HTTP: the session is deleted; stdio: the process ends). */
  async close(): Promise<void> {
    if (this.closedWith !== undefined) return;
    this.stream.stop(new Error('The client closed'));
    await this.connection.close();
  }

  /** Modern: the listen stream's filter — the lists the server announces as changing, and the subscribed URIs. */
  private listen(): Promise<void> {
    const caps = this.serverCapabilities;
    const filter: SubscriptionFilter = {};
    if (caps.tools?.listChanged) filter.toolsListChanged = true;
    if (caps.prompts?.listChanged) filter.promptsListChanged = true;
    if (caps.resources?.listChanged) filter.resourcesListChanged = true;
    if (this.subscribed.size > 0) filter.resourceSubscriptions = [...this.subscribed];
    return this.stream.open(filter);
  }

  private notified(notification: JsonRpcNotification): void {
    dispatchNotification(notification, { events: this.events, stream: this.stream, tasks: this.tasks });
  }

  private ended(info: ClientClosed): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = info;
    this.stream.stop(new Error('The connection closed'));
    this.settleClosed(info);
    this.events.emit('close', info);
  }
}
