// Where a request's parent span comes from: W3C trace context in `params._meta` (SEP-414, both eras)
// or in the HTTP request's headers, `_meta` winning — it names the MCP request itself, while the
// header names the HTTP request that carried it (possibly a batch, or a proxy's own span).
import type { Context, Link, TextMapGetter } from '@opentelemetry/api';
import type { JsonObject } from '../engine/types.js';
import type { MessageInfo } from '../transports/transport.js';
import type { OtelApi } from './otel-api.js';
import { TRACE_KEYS } from './semconv.js';

const metaGetter: TextMapGetter<JsonObject> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * One header of the HTTP request that carried a message. `info.header` reads it where it is cheap
 * (the Node path builds no `Headers` unless asked); `info.request` is the general way.
 */
export function readHeader(info: MessageInfo | undefined, name: string): string | undefined {
  if (info === undefined) return undefined;
  return (info.header ? info.header(name) : info.request?.headers.get(name)) ?? undefined;
}

/** The W3C trace headers of the HTTP request, as a carrier; undefined without a traceparent. */
function headerCarrier(info: MessageInfo | undefined): JsonObject | undefined {
  const traceparent = readHeader(info, 'traceparent');
  if (traceparent === undefined) return undefined;
  const carrier: JsonObject = { traceparent };
  for (const key of ['tracestate', 'baggage']) {
    const value = readHeader(info, key);
    if (value !== undefined) carrier[key] = value;
  }
  return carrier;
}

/**
 * The parent context of a request. Uses the globally registered propagator (the Node SDK registers
 * W3C trace context and baggage); when the registered one does not read `traceparent` (none was
 * registered), the W3C format SEP-414 mandates is read here, so `_meta` works without setup.
 */
export function extractParent(
  api: OtelApi,
  meta: JsonObject | undefined,
  info: MessageInfo | undefined,
): { parent: Context; links: Link[] } {
  const header = headerCarrier(info);
  const fromMeta = typeof meta?.traceparent === 'string';
  const carrier = fromMeta ? meta : header;
  if (carrier === undefined) return { parent: api.context.active(), links: [] };
  const parent = contextOf(api, carrier);
  // `_meta` won over the HTTP request's own context: that one is kept as a link, not lost.
  if (!fromMeta || header === undefined || header.traceparent === meta?.traceparent) return { parent, links: [] };
  const linked = api.trace.getSpanContext(contextOf(api, header));
  return { parent, links: linked !== undefined && api.isSpanContextValid(linked) ? [{ context: linked }] : [] };
}

function contextOf(api: OtelApi, carrier: JsonObject): Context {
  // A carrier with a traceparent replaces the ambient parent (say, an HTTP server span).
  const base = api.ROOT_CONTEXT;
  if (api.propagation.fields().includes('traceparent')) return api.propagation.extract(base, carrier, metaGetter);
  const get = (key: (typeof TRACE_KEYS)[number]) => metaGetter.get(carrier, key) as string | undefined;
  return w3cContext(api, base, get('traceparent') as string, get('tracestate'), get('baggage'));
}

function w3cContext(
  api: OtelApi,
  base: Context,
  traceparent: string,
  tracestate: string | undefined,
  baggage: string | undefined,
): Context {
  const match = TRACEPARENT.exec(traceparent.trim().toLowerCase());
  if (match === null || match[1] === 'ff') return base;
  const [, , traceId, spanId, flags] = match as unknown as [string, string, string, string, string];
  if (!api.isSpanContextValid({ traceId, spanId, traceFlags: 0 })) return base;
  let context = api.trace.setSpanContext(base, {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16) & 1,
    isRemote: true,
    ...(tracestate !== undefined && { traceState: api.createTraceState(tracestate) }),
  });
  const entries = baggage === undefined ? [] : parseBaggage(baggage);
  if (entries.length > 0) {
    context = api.propagation.setBaggage(context, api.propagation.createBaggage(Object.fromEntries(entries)));
  }
  return context;
}

function parseBaggage(header: string): [string, { value: string }][] {
  const entries: [string, { value: string }][] = [];
  for (const member of header.split(',')) {
    const [pair] = member.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair === undefined || at <= 0) continue;
    try {
      entries.push([
        decodeURIComponent(pair.slice(0, at).trim()),
        { value: decodeURIComponent(pair.slice(at + 1).trim()) },
      ]);
    } catch {
      // A malformed percent-escape drops that member only, as W3C Baggage asks.
    }
  }
  return entries;
}

/** Adds the active trace context to an outgoing request's `_meta` (server→client requests). */
export function injectMeta(api: OtelApi, params: JsonObject | undefined, context: Context): JsonObject | undefined {
  const carrier: Record<string, string> = {};
  if (api.propagation.fields().includes('traceparent')) {
    api.propagation.inject(context, carrier, { set: (c, key, value) => (c[key] = value) });
  } else {
    const span = api.trace.getSpanContext(context);
    if (span === undefined || !api.isSpanContextValid(span)) return params;
    carrier.traceparent = `00-${span.traceId}-${span.spanId}-0${span.traceFlags & 1}`;
    const state = span.traceState?.serialize();
    if (state) carrier.tracestate = state;
  }
  if (Object.keys(carrier).length === 0) return params;
  return { ...params, _meta: { ...(params?._meta as JsonObject | undefined), ...carrier } };
}
