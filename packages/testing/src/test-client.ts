import type { Class, McpApp } from '@decorum/core';
import {
  createLinkedTransports,
  type Implementation,
  type JsonObject,
  type LoggingLevel,
  type PromptDefinition,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type ServerCapabilities,
  type SubscriptionFilter,
  type ToolDefinition,
} from '@decorum/protocol';
import { SkillsClient } from '@decorum/protocol/client';
import { prepareApp } from './app-target.js';
import { ClientSession, type LogMessage, type ProgressUpdate, type RequestOptions } from './client-session.js';
import type { InputRequestRecord } from './input-answers.js';
import type { NotificationMatch, ReceivedNotification } from './notification-log.js';
import {
  type CompletionRef,
  type CompletionResult,
  completionRef,
  type PromptResult,
  type ResourceReadResult,
  type ToolCallResult,
  toPromptResult,
  toResourceReadResult,
  toToolCallResult,
} from './results.js';
import { type Era, type Root, resolveOptions, type TestClientOptions } from './test-client-options.js';
import { TestSubscription } from './test-subscription.js';
import { startToolTask, type TestTask } from './test-task.js';
import { renderToolsSnapshot } from './tools-snapshot.js';

/**
 * Connects an in-memory MCP client to a Decorum app, in either protocol era, and resolves once the
 * client is ready (after `initialize` in the legacy era, `server/discover` in the modern one).
 * Give an `McpApp`, or provider classes to build one from (closed with the client).
 * @example
 * const client = await createTestClient([WeatherServer], { era: 'modern', onElicit: () => ({ action: 'decline' }) });
 * expect((await client.callTool('weather_current', { location: 'Paris' })).text).toMatch(/Paris/);
 * await client.close();
 */
export async function createTestClient(
  target: McpApp | readonly Class[],
  options: TestClientOptions = {},
): Promise<TestClient> {
  const resolved = resolveOptions(options);
  const { app, owned } = prepareApp(target, options);
  const [clientSide, serverSide] = createLinkedTransports();
  await app.connect(serverSide);
  const session = new ClientSession(clientSide, resolved);
  try {
    await session.open();
  } catch (error) {
    await session.close();
    if (owned) await app.close();
    throw error;
  }
  return new TestClient(session, app, owned);
}

/**
 * An MCP client for tests, made by {@link createTestClient}. Every method speaks the client's era;
 * lists follow `nextCursor` to the end; JSON-RPC errors reject with an `McpError` (`code`, `message`,
 * `data`). Notifications, log messages, progress and the server's questions are captured in order.
 */
export class TestClient {
  private readonly subscriptions = new Set<TestSubscription>();
  private readonly byUri = new Map<string, TestSubscription[]>();
  private closing?: Promise<void>;

  /** @internal use {@link createTestClient}. */
  constructor(
    private readonly session: ClientSession,
    /** The app being served (built by the client when it was given provider classes). */
    readonly app: McpApp,
    private readonly ownsApp: boolean,
  ) {}

  /** The era this client speaks. */
  get era(): Era {
    return this.session.era;
  }

  /** The negotiated (legacy) or requested (modern) revision. */
  get protocolVersion(): string {
    return this.session.description.protocolVersion;
  }

  /** The server's name and version. */
  get serverInfo(): Implementation {
    return this.session.description.serverInfo;
  }

  /** What the server advertises. */
  get serverCapabilities(): ServerCapabilities {
    return this.session.description.capabilities;
  }

  /** The server's instructions, if any. */
  get instructions(): string | undefined {
    return this.session.description.instructions;
  }

  /** Every notification received (progress aside), in order. */
  get notifications(): readonly ReceivedNotification[] {
    return this.session.notifications.items;
  }

  /** Every log message received, in order. */
  get logs(): readonly LogMessage[] {
    return this.session.logs;
  }

  /** Every progress update received, in order (each request's own go to its `onProgress`). */
  get progress(): readonly ProgressUpdate[] {
    return this.session.progress;
  }

  /** Every elicitation, sampling and roots request the server made, in order, in either era. */
  get inputRequests(): readonly InputRequestRecord[] {
    return this.session.answerer.asked;
  }

  /** Forgets the captured notifications, logs, progress and input requests. */
  clearCaptured(): void {
    this.session.notifications.clear();
    this.session.logs.length = 0;
    this.session.progress.length = 0;
    this.session.answerer.asked.length = 0;
  }

  /**
   * The next notification of `method` no earlier wait took, whether it already arrived or is yet to;
   * rejects when the client closes. No timers: a notification that never comes fails the test at its timeout.
   * @example
   * app.notifyResourceUpdated('weather://stations');
   * expect((await client.waitForNotification('notifications/resources/updated')).params.uri).toBe('weather://stations');
   */
  waitForNotification(method: string, match?: NotificationMatch): Promise<ReceivedNotification> {
    return this.session.notifications.waitFor(method, match);
  }

  /** Sends any request in the era's terms (modern: envelope and input rounds) and resolves with its result. */
  request(method: string, params: JsonObject = {}, options?: RequestOptions): Promise<JsonObject> {
    return this.session.request(method, params, options);
  }

  /** All tools, every page. */
  listTools(): Promise<ToolDefinition[]> {
    return this.listAll<ToolDefinition>('tools/list', 'tools');
  }

  /** Calls a tool; elicitation, sampling and roots are answered with the handlers given at creation. */
  async callTool(name: string, args: JsonObject = {}, options?: RequestOptions): Promise<ToolCallResult> {
    return toToolCallResult(await this.session.request('tools/call', { name, arguments: args }, options));
  }

  /**
   * Calls a tool as an MCP task (the request opts into tasks; 2025-11-25: carries `task`) and returns
   * the task to poll, answer, cancel or drive to its result. Rejects when the server answers without one.
   * @example
   * const task = await client.callToolAsTask('deploy', { env: 'prod' });
   * expect((await task.result()).text).toMatch(/deployed/);
   */
  callToolAsTask(name: string, args: JsonObject = {}, options: { ttlMs?: number } = {}): Promise<TestTask> {
    return startToolTask(this.session, name, args, options);
  }

  /**
   * The Skills extension (SEP-2640) as a host uses it: list and get entries, load a skill (SKILL.md read
   * and checked against the entry's size, digest and frontmatter) and read its other files on demand.
   * @example
   * const [skill] = await client.skills.list();
   * const loaded = await client.skills.load(skill);
   */
  get skills(): SkillsClient {
    return new SkillsClient(this);
  }

  /** All resources, every page. */
  listResources(): Promise<ResourceDefinition[]> {
    return this.listAll<ResourceDefinition>('resources/list', 'resources');
  }

  /** All resource templates, every page. */
  listResourceTemplates(): Promise<ResourceTemplateDefinition[]> {
    return this.listAll<ResourceTemplateDefinition>('resources/templates/list', 'resourceTemplates');
  }

  /** Reads a resource. */
  async readResource(uri: string, options?: RequestOptions): Promise<ResourceReadResult> {
    return toResourceReadResult(await this.session.request('resources/read', { uri }, options));
  }

  /** All prompts, every page. */
  listPrompts(): Promise<PromptDefinition[]> {
    return this.listAll<PromptDefinition>('prompts/list', 'prompts');
  }

  /** Gets a prompt with its arguments. */
  async getPrompt(name: string, args?: Record<string, string>, options?: RequestOptions): Promise<PromptResult> {
    const params: JsonObject = args === undefined ? { name } : { name, arguments: args };
    return toPromptResult(await this.session.request('prompts/get', params, options));
  }

  /**
   * Completes an argument of a prompt or resource template; `context` holds the arguments already given.
   * @example await client.complete({ prompt: 'plan' }, { name: 'city', value: 'p' }); // { values: ['paris', …] }
   */
  async complete(
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<CompletionResult> {
    const params: JsonObject = { ref: completionRef(ref), argument };
    if (context !== undefined) params.context = { arguments: context };
    const result = await this.session.request('completion/complete', params);
    return result.completion as CompletionResult;
  }

  /**
   * Listens for list changes and resource updates. Modern: a `subscriptions/listen` stream; legacy:
   * `resources/subscribe` for each URI. Resolves once the server agreed (see `filter` for what it did).
   */
  async listen(wanted: SubscriptionFilter): Promise<TestSubscription> {
    const sub =
      this.era === 'modern'
        ? await TestSubscription.modern(this.session, wanted)
        : await TestSubscription.legacy(this.session, wanted);
    this.subscriptions.add(sub);
    return sub;
  }

  /** Subscribes to one resource's updates; rejects when the server does not offer subscriptions. */
  async subscribe(uri: string): Promise<TestSubscription> {
    const sub = await this.listen({ resourceSubscriptions: [uri] });
    if (!sub.filter.resourceSubscriptions?.includes(uri)) {
      await sub.close();
      throw new Error(`The server did not accept a subscription to ${uri} (does it advertise resources.subscribe?)`);
    }
    this.byUri.set(uri, [...(this.byUri.get(uri) ?? []), sub]);
    return sub;
  }

  /** Ends the subscriptions `subscribe(uri)` opened. */
  async unsubscribe(uri: string): Promise<void> {
    const subs = this.byUri.get(uri) ?? [];
    this.byUri.delete(uri);
    for (const sub of subs) await sub.close();
  }

  /**
   * Changes the roots the client answers with. Legacy: also sends `notifications/roots/list_changed`
   * when the client declared `roots.listChanged` (modern has no such notification).
   */
  async setRoots(roots: Root[]): Promise<void> {
    this.session.answerer.setRoots(roots);
    const caps = this.session.options.capabilities;
    if (this.era === 'legacy' && caps.roots?.listChanged) {
      await this.session.peer.notify('notifications/roots/list_changed');
    }
  }

  /** Changes the minimum log level (legacy `logging/setLevel`; modern: the level sent with each request). */
  setLogLevel(level: LoggingLevel): Promise<void> {
    return this.session.setLogLevel(level);
  }

  /**
   * The tools as a stable, pretty string (sorted by name and key) for snapshot tests that catch
   * schema drift.
   * @example expect(await client.toolsSnapshot()).toMatchSnapshot();
   */
  async toolsSnapshot(): Promise<string> {
    return renderToolsSnapshot(await this.listTools());
  }

  /** Ends subscriptions and the connection, and closes the app when the client built it. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const sub of this.subscriptions) sub.end();
      await this.session.close();
      if (this.ownsApp) await this.app.close();
    })();
    return this.closing;
  }

  private async listAll<T>(method: string, key: string): Promise<T[]> {
    const items: T[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await this.session.request(method, cursor === undefined ? {} : { cursor });
      items.push(...((page[key] ?? []) as T[]));
      cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
      // A server that hands out a cursor twice would keep a naive loop going for ever.
      if (cursor !== undefined && seen.has(cursor)) throw new Error(`${method} returned the cursor ${cursor} twice`);
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor !== undefined);
    return items;
  }
}
