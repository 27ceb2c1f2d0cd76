// One codec per era (DESIGN §4): what a revision adds around a method, behind one small interface. A request
// reaches the router through exactly one codec, picked by what it carries: the 2026-07-28 envelope (read once,
// where the request came in) picks the modern codec, anything else the legacy one. Whatever brought the request
// (a connection's peer, or a stateless HTTP POST with no connection at all) only supplies the call and its link;
// the pick itself is `serveCall` (codecs.ts).
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import type { Cancellation } from './cancellation.js';
import type { MaybePromise } from './maybe-promise.js';
import type { ModernRequest } from './modern/modern-request.js';
import type { Router } from './router.js';
import type { JsonObject } from './types.js';

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
 * One era's way of serving a request: decode what the era adds around the method (the session's handshake and
 * phase; the envelope, its headers and multi-round-trip answers), dispatch through the router's method table,
 * and encode the result in the era's terms (`resultType`, cache hints, `input_required`). A JSON-RPC error is
 * thrown (or rejected with) as an `McpError`; framing the response is the caller's (a peer, or a stateless
 * request's own stream).
 */
export interface EraCodec<Link> {
  serve(router: Router, call: InboundCall, link: Link): MaybePromise<JsonObject>;
}
