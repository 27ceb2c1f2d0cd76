import type { Transport } from '../transports/transport.js';
import { SUPPORTED_PROTOCOL_VERSIONS, versionAtLeast } from '../versions.js';
import { consoleLogger, type EngineLogger } from './logger.js';
import { type CacheableMethod, type CacheHint, DEFAULT_CACHE_HINTS } from './modern/modern-dispatch.js';
import { type RequestStateKeySource, type RequestStateOptions, RequestStateSigner } from './modern/request-state.js';
import { ListenerRegistry } from './modern/subscriptions.js';
import type { ClusterMessage, NotificationBus } from './notification-bus.js';
import type { CompletionProvider, PromptsProvider, ResourcesProvider, ToolsProvider } from './providers.js';
import { ServerSession } from './session.js';
import { shapeListItem } from './shaping.js';
import type { Implementation, JsonObject, ServerCapabilities } from './types.js';

/** Options of a {@link ProtocolServer}. */
export interface ProtocolServerOptions {
  /** Name and version (and, where the revision has them, title, icons, websiteUrl) of this server. */
  serverInfo: Implementation;
  /** Told to clients at initialize: how to use this server. */
  instructions?: string;
  /** Advertise logging and send log messages. Default true. */
  logging?: boolean;
  /** Items per page on the list methods. Default 100. */
  pageSize?: number;
  /** Timeout of server→client requests, in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /** Send a failing handler's own message instead of "Internal error". Default false. */
  exposeErrors?: boolean;
  /** Where handler failures go. Default: stderr. */
  logger?: EngineLogger;
  /** Experimental capabilities to advertise as they are. */
  experimental?: Record<string, JsonObject>;
  /** The modern era (2026-07-28): cache hints per method and the signing of multi-round-trip state. */
  modern?: {
    /** Override the default cache hints (DEFAULT_CACHE_HINTS) per method. */
    cacheHints?: Partial<Record<CacheableMethod, CacheHint>>;
    /** Keys and lifetime of `requestState` (default: a random key per process, 10 minutes). */
    requestState?: RequestStateOptions;
  };
}

type ResolvedOptions = ProtocolServerOptions & { logging: boolean; pageSize: number };
type ListKey = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

/**
 * The MCP engine's server: what is served (providers), what is advertised (capabilities, derived
 * from the providers), and the connected sessions. Knows nothing of decorators.
 * @example
 * const server = new ProtocolServer({ serverInfo: { name: 'demo', version: '1.0.0' } });
 * server.setTools({ list: () => tools, call: ({ name }) => ({ content: [{ type: 'text', text: name }] }) });
 * await server.connect(new StdioTransport());
 */
export class ProtocolServer {
  readonly options: ResolvedOptions;
  tools?: ToolsProvider;
  resources?: ResourcesProvider;
  prompts?: PromptsProvider;
  completion?: CompletionProvider;
  private readonly sessions = new Set<ServerSession>();
  /** Open `subscriptions/listen` streams (modern era). */
  readonly listeners = new ListenerRegistry();
  private signer?: RequestStateSigner;
  private bus?: NotificationBus;
  // Version-shaped copies of provider lists, keyed by the provider's array instance: a provider that
  // returns the same array until its items change pays for shaping once per revision, not per call.
  private readonly shapedLists = new WeakMap<readonly JsonObject[], Map<string, JsonObject[]>>();

  constructor(options: ProtocolServerOptions) {
    this.options = { ...options, logging: options.logging ?? true, pageSize: options.pageSize ?? 100 };
    if (!Number.isInteger(this.options.pageSize) || this.options.pageSize < 1) {
      throw new RangeError(`pageSize must be a positive integer, got ${options.pageSize}`);
    }
  }

  /** Serves tools; pass undefined to stop. Connected clients are told the list changed. */
  setTools(provider: ToolsProvider | undefined, notify = true): void {
    this.tools = provider;
    if (notify) this.notifyListChanged('tools');
  }

  /** Serves resources and templates. */
  setResources(provider: ResourcesProvider | undefined, notify = true): void {
    this.resources = provider;
    if (notify) this.notifyListChanged('resources');
  }

  /** Serves prompts. */
  setPrompts(provider: PromptsProvider | undefined, notify = true): void {
    this.prompts = provider;
    if (notify) this.notifyListChanged('prompts');
  }

  /** Answers completion/complete. */
  setCompletion(provider: CompletionProvider | undefined): void {
    this.completion = provider;
  }

  /** True when a provider of that kind is registered. */
  hasProvider(kind: 'tools' | 'resources' | 'prompts'): boolean {
    return this[kind] !== undefined;
  }

  /** The capabilities for a revision: exactly what is registered, in the terms that revision knows. */
  capabilities(version: string): ServerCapabilities {
    const caps: ServerCapabilities = {};
    if (this.tools) caps.tools = { listChanged: true };
    if (this.resources) caps.resources = { subscribe: this.resources.subscribe === true, listChanged: true };
    if (this.prompts) caps.prompts = { listChanged: true };
    if (this.completion && versionAtLeast(version, '2025-03-26')) caps.completions = {};
    if (this.options.logging) caps.logging = {};
    if (this.options.experimental) caps.experimental = this.options.experimental;
    return caps;
  }

  /** Serves one client over a transport; resolves once the transport has started. */
  async connect(transport: Transport): Promise<ServerSession> {
    const session = new ServerSession(this, transport);
    this.sessions.add(session);
    await session.peer.start();
    return session;
  }

  /**
   * @internal a session on a transport that needs no start (one stateless HTTP request): attached
   * at once, with no promise to wait for. `connect` is the general way.
   */
  attachSession(transport: Transport): ServerSession {
    const session = new ServerSession(this, transport);
    this.sessions.add(session);
    session.peer.attach();
    return session;
  }

  /** The sessions currently connected. */
  get connectedSessions(): ReadonlySet<ServerSession> {
    return this.sessions;
  }

  /** @internal called by a session when its connection ends. */
  detach(session: ServerSession): void {
    this.sessions.delete(session);
  }

  /** Tells every initialized client, and every listen stream that asked, that a list changed. */
  notifyListChanged(kind: 'tools' | 'resources' | 'prompts'): void {
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
    this.signer = new RequestStateSigner({ ...this.options.modern?.requestState, keys });
  }

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
        void session.notifyListChanged(message.kind, message.id).catch(() => undefined);
      this.listeners.listChanged(message.kind);
    } else if (message.type === 'resourceUpdated') {
      for (const session of this.sessions)
        void session.notifyResourceUpdated(message.uri, message.id).catch(() => undefined);
      this.listeners.resourceUpdated(message.uri);
    }
  }

  /** Ends every listen stream (with its result) and closes every session. */
  async close(): Promise<void> {
    this.listeners.endAll();
    await Promise.all([...this.sessions].map((session) => session.close()));
  }

  /** The revisions this server speaks, newest first (server/discover, and -32022 errors). */
  supportedVersions(): string[] {
    return [...SUPPORTED_PROTOCOL_VERSIONS].reverse();
  }

  /** The cache hint of a cacheable modern result; lists for an authenticated caller are private. */
  cacheHint(method: CacheableMethod, authenticated: boolean): CacheHint {
    const hint = this.options.modern?.cacheHints?.[method] ?? DEFAULT_CACHE_HINTS[method];
    return authenticated && method !== 'server/discover' ? { ...hint, cacheScope: 'private' } : hint;
  }

  /** @internal the signer of multi-round-trip request states (keys imported once). */
  requestStateSigner(): RequestStateSigner {
    this.signer ??= new RequestStateSigner(this.options.modern?.requestState);
    return this.signer;
  }

  /** @internal a provider's list shaped for a revision, cached per list instance. */
  shapedList(key: ListKey, items: readonly JsonObject[], version: string): readonly JsonObject[] {
    let byVersion = this.shapedLists.get(items);
    if (byVersion === undefined) {
      byVersion = new Map();
      this.shapedLists.set(items, byVersion);
    }
    let shaped = byVersion.get(version);
    if (shaped === undefined) {
      shaped = items.map((item) => shapeListItem(key, item, version));
      byVersion.set(version, shaped);
    }
    return shaped;
  }
}
