// A legacy-era POST on a stateless endpoint: a session that lives for this request only, on a
// transport made for exactly one POST. Stateless traffic builds one of these per request, so it
// carries none of what a long-lived HTTP session needs (stream maps, a standalone queue, event
// ids, an async start): only the route from the request's own messages to its exchange.
import type { ConnectionAbilities } from '../engine/channel.js';
import type { ServerSession } from '../engine/session.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo, SendOptions, Transport } from '../transports/transport.js';
import { Exchange, type ExchangeContext } from './exchange.js';
import type { HttpInput, HttpReply } from './http-input.js';
import type { PostEndpoint } from './post-endpoint.js';
import { badRequest } from './responses.js';

/** JSON-RPC batches exist in 2025-03-26 only (2024-11-05 had none on this transport, 2025-06-18 removed them). */
export const batchAllowed = (version: string | undefined): boolean => version === '2025-03-26';

/** The answer to a batch the negotiated (or, stateless, the declared) version does not allow. */
export const batchRefused = (): HttpReply =>
  badRequest(400, 'Invalid Request: batches are not supported in the negotiated protocol version');

/**
 * The exchange settings every stateless POST shares: nothing in them depends on the request (no
 * session id, no headers, no event store), so they are built once per endpoint.
 */
export function statelessExchangeContext(
  settings: { retryMs: number; keepAliveMs: number },
  statusOf: ExchangeContext['statusOf'],
): ExchangeContext {
  return Object.freeze({
    sessionId: '',
    headers: Object.freeze({}) as Record<string, string>,
    eventStore: null,
    priming: false,
    retryMs: settings.retryMs,
    keepAliveMs: settings.keepAliveMs,
    statusOf,
  });
}

const done: Promise<void> = Promise.resolve();

/** A stateless POST keeps nothing between requests: no subscriptions, no log level. */
export const STATELESS_ABILITIES: ConnectionAbilities = Object.freeze({ subscriptions: false, logging: false });

function relatedId(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): RequestId | undefined {
  if (options?.relatedRequestId !== undefined) return options.relatedRequestId;
  const first = Array.isArray(message) ? message[0] : message;
  if (first !== undefined && !('method' in first) && first.id !== null) return first.id;
  return undefined;
}

/**
 * The transport of one stateless POST. What belongs to the POST's requests goes to its exchange;
 * anything else is dropped, as a stateless endpoint has no GET stream it could wait for.
 */
export class StatelessTransport implements Transport {
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onclose?: () => void;
  private closed = false;

  constructor(
    private readonly requestIds: readonly RequestId[],
    private readonly exchange: Exchange | undefined,
  ) {}

  start(): Promise<void> {
    return done;
  }

  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    if (this.closed || this.exchange === undefined || this.exchange.done) return done;
    const related = relatedId(message, options);
    return related !== undefined && this.requestIds.includes(related) ? this.exchange.deliver(message) : done;
  }

  /** Streams of a stateless endpoint are not resumable: there is no connection to drop and resume. */
  closeRequestStream(): void {}

  /** Hands the POST's body to the engine. */
  receive(value: unknown, info: MessageInfo): void {
    this.onmessage?.(value, info);
  }

  close(): Promise<void> {
    this.shut();
    return done;
  }

  /** Ends the session at once (an unfinished exchange is answered 404, as a closed session's are). */
  shut(): void {
    if (this.closed) return;
    this.closed = true;
    this.exchange?.abort();
    this.onclose?.();
  }
}

/** Serves a stateless POST: restored as initialized under the request's version, unless it is initialize. */
export function serveStateless(
  endpoint: PostEndpoint,
  input: HttpInput,
  value: unknown,
  requestIds: RequestId[],
  initialize: boolean,
  info: MessageInfo,
): Promise<HttpReply> | HttpReply {
  const version = input.headers.get('mcp-protocol-version') ?? '2025-03-26';
  if (Array.isArray(value) && !batchAllowed(version)) return batchRefused();
  if (requestIds.length > 1 && new Set(requestIds).size !== requestIds.length) {
    return badRequest(400, 'Invalid Request: duplicate request ids');
  }
  const context = endpoint.statelessContext as ExchangeContext;
  const exchange = requestIds.length === 0 ? undefined : new Exchange('', requestIds, context);
  const transport = new StatelessTransport(requestIds, exchange);
  const session: ServerSession = endpoint.server.open(transport, { abilities: STATELESS_ABILITIES });
  void session.peer.start();
  if (!initialize) session.restore({ protocolVersion: version, clientCapabilities: {}, subscriptions: [] });
  if (exchange === undefined) {
    transport.receive(value, info);
    transport.shut();
    return { status: 202, headers: {}, body: null };
  }
  // The session ends with the exchange (last response delivered); a shutdown waits for that.
  exchange.ondone = () => transport.shut();
  endpoint.track(exchange.finished);
  transport.receive(value, info);
  return exchange.response;
}
