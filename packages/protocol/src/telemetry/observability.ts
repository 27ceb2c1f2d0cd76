// Turns the user's observability options into the engine's one Instrumentation. Tracing needs
// `@opentelemetry/api`, loaded here asynchronously the first time it is asked for; the engine gets an
// instrumentation at once (servers are made synchronously) that forwards to the real one once the
// API is in. Whoever serves awaits `ready()` first, so no request is served before that.
import type { Instrumentation } from '../engine/instrumentation.js';
import { composeInstrumentation } from './compose.js';
import { loadOtelApi } from './otel-api.js';
import { type OtelTelemetryOptions, otelInstrumentation } from './otel-instrumentation.js';
import { type RequestLogOptions, requestLog } from './request-log.js';

/** Observability options (as `McpApp` takes them). */
export interface ObservabilityOptions {
  /**
   * OpenTelemetry traces and metrics (docs/observability.md). `true` reports to the globally
   * registered providers; `@opentelemetry/api` must then be installed. Default off: not even loaded.
   */
  telemetry?: boolean | OtelTelemetryOptions;
  /** One log line per request on stderr: `true` or `'pretty'`, `'json'`, or options with a sink. Default off. */
  requestLog?: boolean | 'pretty' | 'json' | RequestLogOptions;
}

/** What {@link createObservability} gives the engine and whoever serves it. */
export interface Observability {
  /** For `ProtocolServerOptions.instrumentation`; undefined when everything is off. */
  readonly instrumentation: Instrumentation | undefined;
  /** Resolves once the telemetry API is loaded (at once when off); rejects when it cannot be. */
  ready(): Promise<void>;
}

function logOptions(option: ObservabilityOptions['requestLog']): RequestLogOptions | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === true || option === 'pretty') return { format: 'pretty' };
  if (option === 'json') return { format: 'json' };
  return option;
}

/**
 * Builds the instrumentation for `options`; nothing is loaded or wrapped when both are off.
 * @example
 * const observability = createObservability({ telemetry: true, requestLog: 'json' });
 * const server = new ProtocolServer({ serverInfo, instrumentation: observability.instrumentation });
 * await observability.ready();
 */
export function createObservability(options: ObservabilityOptions): Observability {
  const log = logOptions(options.requestLog);
  const telemetry = options.telemetry === true ? {} : options.telemetry || undefined;
  if (telemetry === undefined) {
    const instrumentation = log === undefined ? undefined : requestLog(log);
    return { instrumentation, ready: () => Promise.resolve() };
  }
  let current: Instrumentation | undefined;
  const loading = loadOtelApi().then((api) => {
    const traceIds = () => {
      const span = api.trace.getActiveSpan()?.spanContext();
      return span && api.isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : undefined;
    };
    const otel = otelInstrumentation(api, telemetry);
    current = log === undefined ? otel : composeInstrumentation(otel, requestLog({ ...log, traceIds }));
  });
  // Seen by whoever awaits ready(); not an unhandled rejection for a server nobody serves.
  loading.catch(() => undefined);
  const instrumentation: Instrumentation = {
    request: (facts, serve) => (current ? current.request(facts, serve) : Promise.resolve().then(serve)),
    handler: (facts, run) => (current?.handler ? current.handler(facts, run) : run()),
    outgoing: (facts, send) => (current?.outgoing ? current.outgoing(facts, send) : send(facts.params)),
    sessionOpened: (facts) => current?.sessionOpened?.(facts),
    sessionClosed: (facts) => current?.sessionClosed?.(facts),
  };
  return { instrumentation, ready: () => loading };
}
