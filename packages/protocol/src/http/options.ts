import type { Authenticate, HttpAuth } from '../auth/http-auth.js';
import type { ServerCardOptions } from '../server-card/server-card.js';
import { type EventStore, InMemoryEventStore } from './event-store.js';
import type { LegacySseOptions } from './legacy-sse.js';
import type { ScaleOut } from './scale-out.js';
import type { OriginPolicy } from './security.js';
import {
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_MAX_STREAM_BUFFER_BYTES,
  DEFAULT_STALLED_STREAM_MS,
  type SseBudget,
  sseBudget,
} from './sse-budget.js';

export type { Authenticate } from '../auth/http-auth.js';

/** Options of the Streamable HTTP endpoint. */
export interface StreamableHttpOptions {
  /**
   * Serve an MCP Server Card (experimental, SEP-2127) at `<path>/server-card` and an AI Catalog entry at
   * `/.well-known/ai-catalog.json`: public, CORS-open, cacheable (docs/server-card.md).
   */
  serverCard?: ServerCardOptions;
  /** The MCP endpoint path. Default `/mcp`. */
  path?: string;
  /**
   * No sessions: every POST stands alone (initialize is answered, but nothing is remembered).
   * Cannot do: GET streams, server→client requests (sampling, elicitation, roots), log level,
   * subscriptions, resumability. Default false.
   */
  stateless?: boolean;
  /** Serve GET streams for server-initiated messages (else GET → 405). Default true. */
  enableGetStream?: boolean;
  /** DNS-rebinding protection (Host/Origin allowlists). On by default, loopback only. */
  originPolicy?: OriginPolicy;
  /** The largest request body accepted, in bytes (413 past it). Default 4 MiB. */
  maxBodyBytes?: number;
  /** Sessions idle (no request, no open stream) this long are closed, in ms. Default 30 minutes. */
  sessionIdleTimeoutMs?: number;
  /** Most sessions at once (503 past it). Default 10 000. */
  maxSessions?: number;
  /**
   * Most open streams per session (503 past it): each request in flight holds one POST stream, plus
   * the GET stream, so this caps the concurrent requests of one client (`Promise.all` over many tool
   * calls). Default 1024.
   */
  maxStreamsPerSession?: number;
  /**
   * The most bytes one SSE stream may queue for a client that does not read. Past it, log and
   * progress notifications for that stream are dropped; a response or request that does not fit,
   * or a stream that stays full for `stalledStreamMs`, closes the stream. Default 8 MiB.
   */
  maxStreamBufferBytes?: number;
  /** The most bytes all SSE streams of this endpoint may queue together (same policy). Default 64 MiB. */
  maxBufferedBytes?: number;
  /** How long a stream may stay at its cap (dropping) before it is closed, in ms. Default 30 000. */
  stalledStreamMs?: number;
  /** Interval of SSE keep-alive comments, in ms (0 disables). Default 15 000. */
  keepAliveMs?: number;
  /** The SSE `retry` the client waits before reconnecting, in ms. Default 1 000. */
  retryMs?: number;
  /** Where SSE events are kept for resumption. Default: in memory, bounded; null disables resumption. */
  eventStore?: EventStore | null;
  /**
   * Runs this endpoint as one of several instances of the same server: shared sessions, events,
   * notifications and `requestState` keys (e.g. `redisScaleOut(url)` from `@decorum/redis`).
   * An explicit `eventStore` option takes precedence over its own.
   */
  scaleOut?: ScaleOut;
  /**
   * Also serve the 2024-11-05 HTTP+SSE transport (GET `/sse`, POST `/messages`), behind the same
   * origin policy and authentication. Off by default.
   */
  legacySse?: boolean | LegacySseOptions;
  /** Checks credentials on every request (a function of your own; see `auth` for OAuth). */
  authenticate?: Authenticate;
  /**
   * An authentication scheme with discovery and step-up, e.g. a `ResourceServer` (OAuth 2.1):
   * serves its metadata, checks every request (instead of `authenticate`), and answers a request
   * refused for insufficient scope with 403 and its challenge.
   */
  auth?: HttpAuth;
  /** At shutdown, how long in-flight requests may take before their streams are closed, in ms. Default 10 000. */
  shutdownTimeoutMs?: number;
}

export type ResolvedHttpOptions = Required<
  Omit<
    StreamableHttpOptions,
    'authenticate' | 'auth' | 'originPolicy' | 'eventStore' | 'legacySse' | 'scaleOut' | 'serverCard'
  >
> &
  Pick<StreamableHttpOptions, 'authenticate' | 'auth' | 'originPolicy' | 'scaleOut'> & {
    eventStore: EventStore | null;
    /** The account of what this endpoint's SSE streams queue (one per endpoint). */
    budget: SseBudget;
  };

/** The options with their defaults filled in; the event store falls back to `scaleOut`'s. */
export function resolveHttpOptions(options: StreamableHttpOptions): ResolvedHttpOptions {
  return {
    path: '/mcp',
    stateless: false,
    enableGetStream: true,
    maxBodyBytes: 4 * 1024 * 1024,
    sessionIdleTimeoutMs: 30 * 60_000,
    maxSessions: 10_000,
    maxStreamsPerSession: 1024,
    keepAliveMs: 15_000,
    retryMs: 1_000,
    shutdownTimeoutMs: 10_000,
    maxStreamBufferBytes: DEFAULT_MAX_STREAM_BUFFER_BYTES,
    maxBufferedBytes: DEFAULT_MAX_BUFFERED_BYTES,
    stalledStreamMs: DEFAULT_STALLED_STREAM_MS,
    ...options,
    budget: sseBudget(options),
    eventStore:
      options.eventStore === undefined
        ? (options.scaleOut?.eventStore ?? new InMemoryEventStore())
        : options.eventStore,
  };
}
