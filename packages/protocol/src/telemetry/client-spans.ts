// The client's side of a trace: one CLIENT span per request the client sends ("tools/call get_weather"), with the
// span's context injected into the request's `_meta` (SEP-414), so the server's SERVER span — and through a hub,
// every hop after it — joins the caller's trace. Mounts and `decorum proxy` use the client, so they get it too.
import type { Attributes, Histogram, Meter, Span, Tracer } from '@opentelemetry/api';
import type { NetworkTransport } from '../engine/instrumentation.js';
import type { JsonObject } from '../engine/types.js';
import { McpError } from '../jsonrpc/errors.js';
import { boundedMethod, namesKnownTarget, targetOf } from './operation-names.js';
import { loadOtelApi, type OtelApi } from './otel-api.js';
import { type OtelTelemetryOptions, TELEMETRY_SCOPE, targetAttributes } from './otel-instrumentation.js';
import * as semconv from './semconv.js';
import { injectMeta } from './trace-context.js';

/** What the client knows of a request it is about to send. */
export interface ClientRequestFacts {
  method: string;
  params: JsonObject;
  protocolVersion: string | undefined;
  transport: NetworkTransport | undefined;
}

/** Wraps each request the client sends; `send` is called synchronously, with the params to send. */
export interface ClientTracer {
  request<T>(facts: ClientRequestFacts, send: (params: JsonObject) => Promise<T>): Promise<T>;
}

/**
 * Client telemetry: `false` off; `true` or options on (`@opentelemetry/api` must be installed); undefined (the
 * default) on when `@opentelemetry/api` can be loaded, reporting to the global providers — spans cost nothing until an
 * SDK registers them, and a trace that reaches the client is carried on.
 */
export type ClientTelemetry = boolean | OtelTelemetryOptions | undefined;

/**
 * The tracer for a client's `telemetry` option; undefined when off (or, by default, when the API is not installed).
 * @example
 * const tracer = await clientTracer(true);
 */
export async function clientTracer(option: ClientTelemetry): Promise<ClientTracer | undefined> {
  if (option === false) return undefined;
  let api: OtelApi;
  try {
    api = await loadOtelApi();
  } catch (error) {
    if (option === undefined) return undefined;
    throw error;
  }
  return otelClientTracer(api, typeof option === 'object' ? option : {});
}

/** Why a request failed, in few words: its JSON-RPC code, an UpstreamError's reason, or the error's name. */
function errorType(error: unknown): string {
  if (error instanceof McpError && (error as { reason?: unknown }).reason === undefined) return String(error.code);
  const reason = (error as { reason?: unknown } | undefined)?.reason;
  if (typeof reason === 'string') return reason;
  return (error as Error | undefined)?.name ?? semconv.ERROR_TYPE_VALUE_OTHER;
}

/**
 * CLIENT spans and the `mcp.client.operation.duration` histogram through `api`.
 * @example
 * const tracer = otelClientTracer(await loadOtelApi(), { tracerProvider });
 */
export function otelClientTracer(api: OtelApi, options: OtelTelemetryOptions = {}): ClientTracer {
  const tracer: Tracer | undefined =
    options.traces === false
      ? undefined
      : ((options.tracerProvider ?? api.trace.getTracerProvider()).getTracer(TELEMETRY_SCOPE) as Tracer);
  let duration: Histogram | undefined;
  const histogram = (): Histogram | undefined => {
    if (options.metrics === false) return undefined;
    duration ??= (
      (options.meterProvider ?? api.metrics.getMeterProvider()).getMeter(TELEMETRY_SCOPE) as Meter
    ).createHistogram(semconv.METRIC_MCP_CLIENT_OPERATION_DURATION, {
      unit: 's',
      description: 'MCP request duration as observed on the sender, from sending until the response arrives.',
      advice: { explicitBucketBoundaries: semconv.MCP_DURATION_BUCKETS },
    });
    return duration;
  };
  return {
    request(facts, send) {
      const method = boundedMethod(facts.method);
      const common: Attributes = { [semconv.ATTR_MCP_METHOD_NAME]: method };
      if (facts.protocolVersion !== undefined) common[semconv.ATTR_MCP_PROTOCOL_VERSION] = facts.protocolVersion;
      if (facts.transport !== undefined) common[semconv.ATTR_NETWORK_TRANSPORT] = facts.transport;
      if (facts.transport === 'tcp') common[semconv.ATTR_NETWORK_PROTOCOL_NAME] = 'http';
      const target = targetOf(facts.method, facts.params);
      const start = performance.now();
      const active = api.context.active();
      const span: Span | undefined = tracer?.startSpan(
        method,
        { kind: api.SpanKind.CLIENT, attributes: common },
        active,
      );
      const context = span === undefined ? active : api.trace.setSpan(active, span);
      const finish = (error?: unknown, toolError = false) => {
        const code = error instanceof McpError ? error.code : undefined;
        const named = namesKnownTarget(code) && method === facts.method ? targetAttributes(method, target) : {};
        const outcome: Attributes = { ...named };
        if (code !== undefined) outcome[semconv.ATTR_RPC_RESPONSE_STATUS_CODE] = String(code);
        if (error !== undefined) outcome[semconv.ATTR_ERROR_TYPE] = errorType(error);
        else if (toolError) outcome[semconv.ATTR_ERROR_TYPE] = semconv.ERROR_TYPE_VALUE_TOOL_ERROR;
        if (span !== undefined) {
          span.setAttributes(outcome);
          if (Object.keys(named).length > 0 && target !== undefined) span.updateName(`${method} ${target}`);
          if (error !== undefined) span.recordException(error as Error);
          if (error !== undefined || toolError)
            span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error | undefined)?.message });
          span.end();
        }
        histogram()?.record((performance.now() - start) / 1000, { ...common, ...outcome });
      };
      let answer: Promise<unknown>;
      try {
        // Sent inside the span's context: a server→client question answered meanwhile nests under it.
        const params = span === undefined ? facts.params : (injectMeta(api, facts.params, context) ?? facts.params);
        answer = api.context.with(context, () => send(params));
      } catch (error) {
        finish(error);
        throw error;
      }
      return answer.then(
        (result) => {
          finish(undefined, facts.method === 'tools/call' && (result as { isError?: unknown })?.isError === true);
          return result;
        },
        (error: unknown) => {
          finish(error);
          throw error;
        },
      ) as Promise<never>;
    },
  };
}
