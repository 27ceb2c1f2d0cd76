// The one seam through which an extension (tasks, skills, …) plugs into a server: the methods it
// adds, what it adds to the capabilities, the wrappers it puts around base methods' calls, and
// what it follows on a `subscriptions/listen` stream. The router consumes these and knows no
// extension by name; an extension's code imports the engine, never the other way round.
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import type { Cancellation } from './cancellation.js';
import type { Catalog } from './catalog.js';
import type { RequestChannel } from './channel.js';
import type { RequestContext } from './context.js';
import type { MaybePromise } from './maybe-promise.js';
import type { JsonObject, ServerCapabilities } from './types.js';

/** What an extension reads of the server: its providers and the options that bound its answers. */
export interface ExtensionScope {
  readonly catalog: Catalog;
  readonly options: { readonly pageSize: number; readonly maxSubscriptions?: number };
}

/** Where an extension's method or wrapper is called from. */
export interface ExtensionOrigin {
  /** The server's providers and options. */
  readonly scope: ExtensionScope;
  /** The legacy connection the request came on (an object to key per-connection state by); undefined for a modern request. */
  readonly connection: object | undefined;
  readonly info: MessageInfo | undefined;
}

/** A method an extension adds (`tasks/get`, `skills/list`, …). */
export type ExtensionMethod = (
  params: JsonObject,
  ctx: RequestContext,
  origin: ExtensionOrigin,
) => MaybePromise<JsonObject>;

/** One call of a base method, as a wrapper around it sees it. */
export interface WrappedCall extends ExtensionOrigin {
  readonly request: JsonRpcRequest;
  readonly params: JsonObject;
  /** The context the router made: the one the call runs with when the wrapper does not build its own. */
  readonly ctx: RequestContext;
  readonly channel: RequestChannel;
  readonly cancellation: Cancellation;
  /** Runs the rest of the call (the next wrapper, then the method) with `ctx`. */
  next(ctx: RequestContext): MaybePromise<JsonObject>;
}

/** What an extension puts around the calls of one base method. */
export interface CallWrapper {
  /**
   * Whether this call needs the wrapper; synchronous and cheap (the router asks before it builds
   * anything): a call it does not apply to runs exactly as it would without the extension.
   */
  applies(params: JsonObject, ctx: RequestContext, scope: ExtensionScope): boolean;
  around(call: WrappedCall): MaybePromise<JsonObject>;
}

/** What an extension follows on one `subscriptions/listen` stream (2026-07-28). */
export interface ListenContribution {
  /** Merged into the acknowledged filter (`notifications/subscriptions/acknowledged`). */
  readonly honored: JsonObject;
  /** Sends the extension's notifications on the stream until `signal` aborts. */
  follow(send: (method: string, params: JsonObject) => void, signal: AbortSignal): void;
}

/**
 * An extension of a server (SEP-2133), mounted at its router (`ProtocolServerOptions.extensions`,
 * `ProtocolServer.mount`). Every member is optional: an extension contributes only what it has.
 * @example
 * const echo: ServerExtension = {
 *   id: 'example.com/echo',
 *   capabilities: () => ({ extensions: { 'example.com/echo': {} } }),
 *   method: (name) => (name === 'echo/say' ? (params) => ({ said: params.text ?? '' }) : undefined),
 * };
 * new ProtocolServer({ serverInfo, extensions: [echo] });
 */
export interface ServerExtension {
  /** Names the extension: mounting another with the same id replaces it. */
  readonly id: string;
  /**
   * What it adds to the capabilities of a revision: its `extensions` entries are merged in, any
   * other capability is added where the server does not declare it already. `identified`: the
   * caller is an authenticated principal.
   */
  capabilities?(version: string, identified: boolean): ServerCapabilities | undefined;
  /** Its method called `name` in `version`, or undefined (asked after the base method table). */
  method?(name: string, version: string): ExtensionMethod | undefined;
  /** Wrappers around base methods' calls, by method name (read when the extension is mounted). */
  readonly wrappers?: Readonly<Record<string, CallWrapper>>;
  /** What it follows on a listen stream whose filter asks for it; undefined when the filter does not. */
  listen?(filter: JsonObject, ctx: RequestContext, scope: ExtensionScope): Promise<ListenContribution | undefined>;
  /** Stops what it runs (the server is closing). */
  close?(): void;
}
