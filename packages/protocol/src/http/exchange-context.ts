// What an exchange takes from its endpoint and session (made once per session, or per endpoint).
import type { JsonRpcMessage } from '../jsonrpc/types.js';
import type { EventStore } from './event-store.js';
import type { SseBudget } from './sse-budget.js';
import type { StoreIncidents } from './store-incidents.js';
import type { StreamRelay } from './stream-relay.js';

/** Settings an exchange takes from its endpoint and session (made by {@link exchangeContext} only). */
export interface ExchangeContext {
  readonly sessionId: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The same with the JSON content type: the headers of every plain answer, made once (frozen, so shared safely). */
  readonly jsonHeaders: Readonly<Record<string, string>>;
  /** Null when streams are not resumable (stateless mode, or no event store). */
  readonly eventStore: EventStore | null;
  /** Send a priming event (id, empty data, retry) first: 2025-11-25 clients expect it. */
  readonly priming: boolean;
  readonly retryMs: number;
  readonly keepAliveMs: number;
  /** What the exchange's SSE stream may queue (none: unbounded). */
  readonly budget?: SseBudget;
  /** The HTTP status of a JSON answer (modern errors map to 400/404). Default 200. */
  readonly statusOf?: (message: JsonRpcMessage | JsonRpcMessage[]) => number;
  /** Shared sessions: lets another instance follow this stream. */
  readonly relay?: StreamRelay;
  /** Where failures of the event store are reported, once per outage. */
  readonly incidents?: StoreIncidents;
}

/** The stream settings every exchange of an endpoint shares. */
type StreamSettings = Pick<ExchangeContext, 'retryMs' | 'keepAliveMs' | 'budget'>;

/** What a session's POST adds to its exchange's context. */
type SessionStreams = Pick<ExchangeContext, 'eventStore' | 'priming' | 'relay' | 'incidents'> & { id: string };

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });

/**
 * The one place an {@link ExchangeContext} is made: a session's POST names its session (and may
 * resume, with an event store), a stateless or modern POST names none.
 */
export function exchangeContext(
  settings: StreamSettings,
  session?: SessionStreams,
  extra?: Pick<ExchangeContext, 'statusOf'>,
): ExchangeContext {
  const headers = session ? Object.freeze({ 'Mcp-Session-Id': session.id }) : NO_HEADERS;
  return {
    sessionId: session?.id ?? '',
    headers,
    jsonHeaders: session ? Object.freeze({ ...JSON_HEADERS, ...headers }) : JSON_HEADERS,
    eventStore: session?.eventStore ?? null,
    priming: session?.priming ?? false,
    retryMs: settings.retryMs,
    keepAliveMs: settings.keepAliveMs,
    budget: settings.budget,
    statusOf: extra?.statusOf,
    relay: session?.relay,
    incidents: session?.incidents,
  };
}
