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
import { createRequestContext } from './context.js';
import { type CacheableMethod, type CacheHint, DEFAULT_CACHE_HINTS } from './modern/cache-hints.js';
import { type RequestStateKeySource, RequestStateSigner } from './modern/request-state.js';
import { ListenerRegistry } from './modern/subscriptions.js';
import { type MethodHandler, type MethodScope, methodHandlers } from './server-methods.js';
import type { ResolvedServerOptions } from './server-options.js';
import type { JsonObject, ServerCapabilities } from './types.js';

/** The connection a legacy request came on: its channel and the state methods may change. */
export type LegacyConnection = RequestChannel & LegacyState;

/** Methods and what they share, for one server. */
export class Router implements MethodScope {
  /** Open `subscriptions/listen` streams (modern era). */
  readonly listeners = new ListenerRegistry();
  private signer?: RequestStateSigner;

  constructor(
    readonly options: ResolvedServerOptions,
    readonly catalog: Catalog,
  ) {}

  /**
   * The capabilities for a revision: exactly what is registered, in the terms that revision knows,
   * less what the connection cannot honour.
   */
  capabilities(version: string, abilities: ConnectionAbilities = FULL_ABILITIES): ServerCapabilities {
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
    return caps;
  }

  /** A method of the table, when it exists on this server for this connection. */
  method(name: string, abilities: ConnectionAbilities): MethodHandler | undefined {
    const handler = methodHandlers[name];
    return handler?.available(this, abilities) ? handler : undefined;
  }

  /** Serves an initialized legacy connection's request (initialize and ping are the session's). */
  legacy(
    request: JsonRpcRequest,
    cancellation: Cancellation,
    info: MessageInfo | undefined,
    connection: LegacyConnection,
  ): Promise<JsonObject> {
    const handler = this.method(request.method, connection.abilities);
    if (handler === undefined) throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    const ctx = createRequestContext(connection, request, cancellation, info);
    return handler.handle(request.params ?? {}, ctx, this, connection);
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
