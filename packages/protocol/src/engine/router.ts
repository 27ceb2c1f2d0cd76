// The router: the method table plus what both era codecs read of the server (capabilities, cache
// hints, the request-state signer, listen streams). One per ProtocolServer, shared by its sessions;
// it calls down into the providers and never up into a session or a transport.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import { SUPPORTED_PROTOCOL_VERSIONS, versionAtLeast } from '../versions.js';
import type { Cancellation } from './cancellation.js';
import type { Catalog } from './catalog.js';
import { type ConnectionAbilities, FULL_ABILITIES, type LegacyState, type RequestChannel } from './channel.js';
import { createRequestContext, type RequestContext } from './context.js';
import type { InboundCall, LegacyLink } from './era-codec.js';
import type { ExtensionMethod, ListenContribution, ServerExtension } from './extension.js';
import { ExtensionSet } from './extension-set.js';
import type { MaybePromise } from './maybe-promise.js';
import { type CacheableMethod, type CacheHint, DEFAULT_CACHE_HINTS } from './modern/cache-hints.js';
import { isModernRequest, readEnvelope } from './modern/envelope.js';
import { type RequestStateKeySource, RequestStateSigner } from './modern/request-state.js';
import { ListenerRegistry } from './modern/subscriptions.js';
import type { RequestDispatcher } from './peer-types.js';
import { type MethodHandler, type MethodScope, methodHandlers } from './server-methods.js';
import type { ResolvedServerOptions } from './server-options.js';
import type { JsonObject, ServerCapabilities } from './types.js';

/** The connection a legacy request came on: its channel and the state methods may change. */
export type LegacyConnection = RequestChannel & LegacyState;

/**
 * One era's way of serving a request: decode what the era adds around the method (the session's handshake and
 * phase; the envelope, its headers and multi-round-trip answers), dispatch through the router's method table,
 * and encode the result in the era's terms (`resultType`, cache hints, `input_required`). A JSON-RPC error is
 * thrown (or rejected with) as an `McpError`; framing the response is the caller's (a peer, or a stateless
 * request's own stream).
 */
export interface EraCodec<Link> {
  serve(router: Router, call: InboundCall, link: Link): MaybePromise<JsonObject>;
}

/** The two era codecs a router serves through (engine/legacy-codec.ts and engine/modern/modern-dispatch.ts). */
export interface EraCodecs {
  readonly legacy: EraCodec<LegacyLink>;
  readonly modern: EraCodec<RequestChannel>;
}

/** Methods and what they share, for one server. */
export class Router implements MethodScope {
  /** Open `subscriptions/listen` streams (modern era). */
  readonly listeners = new ListenerRegistry();
  /** The extensions mounted here (tasks, skills, …): methods, capabilities and call wrappers. */
  private readonly extensions: ExtensionSet;
  private signer?: RequestStateSigner;

  constructor(
    readonly options: ResolvedServerOptions,
    readonly catalog: Catalog,
    private readonly codecs: EraCodecs,
  ) {
    this.extensions = new ExtensionSet(options.extensions);
  }

  /**
   * Serves a request through its era's codec: the modern one when it carries the envelope, whatever the link did
   * before (a legacy session may send one), else the legacy one.
   */
  serve(call: InboundCall, link: LegacyLink): MaybePromise<JsonObject> {
    return call.envelope === undefined
      ? this.codecs.legacy.serve(this, call, link)
      : this.codecs.modern.serve(this, call, link);
  }

  /**
   * What a connection's peer hands each inbound request to (made once per connection): the request, read for
   * the 2026-07-28 envelope, served through {@link serve}. Not async: the peer awaits the result inside its
   * try, so a throw here is answered the same way.
   */
  dispatcher(link: LegacyLink): RequestDispatcher {
    return (request, cancellation, info) => {
      // A request with the modern envelope is served statelessly, whatever this connection did before.
      const envelope = isModernRequest(request.params) ? readEnvelope(request.params ?? {}) : undefined;
      return this.serve({ request, cancellation, info, envelope }, link);
    };
  }

  /** Mounts an extension, replacing one with the same id; clients see it at their next initialize or discover. */
  mount(extension: ServerExtension): void {
    this.extensions.mount(extension);
  }

  /** Unmounts the extension `id`. */
  unmount(id: string): void {
    this.extensions.unmount(id);
  }

  /**
   * The capabilities for a revision: exactly what is registered, in the terms that revision knows,
   * less what the connection cannot honour. `identified`: the caller is an authenticated principal
   * (an anonymous one is not offered a list of tasks, which it could not be told apart in).
   */
  capabilities(
    version: string,
    abilities: ConnectionAbilities = FULL_ABILITIES,
    identified = false,
  ): ServerCapabilities {
    const { catalog, options } = this;
    const caps: ServerCapabilities = {};
    if (catalog.tools) caps.tools = { listChanged: true };
    if (catalog.resources) {
      caps.resources = {
        subscribe: catalog.resources.subscribe === true && abilities.subscriptions,
        listChanged: true,
      };
    }
    if (catalog.prompts) caps.prompts = { listChanged: true };
    if (catalog.completion && versionAtLeast(version, '2025-03-26')) caps.completions = {};
    if (options.logging && abilities.logging) caps.logging = {};
    if (options.experimental) caps.experimental = options.experimental;
    // Extensions are negotiated the same way in every revision (SEP-2133): legacy initialize and server/discover.
    if (catalog.extensions) caps.extensions = catalog.extensions;
    // What the mounted extensions add (SEP-2133: the same in every revision), e.g. tasks' `tasks` in 2025-11-25.
    this.extensions.addCapabilities(caps, version, identified);
    return caps;
  }

  /** A method of the table, when it exists on this server for this connection. */
  method(name: string, abilities: ConnectionAbilities): MethodHandler | undefined {
    // Own properties only: a client's method name is data, and `constructor` is on every object's prototype.
    const handler = Object.hasOwn(methodHandlers, name) ? methodHandlers[name] : undefined;
    return handler?.available(this, abilities) ? handler : undefined;
  }

  /** An extension's own method (`tasks/get`, `skills/list`, …), asked when the method table has none. */
  extensionMethod(name: string, version: string): ExtensionMethod | undefined {
    return this.extensions.method(name, version);
  }

  /**
   * Runs a method of the table, through the call wrappers extensions put around it when one applies
   * (a tools/call that may become a task); otherwise exactly as without extensions.
   */
  call(
    handler: MethodHandler,
    request: JsonRpcRequest,
    ctx: RequestContext,
    channel: RequestChannel,
    cancellation: Cancellation,
    info: MessageInfo | undefined,
    state: LegacyState | undefined,
  ): MaybePromise<JsonObject> {
    // A call no wrapper applies to is the method's alone: the extension set is not on its path.
    const first = this.extensions.applying(request, ctx, this);
    if (first === -1) return handler.handle(request.params ?? {}, ctx, this, state);
    return this.extensions.call(first, handler, request, ctx, this, channel, cancellation, info, state);
  }

  /** What the extensions follow on a `subscriptions/listen` stream with this filter. */
  listen(filter: JsonObject, ctx: RequestContext): Promise<ListenContribution[]> {
    return this.extensions.listen(filter, ctx, this);
  }

  /** Serves an initialized legacy connection's request (initialize and ping are the session's). */
  legacy(
    request: JsonRpcRequest,
    cancellation: Cancellation,
    info: MessageInfo | undefined,
    connection: LegacyConnection,
  ): MaybePromise<JsonObject> {
    const handler = this.method(request.method, connection.abilities);
    const ctx = createRequestContext(connection, request, cancellation, info);
    if (handler === undefined) {
      const method = this.extensions.method(request.method, connection.protocolVersion);
      if (method === undefined) throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
      return method(request.params ?? {}, ctx, { scope: this, connection, info });
    }
    return this.call(handler, request, ctx, connection, cancellation, info, connection);
  }

  /** Stops what the extensions run (the server is closing). */
  close(): void {
    this.extensions.close();
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

  /** The signer of multi-round-trip request states (keys imported once). */
  requestStateSigner(): RequestStateSigner {
    this.signer ??= new RequestStateSigner(this.options.modern?.requestState);
    return this.signer;
  }

  /** Signs `requestState` with keys from a shared source from now on. */
  useRequestStateKeys(keys: RequestStateKeySource): void {
    this.signer = new RequestStateSigner({ ...this.options.modern?.requestState, keys });
  }
}
