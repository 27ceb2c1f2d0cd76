// The seams between the engine's layers, as interfaces, so that each layer depends only on what is
// below it: a request context on its channel (not on the session class), the method table on the
// legacy state it may change, and both on what the endpoint declared it can honour.
import type { RequestId } from '../jsonrpc/types.js';
import type { RequestOptions } from './peer-types.js';
import type { ClientCapabilities, Implementation, JsonObject, LoggingLevel } from './types.js';

/** Options of a server→client request made on behalf of an inbound one. */
export type OutgoingOptions = Omit<RequestOptions, 'onprogress'> & { onprogress?: RequestOptions['onprogress'] };

/** What a {@link RequestContext} needs of the connection its request came on (a ServerSession implements it). */
export interface RequestChannel {
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo?: Implementation;
  /** Sends a notification, on the stream of `relatedRequestId` where the transport has streams. */
  notify(method: string, params?: JsonObject, relatedRequestId?: RequestId): Promise<void>;
  sendProgress(
    token: string | number,
    progress: number,
    total?: number,
    message?: string,
    related?: RequestId,
  ): Promise<void>;
  sendLog(level: LoggingLevel, data: unknown, logger?: string, related?: RequestId): Promise<void>;
  createMessage(params: JsonObject, options?: OutgoingOptions): Promise<JsonObject>;
  elicit(params: JsonObject, options?: OutgoingOptions): Promise<JsonObject>;
  listRoots(options?: OutgoingOptions, params?: JsonObject): Promise<JsonObject>;
  /** Ends the connection carrying a request's stream, when the transport can resume it. */
  closeRequestStream(requestId: RequestId): void;
}

/**
 * What a connection can honour beyond single requests, declared by the endpoint that connects it.
 * Capabilities follow from it: a connection that cannot keep subscriptions does not advertise
 * `resources.subscribe`, one that cannot keep a log level does not advertise `logging`, and the
 * matching methods are answered "method not found".
 */
export interface ConnectionAbilities {
  /** `resources/subscribe` (and updates sent later, outside any request). */
  readonly subscriptions: boolean;
  /** `logging/setLevel` (a level kept between requests) and log messages. */
  readonly logging: boolean;
}

/** A connection that keeps state between requests (stdio, an HTTP session, in-memory). */
export const FULL_ABILITIES: ConnectionAbilities = Object.freeze({ subscriptions: true, logging: true });

/** The legacy-era state of one connection that methods change (subscriptions, log level). */
export interface LegacyState {
  readonly subscriptions: Set<string>;
  logLevel?: LoggingLevel;
  readonly abilities: ConnectionAbilities;
  /** Tells whoever keeps the state (a shared session store) that it changed. */
  stateChanged(): void;
}
