import { CapabilityNotSupportedError } from '../jsonrpc/errors.js';
import type { JsonRpcNotification, RequestId } from '../jsonrpc/types.js';
import type { Transport } from '../transports/transport.js';
import { isLegacyVersion, LATEST_PROTOCOL_VERSION, versionAtLeast } from '../versions.js';
import { type ConnectionAbilities, FULL_ABILITIES, type OutgoingOptions } from './channel.js';
import { requireCapability, requireElicitation, requireSampling } from './client-capability.js';
import type { LegacyLink } from './era-codec.js';
import { Peer, type PeerHandler, type RequestDispatcher } from './peer.js';
import type { Router } from './router.js';
import type { SessionState } from './session-state.js';
import { shapeOutgoingRequest } from './shaping.js';
import {
  type ClientCapabilities,
  type Implementation,
  type JsonObject,
  LOGGING_LEVELS,
  type LoggingLevel,
} from './types.js';

export type { SessionState } from './session-state.js';

type Phase = 'new' | 'initialized' | 'closed';

/**
 * Who hears of a session's events. Given when the session is made (`ProtocolServer.connect`);
 * a session may have several (the server's own registry, an HTTP session store, stdio's lifecycle).
 */
export interface SessionObserver {
  /** After initialize, logging/setLevel and (un)subscribe: when {@link ServerSession.snapshot} changes. */
  stateChanged?(session: ServerSession): void;
  /** The client said its roots changed. */
  rootsChanged?(session: ServerSession): void;
  /** The connection ended (once). */
  closed?(session: ServerSession): void;
}

/** How a session is made: what its endpoint can honour, and who observes it. */
export interface SessionOptions {
  /** Default: everything (a connection that keeps state between requests). */
  abilities?: ConnectionAbilities;
  observers?: readonly (SessionObserver | undefined)[];
}

/**
 * One client connection in the legacy era: the initialize handshake, the negotiated revision and
 * capabilities, the log level and resource subscriptions of this client, and the server→client
 * requests (refused locally when the client did not declare the capability). The peer below hands
 * every inbound request to the router's dispatcher for this session (its era's codec, `Router.serve`): the
 * session is the legacy codec's link, and the channel of either era's handlers.
 */
export class ServerSession implements PeerHandler, LegacyLink {
  readonly peer: Peer;
  /** The negotiated revision; the newest until initialize says otherwise. */
  protocolVersion: string = LATEST_PROTOCOL_VERSION;
  clientInfo?: Implementation;
  clientCapabilities: ClientCapabilities = {};
  /** Minimum level of log messages this client wants; undefined until logging/setLevel. */
  logLevel?: LoggingLevel;
  private subscribed?: Set<string>;
  /** What the endpoint that connected this session can honour (capabilities follow). */
  readonly abilities: ConnectionAbilities;
  /** @internal (PeerHandler) one inbound request, through its era's codec: the router's dispatcher for this session. */
  handleRequest: RequestDispatcher;
  private readonly observers: readonly (SessionObserver | undefined)[];
  private phase: Phase = 'new';
  private closedPromise?: Promise<void>;
  private markClosed?: () => void;

  constructor(
    private readonly router: Router,
    transport: Transport,
    options: SessionOptions = {},
  ) {
    const { requestTimeoutMs, logger, exposeErrors } = router.options;
    this.abilities = options.abilities ?? FULL_ABILITIES;
    this.observers = options.observers ?? [];
    this.handleRequest = router.dispatcher(this);
    this.peer = new Peer(transport, this, { requestTimeoutMs, logger, exposeErrors });
  }

  /** Resource URIs this client subscribed to (made on first use: most connections never subscribe). */
  get subscriptions(): Set<string> {
    this.subscribed ??= new Set();
    return this.subscribed;
  }

  /** Resolves once the connection has ended. */
  get closed(): Promise<void> {
    this.closedPromise ??=
      this.phase === 'closed'
        ? Promise.resolve()
        : new Promise((resolve) => {
            this.markClosed = resolve;
          });
    return this.closedPromise;
  }

  /** @internal (PeerHandler) */
  allowsBatch(): boolean {
    return this.phase === 'initialized' && this.protocolVersion === '2025-03-26';
  }

  /** @internal (PeerHandler) the connection ended. */
  handleClose(): void {
    this.phase = 'closed';
    for (const observer of this.observers) observer?.closed?.(this);
    this.markClosed?.();
  }

  /** @internal (LegacyState) tells the observers the state changed. */
  stateChanged(): void {
    for (const observer of this.observers) observer?.stateChanged?.(this);
  }

  /** True once `initialize` has been answered. */
  get initialized(): boolean {
    return this.phase === 'initialized';
  }

  /** @internal (LegacyLink) initialize was answered: the state it declared is this connection's. */
  handshake(state: Required<Pick<SessionState, 'protocolVersion' | 'clientCapabilities' | 'clientInfo'>>): void {
    this.protocolVersion = state.protocolVersion;
    this.clientCapabilities = state.clientCapabilities;
    this.clientInfo = state.clientInfo;
    this.phase = 'initialized';
    this.stateChanged();
  }

  /** The state to keep between requests (for a shared session store). */
  snapshot(): SessionState {
    const state: SessionState = {
      protocolVersion: this.protocolVersion,
      clientCapabilities: this.clientCapabilities,
      subscriptions: [...(this.subscribed ?? [])],
    };
    if (this.clientInfo) state.clientInfo = this.clientInfo;
    if (this.logLevel) state.logLevel = this.logLevel;
    return state;
  }

  /**
   * Puts the session straight into the initialized state: a session restored from a shared store on
   * another instance. (A stateless HTTP request has no session: see `StatelessRequest`.)
   */
  restore(state: SessionState): void {
    this.protocolVersion = isLegacyVersion(state.protocolVersion) ? state.protocolVersion : LATEST_PROTOCOL_VERSION;
    this.clientCapabilities = state.clientCapabilities;
    this.clientInfo = state.clientInfo;
    this.logLevel = state.logLevel;
    this.subscribed = state.subscriptions.length === 0 ? undefined : new Set(state.subscriptions);
    this.phase = 'initialized';
  }

  /** @internal (PeerHandler) an inbound notification. */
  handleNotification(notification: JsonRpcNotification): void {
    if (notification.method === 'notifications/roots/list_changed') {
      for (const observer of this.observers) observer?.rootsChanged?.(this);
    }
    // notifications/initialized needs no action: requests are served as soon as initialize is answered.
  }

  /** (RequestChannel) sends a notification, on the stream of `relatedRequestId` where there are streams. */
  notify(method: string, params?: JsonObject, relatedRequestId?: RequestId): Promise<void> {
    return this.peer.notify(method, params, relatedRequestId);
  }

  /** (RequestChannel) ends the connection carrying one request's stream, where it can be resumed. */
  closeRequestStream(requestId: RequestId): void {
    this.peer.closeRequestStream(requestId);
  }

  /** Sends a progress notification for a request's token. */
  sendProgress(
    token: string | number,
    progress: number,
    total?: number,
    message?: string,
    related?: RequestId,
  ): Promise<void> {
    const params: JsonObject = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined && versionAtLeast(this.protocolVersion, '2025-03-26')) params.message = message;
    return this.peer.notify('notifications/progress', params, related);
  }

  /** Sends notifications/message when logging is on and the level passes the client's threshold. */
  async sendLog(level: LoggingLevel, data: unknown, logger?: string, related?: RequestId): Promise<void> {
    if (!this.router.options.logging || !this.abilities.logging || this.phase !== 'initialized') return;
    if (this.logLevel !== undefined && LOGGING_LEVELS.indexOf(level) < LOGGING_LEVELS.indexOf(this.logLevel)) return;
    const params: JsonObject = { level, data };
    if (logger !== undefined) params.logger = logger;
    await this.peer.notify('notifications/message', params, related);
  }

  /**
   * Tells this client a subscribed resource changed (nothing is sent for other URIs). `announcement`
   * names the change, so a session held by several instances is told once.
   */
  async notifyResourceUpdated(uri: string, announcement?: string): Promise<void> {
    if (this.subscribed?.has(uri))
      await this.peer.notify('notifications/resources/updated', { uri }, undefined, announcement);
  }

  /** Tells this client a list changed, when the server advertises that list. */
  async notifyListChanged(kind: 'tools' | 'resources' | 'prompts', announcement?: string): Promise<void> {
    if (this.phase === 'initialized' && this.router.catalog.has(kind)) {
      await this.peer.notify(`notifications/${kind}/list_changed`, undefined, undefined, announcement);
    }
  }

  /** Tells this client a URL-mode elicitation finished (2025-11-25). */
  async notifyElicitationComplete(elicitationId: string): Promise<void> {
    const url = this.clientCapabilities.elicitation?.url !== undefined;
    requireCapability(this.protocolVersion, 'elicitation', '2025-11-25', url, 'url');
    await this.peer.notify('notifications/elicitation/complete', { elicitationId });
  }

  /** sampling/createMessage. Tools in the request need 2025-11-25 and the client's `sampling.tools`. */
  async createMessage(params: JsonObject, options: OutgoingOptions = {}): Promise<JsonObject> {
    requireSampling(this.protocolVersion, this.clientCapabilities, params);
    return this.request('sampling/createMessage', params, options);
  }

  /** elicitation/create, form mode (default) or URL mode (2025-11-25). */
  async elicit(params: JsonObject, options: OutgoingOptions = {}): Promise<JsonObject> {
    requireElicitation(this.protocolVersion, this.clientCapabilities, params.mode === 'url' ? 'url' : 'form');
    return this.request('elicitation/create', params, options);
  }

  /** roots/list; `params` carries only `_meta` (trace context). */
  async listRoots(options: OutgoingOptions = {}, params?: JsonObject): Promise<JsonObject> {
    requireCapability(this.protocolVersion, 'roots', '2024-11-05', this.clientCapabilities.roots !== undefined);
    return this.request('roots/list', params, options);
  }

  /** Sends a ping and resolves when the client answers. */
  ping(options: OutgoingOptions = {}): Promise<JsonObject> {
    return this.peer.request('ping', undefined, options);
  }

  /** Ends the connection. */
  close(): Promise<void> {
    return this.peer.close();
  }

  private request(method: string, params: JsonObject | undefined, options: OutgoingOptions): Promise<JsonObject> {
    if (this.phase !== 'initialized') {
      return Promise.reject(new CapabilityNotSupportedError(method, 'the client has not initialized yet'));
    }
    const shaped = params === undefined ? undefined : shapeOutgoingRequest(method, params, this.protocolVersion);
    return this.peer.request(method, shaped, options);
  }
}
