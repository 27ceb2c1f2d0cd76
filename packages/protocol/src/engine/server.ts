import type { Transport } from '../transports/transport.js';
import { Catalog, type ListKind } from './catalog.js';
import type { ConnectionAbilities } from './channel.js';
import type { ServerExtension } from './extension.js';
import { InstrumentedSession } from './instrumented-session.js';
import { legacyCodec } from './legacy-codec.js';
import { consoleLogger } from './logger.js';
import type { CacheableMethod, CacheHint } from './modern/cache-hints.js';
import { modernCodec } from './modern/modern-dispatch.js';
import type { RequestStateKeySource, RequestStateSigner } from './modern/request-state.js';
import type { ListenerRegistry } from './modern/subscriptions.js';
import type { ClusterMessage, NotificationBus } from './notification-bus.js';
import type { CompletionProvider, PromptsProvider, ResourcesProvider, ToolsProvider } from './providers.js';
import { RateLimitedWarning } from './rate-limited-warning.js';
import { Router } from './router.js';
import { type ProtocolServerOptions, type ResolvedServerOptions, resolveServerOptions } from './server-options.js';
import { ServerSession, type SessionObserver, type SessionOptions } from './session.js';
import { StatelessRequests } from './stateless-request.js';
import type { JsonObject, ServerCapabilities } from './types.js';

export type { ProtocolServerOptions } from './server-options.js';

/** How {@link ProtocolServer.connect} makes a session. */
export interface ConnectOptions {
  /** What the endpoint can honour (default: everything); capabilities and methods follow. */
  abilities?: ConnectionAbilities;
  /** Hears of the session's state changes, roots changes and end. */
  observer?: SessionObserver;
}

/**
 * The MCP engine's server: what is served (providers, given through the setters), what is
 * advertised (capabilities, derived from the providers and what each connection can honour), and
 * the connected sessions. Knows nothing of decorators, nor of HTTP.
 * @example
 * const server = new ProtocolServer({ serverInfo: { name: 'demo', version: '1.0.0' } });
 * server.setTools({ list: () => tools, call: ({ name }) => ({ content: [{ type: 'text', text: name }] }) });
 * await server.connect(new StdioTransport());
 */
export class ProtocolServer {
  readonly options: ResolvedServerOptions;
  private readonly catalog = new Catalog();
  private readonly router: Router;
  private readonly sessions = new Set<ServerSession>();
  /**
   * @internal the requests served without a connection (never among `sessions`; only those still running). The
   * HTTP endpoints hand a stateless request to `stateless.serve` themselves: the server has nothing to add on its
   * way to the era's codec.
   */
  readonly stateless: StatelessRequests;
  private bus?: NotificationBus;
  // Who else hears of every session (observeSessions): a composition learning of downstream clients' roots.
  private readonly watchers = new Set<SessionObserver>();
  // One observer for every session (no closure per connection): keeps `sessions` current, tells the watchers.
  private readonly registry: SessionObserver = {
    closed: (session) => {
      this.sessions.delete(session);
      for (const watcher of this.watchers) watcher.closed?.(session);
    },
    stateChanged: (session) => {
      for (const watcher of this.watchers) watcher.stateChanged?.(session);
    },
    rootsChanged: (session) => {
      for (const watcher of this.watchers) watcher.rootsChanged?.(session);
    },
  };

  constructor(options: ProtocolServerOptions) {
    this.options = resolveServerOptions(options);
    this.router = new Router(this.options, this.catalog, { legacy: legacyCodec, modern: modernCodec });
    this.stateless = new StatelessRequests(this.router);
  }

  /** The tools provider, if any (read-only: set it with {@link setTools}). */
  get tools(): ToolsProvider | undefined {
    return this.catalog.tools;
  }

  /** The resources provider, if any (read-only: set it with {@link setResources}). */
  get resources(): ResourcesProvider | undefined {
    return this.catalog.resources;
  }

  /** The prompts provider, if any (read-only: set it with {@link setPrompts}). */
  get prompts(): PromptsProvider | undefined {
    return this.catalog.prompts;
  }

  /** The completion provider, if any (read-only: set it with {@link setCompletion}). */
  get completion(): CompletionProvider | undefined {
    return this.catalog.completion;
  }

  /** Open `subscriptions/listen` streams (modern era). */
  get listeners(): ListenerRegistry {
    return this.router.listeners;
  }

  /** Serves tools; pass undefined to stop. Connected clients are told the list changed. */
  setTools(provider: ToolsProvider | undefined, notify = true): void {
    this.catalog.setTools(provider);
    if (notify) this.notifyListChanged('tools');
  }

  /** Serves resources and templates. */
  setResources(provider: ResourcesProvider | undefined, notify = true): void {
    this.catalog.setResources(provider);
    if (notify) this.notifyListChanged('resources');
  }

  /** Serves prompts. */
  setPrompts(provider: PromptsProvider | undefined, notify = true): void {
    this.catalog.setPrompts(provider);
    if (notify) this.notifyListChanged('prompts');
  }

  /** Answers completion/complete. */
  setCompletion(provider: CompletionProvider | undefined): void {
    this.catalog.setCompletion(provider);
  }

  /**
   * Advertises an extension (SEP-2133) as `capabilities.extensions[id] = settings` in every
   * revision; `undefined` stops. Clients see it at their next initialize or server/discover.
   * @example
   * server.setExtension('io.modelcontextprotocol/ui', {});
   */
  setExtension(id: string, settings: JsonObject | undefined): void {
    this.catalog.setExtension(id, settings);
  }

  /**
   * Mounts an extension (its methods, capabilities and call wrappers), replacing one with the same id;
   * clients see it at their next initialize or server/discover. Extensions known from the start go in
   * the `extensions` option.
   * @example
   * server.mount(new SkillsExtension(provider));
   */
  mount(extension: ServerExtension): void {
    this.router.mount(extension);
  }

  /** Unmounts the extension `id` (nothing happens when none is mounted). */
  unmount(id: string): void {
    this.router.unmount(id);
  }

  /** True when a provider of that kind is registered. */
  hasProvider(kind: ListKind): boolean {
    return this.catalog.has(kind);
  }

  /**
   * The capabilities for a revision: exactly what is registered, in the terms that revision knows,
   * less what a connection with `abilities` cannot honour.
   */
  capabilities(version: string, abilities?: ConnectionAbilities): ServerCapabilities {
    return this.router.capabilities(version, abilities);
  }

  /** Serves one client over a transport; resolves once the transport has started. */
  async connect(transport: Transport, options: ConnectOptions = {}): Promise<ServerSession> {
    const session = this.open(transport, options);
    await session.peer.start();
    return session;
  }

  /**
   * @internal a session whose transport needs no start: connected at once, with no promise to wait
   * for. `connect` is the general way. (A stateless HTTP request gets no session: the endpoints hand it to `stateless`.)
   */
  open(transport: Transport, options: ConnectOptions = {}): ServerSession {
    const sessionOptions: SessionOptions = {
      abilities: options.abilities,
      observers: [this.registry, options.observer],
    };
    const { instrumentation } = this.options;
    const session = instrumentation
      ? new InstrumentedSession(this.router, transport, sessionOptions, instrumentation)
      : new ServerSession(this.router, transport, sessionOptions);
    this.sessions.add(session);
    return session;
  }

  /**
   * Hears of every session's events from now on (initialized and other state changes, roots changes, end);
   * returns the function that stops.
   */
  observeSessions(observer: SessionObserver): () => void {
    this.watchers.add(observer);
    return () => this.watchers.delete(observer);
  }

  /** The sessions currently connected. */
  get connectedSessions(): ReadonlySet<ServerSession> {
    return this.sessions;
  }

  /** Tells every initialized client, and every listen stream that asked, that a list changed. */
  notifyListChanged(kind: ListKind): void {
    this.announce({ type: 'listChanged', id: crypto.randomUUID(), kind });
  }

  /** Tells the clients subscribed to `uri` (legacy subscriptions and listen streams) that it changed. */
  notifyResourceUpdated(uri: string): void {
    this.announce({ type: 'resourceUpdated', id: crypto.randomUUID(), uri });
  }

  /**
   * Runs this server as one of several instances: list and resource announcements made here are
   * published to the others, and theirs reach this instance's clients and listen streams. Returns
   * the detach. (`@decorum/redis` provides a bus; the Streamable HTTP handler attaches it.)
   * @example
   * const detach = server.useNotificationBus(bus);
   */
  useNotificationBus(bus: NotificationBus): () => void {
    this.bus = bus;
    const unsubscribe = bus.subscribe((message) => this.deliver(message));
    return () => {
      unsubscribe();
      if (this.bus === bus) this.bus = undefined;
    };
  }

  /** Signs `requestState` with keys from a shared source from now on (every instance must use the same). */
  useRequestStateKeys(keys: RequestStateKeySource): void {
    this.router.useRequestStateKeys(keys);
  }

  private readonly warnings = new RateLimitedWarning(() => this.options.logger ?? consoleLogger);
  private readonly fanOutFailed = (error: unknown): void =>
    this.warnings.warn('fan-out', 'a list or resource notification could not be sent to a session', error);

  private announce(message: ClusterMessage): void {
    // Local clients first, so they are served even while the bus is down.
    this.deliver(message);
    this.bus?.publish(message).catch((error: unknown) => {
      const text = `notification bus: other instances missed a ${message.type}: ${(error as Error).message}`;
      (this.options.logger ?? consoleLogger).warn(text);
    });
  }

  private deliver(message: ClusterMessage): void {
    if (message.type === 'listChanged') {
      for (const session of this.sessions)
        void session.notifyListChanged(message.kind, message.id).catch(this.fanOutFailed);
      this.listeners.listChanged(message.kind);
    } else if (message.type === 'resourceUpdated') {
      for (const session of this.sessions)
        void session.notifyResourceUpdated(message.uri, message.id).catch(this.fanOutFailed);
      this.listeners.resourceUpdated(message.uri);
    }
  }

  /** Ends every listen stream (with its result) and closes every session. */
  async close(): Promise<void> {
    this.listeners.endAll();
    this.stateless.endAll();
    this.router.close();
    await Promise.all([...this.sessions].map((session) => session.close()));
  }

  /** The revisions this server speaks, newest first (server/discover, and -32022 errors). */
  supportedVersions(): string[] {
    return this.router.supportedVersions();
  }

  /** The cache hint of a cacheable modern result; lists for an authenticated caller are private. */
  cacheHint(method: CacheableMethod, authenticated: boolean): CacheHint {
    return this.router.cacheHint(method, authenticated);
  }

  /** @internal the signer of multi-round-trip request states (keys imported once). */
  requestStateSigner(): RequestStateSigner {
    return this.router.requestStateSigner();
  }
}
