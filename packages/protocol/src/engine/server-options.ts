import type { ServerExtension } from './extension.js';
import type { Instrumentation } from './instrumentation.js';
import type { EngineLogger } from './logger.js';
import type { CacheableMethod, CacheHint } from './modern/cache-hints.js';
import type { RequestStateOptions } from './modern/request-state.js';
import type { Implementation, JsonObject } from './types.js';

/** Options of a {@link ProtocolServer}. */
export interface ProtocolServerOptions {
  /** Name and version (and, where the revision has them, title, icons, websiteUrl) of this server. */
  serverInfo: Implementation;
  /** Told to clients at initialize: how to use this server. */
  instructions?: string;
  /** Advertise logging and send log messages. Default true. */
  logging?: boolean;
  /** Items per page on the list methods. Default 100. */
  pageSize?: number;
  /** Timeout of server→client requests, in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /** Send a failing handler's own message instead of "Internal error". Default false. */
  exposeErrors?: boolean;
  /** Where handler failures go. Default: stderr. */
  logger?: EngineLogger;
  /** Most resource subscriptions one session (or one listen request) may hold. Default 1 000. */
  maxSubscriptions?: number;
  /** Most `subscriptions/listen` streams (2026-07-28) open at once. Default 10 000. */
  maxListenStreams?: number;
  /**
   * Observes every request, handler call, server→client request and session: tracing, metrics,
   * request logs (`createObservability`, `otelInstrumentation`, `requestLog`). Default: none, at no cost.
   */
  instrumentation?: Instrumentation;
  /** Experimental capabilities to advertise as they are. */
  experimental?: Record<string, JsonObject>;
  /**
   * Extensions to mount (SEP-2133; each is opt-in): methods, capabilities and call wrappers, e.g.
   * `new TasksExtension(options)` from `@decorum/protocol/tasks` for MCP tasks (the 2026-07-28 extension
   * io.modelcontextprotocol/tasks and the 2025-11-25 experimental utility). More can be mounted later
   * with `ProtocolServer.mount`.
   */
  extensions?: readonly ServerExtension[];
  /** The modern era (2026-07-28): cache hints per method and the signing of multi-round-trip state. */
  modern?: {
    /** Override the default cache hints (DEFAULT_CACHE_HINTS) per method. */
    cacheHints?: Partial<Record<CacheableMethod, CacheHint>>;
    /** Keys and lifetime of `requestState` (default: a random key per process, 10 minutes). */
    requestState?: RequestStateOptions;
  };
}

/** The options with their defaults applied. */
export type ResolvedServerOptions = ProtocolServerOptions & { logging: boolean; pageSize: number };

/** Applies the defaults; throws a RangeError on a bad page size. */
export function resolveServerOptions(options: ProtocolServerOptions): ResolvedServerOptions {
  const resolved = { ...options, logging: options.logging ?? true, pageSize: options.pageSize ?? 100 };
  if (!Number.isInteger(resolved.pageSize) || resolved.pageSize < 1) {
    throw new RangeError(`pageSize must be a positive integer, got ${options.pageSize}`);
  }
  return resolved;
}
