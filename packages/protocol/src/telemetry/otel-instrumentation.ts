// Traces and metrics through `@opentelemetry/api`, named as the semantic conventions for MCP say:
// one SERVER span per inbound request ("tools/call get_weather"), an INTERNAL child for the user's
// handler, a CLIENT child per server→client request; the operation and session duration histograms.
import type { Attributes, Context, Meter, Span, Tracer } from '@opentelemetry/api';
import type { Instrumentation, RequestFacts, SessionFacts } from '../engine/instrumentation.js';
import type { JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { boundedMethod, namesKnownTarget, targetOf } from './operation-names.js';
import type { OtelApi } from './otel-api.js';
import { createInstruments, Gauge, type Instruments } from './otel-metrics.js';
import * as semconv from './semconv.js';
import { extractParent, injectMeta } from './trace-context.js';

/** What to record, and where to (default: the globally registered providers). */
export interface OtelTelemetryOptions {
  /** Default: the global one (`trace.getTracerProvider()`), as the Node SDK registers it. */
  tracerProvider?: { getTracer(name: string, version?: string): unknown };
  /** Default: the global one (`metrics.getMeterProvider()`), read at the first request. */
  meterProvider?: { getMeter(name: string, version?: string): unknown };
  /** Record spans. Default true. */
  traces?: boolean;
  /** Record metrics. Default true. */
  metrics?: boolean;
  /** Put the resource URI in resources/read span names (high cardinality, so off by default, as the conventions advise). */
  resourceUriInSpanName?: boolean;
}

/** The instrumentation scope spans and metrics are reported under. */
export const TELEMETRY_SCOPE = '@decorum/protocol';

// The caller sent something the server could not serve: answered with an error, but not a failure
// of the server (the conventions' list for mcp.server spans and metrics).
const CALLER_ERRORS = new Set<number>([
  ErrorCode.ParseError,
  ErrorCode.InvalidRequest,
  ErrorCode.MethodNotFound,
  ErrorCode.InvalidParams,
  ErrorCode.ResourceNotFound,
]);

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function uriOf(method: string, params: JsonObject): string | undefined {
  return method.startsWith('resources/') ? str(params.uri) : undefined;
}

/** The attributes both the span and the duration metric carry (nothing of high cardinality). */
function operationAttributes(method: string, facts: RequestFacts): Attributes {
  const attributes: Attributes = {
    [semconv.ATTR_MCP_METHOD_NAME]: boundedMethod(method),
    [semconv.ATTR_MCP_PROTOCOL_VERSION]: facts.protocolVersion,
  };
  if (facts.transport !== undefined) attributes[semconv.ATTR_NETWORK_TRANSPORT] = facts.transport;
  if (facts.transport === 'tcp') attributes[semconv.ATTR_NETWORK_PROTOCOL_NAME] = 'http';
  return attributes;
}

/** The tool or prompt attributes of a request whose target turned out to exist (see `namesKnownTarget`). */
export function targetAttributes(method: string, target: string | undefined): Attributes {
  if (method === 'tools/call' && target !== undefined) {
    return {
      [semconv.ATTR_GEN_AI_TOOL_NAME]: target,
      [semconv.ATTR_GEN_AI_OPERATION_NAME]: semconv.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
    };
  }
  if (method === 'prompts/get' && target !== undefined) return { [semconv.ATTR_GEN_AI_PROMPT_NAME]: target };
  return {};
}

function isToolError(result: unknown): boolean {
  return (result as { isError?: unknown } | undefined)?.isError === true;
}

/** The JSON-RPC code the peer will answer a thrown error with (it masks anything else as -32603). */
export function codeOf(error: unknown): number {
  return error instanceof McpError ? error.code : ErrorCode.InternalError;
}

/**
 * Makes the {@link Instrumentation} that reports to OpenTelemetry through `api` (see `loadTelemetry`,
 * which loads the API lazily). Child spans nest through the active context: register a context
 * manager (the Node SDK does) so that the handler's spans, and the user's own, find their parent.
 * @example
 * const api = await import('@opentelemetry/api');
 * new ProtocolServer({ serverInfo, instrumentation: otelInstrumentation(api) });
 */
export function otelInstrumentation(api: OtelApi, options: OtelTelemetryOptions = {}): Instrumentation {
  const tracer: Tracer | undefined =
    options.traces === false
      ? undefined
      : ((options.tracerProvider ?? api.trace.getTracerProvider()).getTracer(TELEMETRY_SCOPE) as Tracer);
  let instruments: Instruments | undefined;
  const inFlight = new Gauge();
  const openSessions = new Gauge();
  // Made at the first request, not here: the global meter provider is not a proxy, and an SDK
  // started after the app was built would otherwise never see a measurement.
  const metrics = (): Instruments | undefined => {
    if (options.metrics === false) return undefined;
    if (instruments === undefined) {
      const meter = (options.meterProvider ?? api.metrics.getMeterProvider()).getMeter(TELEMETRY_SCOPE) as Meter;
      instruments = createInstruments(meter, inFlight, openSessions);
    }
    return instruments;
  };
  const sessionStarts = new WeakMap<object, number>();

  /** The span name once the outcome is known: a target only when it is a real one (bounded cardinality). */
  const spanName = (method: string, target: string | undefined): string => {
    const known = boundedMethod(method);
    return target === undefined || known !== method ? known : `${method} ${target}`;
  };

  return {
    async request(facts, serve) {
      const { request } = facts;
      const method = request.method;
      const params = request.params ?? {};
      const common = operationAttributes(method, facts);
      const named = targetOf(method, params) ?? (options.resourceUriInSpanName ? uriOf(method, params) : undefined);
      const measure = metrics();
      const gaugeKey = boundedMethod(method);
      const gauge = measure === undefined ? undefined : { [semconv.ATTR_MCP_METHOD_NAME]: gaugeKey };
      if (gauge !== undefined) inFlight.add(gaugeKey, gauge, 1);
      const start = performance.now();
      let span: Span | undefined;
      let context: Context | undefined;
      if (tracer !== undefined) {
        const { parent, links } = extractParent(api, params._meta as JsonObject | undefined, facts.info);
        const attributes: Attributes = { ...common, [semconv.ATTR_JSONRPC_REQUEST_ID]: String(request.id) };
        if (facts.sessionId !== undefined) attributes[semconv.ATTR_MCP_SESSION_ID] = facts.sessionId;
        const uri = uriOf(method, params);
        if (uri !== undefined) attributes[semconv.ATTR_MCP_RESOURCE_URI] = uri;
        span = tracer.startSpan(spanName(method, undefined), { kind: api.SpanKind.SERVER, attributes, links }, parent);
        context = api.trace.setSpan(parent, span);
      }
      const outcome: Attributes = {};
      let code: number | undefined;
      try {
        const result = context === undefined ? await serve() : await api.context.with(context, serve);
        if (method === 'tools/call' && isToolError(result)) {
          outcome[semconv.ATTR_ERROR_TYPE] = semconv.ERROR_TYPE_VALUE_TOOL_ERROR;
          span?.setStatus({ code: api.SpanStatusCode.ERROR });
        }
        return result;
      } catch (error) {
        code = codeOf(error);
        outcome[semconv.ATTR_RPC_RESPONSE_STATUS_CODE] = String(code);
        // Every JSON-RPC error has its code as error.type; only the server's own failures make the span an error.
        outcome[semconv.ATTR_ERROR_TYPE] = String(code);
        if (!CALLER_ERRORS.has(code)) {
          span?.recordException(error as Error);
          span?.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error)?.message });
        }
        throw error;
      } finally {
        const target = namesKnownTarget(code) ? targetAttributes(method, targetOf(method, params)) : {};
        if (span !== undefined) {
          span.setAttributes({ ...target, ...outcome });
          if (namesKnownTarget(code) && named !== undefined) span.updateName(spanName(method, named));
          span.end();
        }
        if (measure !== undefined) {
          measure.operation.record((performance.now() - start) / 1000, { ...common, ...target, ...outcome });
          if (gauge !== undefined) inFlight.add(gaugeKey, gauge, -1);
        }
      }
    },

    async handler(facts, run) {
      if (tracer === undefined) return run();
      const attributes: Attributes = { [semconv.ATTR_MCP_METHOD_NAME]: facts.method };
      if (facts.target !== undefined) {
        if (facts.method === 'tools/call') attributes[semconv.ATTR_GEN_AI_TOOL_NAME] = facts.target;
        else if (facts.method === 'prompts/get') attributes[semconv.ATTR_GEN_AI_PROMPT_NAME] = facts.target;
        else if (facts.method === 'resources/read') attributes[semconv.ATTR_MCP_RESOURCE_URI] = facts.target;
      }
      const named = facts.method === 'resources/read' && !options.resourceUriInSpanName ? undefined : facts.target;
      // Named after its target only once it ran without an unknown-name error (bounded cardinality).
      const span = tracer.startSpan(`handler ${boundedMethod(facts.method)}`, {
        kind: api.SpanKind.INTERNAL,
        attributes: { [semconv.ATTR_MCP_METHOD_NAME]: boundedMethod(facts.method) },
      });
      let known = true;
      try {
        const result = await api.context.with(api.trace.setSpan(api.context.active(), span), run);
        if (facts.method === 'tools/call' && isToolError(result)) {
          span.setAttribute(semconv.ATTR_ERROR_TYPE, semconv.ERROR_TYPE_VALUE_TOOL_ERROR);
          span.setStatus({ code: api.SpanStatusCode.ERROR });
        }
        return result;
      } catch (error) {
        known = namesKnownTarget(codeOf(error));
        span.recordException(error as Error);
        span.setAttribute(semconv.ATTR_ERROR_TYPE, (error as Error)?.name ?? semconv.ERROR_TYPE_VALUE_OTHER);
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        if (known) {
          span.setAttributes(attributes);
          if (named !== undefined) span.updateName(`handler ${named}`);
        }
        span.end();
      }
    },

    async outgoing(facts, send) {
      const measure = metrics();
      const attributes: Attributes = {
        [semconv.ATTR_MCP_METHOD_NAME]: facts.method,
        [semconv.ATTR_MCP_PROTOCOL_VERSION]: facts.protocolVersion,
      };
      const start = performance.now();
      const active = api.context.active();
      const span = tracer?.startSpan(facts.method, { kind: api.SpanKind.CLIENT, attributes }, active);
      const context = span === undefined ? active : api.trace.setSpan(active, span);
      const outcome: Attributes = {};
      try {
        return await send(span === undefined ? facts.params : injectMeta(api, facts.params, context));
      } catch (error) {
        // On the sending side every JSON-RPC error counts; a timeout or a lost connection has no code.
        const code = error instanceof McpError ? String(error.code) : undefined;
        if (code !== undefined) outcome[semconv.ATTR_RPC_RESPONSE_STATUS_CODE] = code;
        outcome[semconv.ATTR_ERROR_TYPE] = code ?? (error as Error)?.name ?? semconv.ERROR_TYPE_VALUE_OTHER;
        span?.recordException(error as Error);
        span?.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        span?.setAttributes(outcome);
        span?.end();
        measure?.clientOperation.record((performance.now() - start) / 1000, { ...attributes, ...outcome });
      }
    },

    sessionOpened(facts) {
      const measure = metrics();
      if (measure === undefined) return;
      sessionStarts.set(facts.key, performance.now());
      const attributes = sessionAttributes(facts);
      openSessions.add(JSON.stringify(attributes), attributes, 1);
    },

    sessionClosed(facts) {
      const started = sessionStarts.get(facts.key);
      if (started === undefined || instruments === undefined) return;
      sessionStarts.delete(facts.key);
      const attributes = sessionAttributes(facts);
      instruments.session.record((performance.now() - started) / 1000, attributes);
      openSessions.add(JSON.stringify(attributes), attributes, -1);
    },
  };
}

function sessionAttributes(facts: SessionFacts): Attributes {
  const attributes: Attributes = { [semconv.ATTR_MCP_PROTOCOL_VERSION]: facts.protocolVersion };
  if (facts.transport !== undefined) attributes[semconv.ATTR_NETWORK_TRANSPORT] = facts.transport;
  if (facts.transport === 'tcp') attributes[semconv.ATTR_NETWORK_PROTOCOL_NAME] = 'http';
  return attributes;
}
