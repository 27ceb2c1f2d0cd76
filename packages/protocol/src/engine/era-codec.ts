// One codec per era (DESIGN §4): what a revision adds around a method, behind one small interface. A request
// reaches the router through exactly one codec, picked by what it carries: the 2026-07-28 envelope (read once,
// where the request came in) picks the modern codec, anything else the legacy one. Whatever brought the request
// (a connection's peer, or a stateless HTTP POST with no connection at all) only supplies the call and its link;
// the pick itself is `Router.serve`, over the codecs the router is built with. This file holds what a codec is
// handed (the call and, for the legacy era, its link); the codec interface is the router's (router.ts), so the
// router can hold its codecs without importing them back.
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import type { Cancellation } from './cancellation.js';
import type { LegacyState, RequestChannel } from './channel.js';
import type { ModernRequest } from './modern/modern-request.js';
import type { SessionState } from './session-state.js';

/** One inbound request as a codec sees it. */
export interface InboundCall {
  readonly request: JsonRpcRequest;
  /** Aborted when the client cancels the request (or its connection, or the server, ends). */
  readonly cancellation: Cancellation;
  /** What the transport knows beyond the JSON (who is authenticated, the HTTP request). */
  readonly info: MessageInfo | undefined;
  /** The 2026-07-28 `_meta` envelope, read once where the request came in; undefined for a legacy request. */
  readonly envelope: ModernRequest | undefined;
}

/**
 * What the legacy codec needs of the link a request came on: its channel and the state methods may change, and
 * the handshake. A ServerSession (state kept for the connection's life) or a stateless request (one request only).
 */
export interface LegacyLink extends RequestChannel, LegacyState {
  /** True once initialize was answered (a stateless request starts so, unless it is the initialize). */
  readonly initialized: boolean;
  /** Takes what an initialize request declared; the link is initialized from then on. */
  handshake(state: Required<Pick<SessionState, 'protocolVersion' | 'clientCapabilities' | 'clientInfo'>>): void;
}
