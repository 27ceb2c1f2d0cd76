// The OpenTelemetry instrumentation on its own, driven through the engine's seam with the real SDK:
// names, attributes, parents, errors and metrics as the semantic conventions for MCP define them.
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RequestFacts } from '../../src/engine/instrumentation.js';
import { ErrorCode, McpError } from '../../src/jsonrpc/errors.js';
import { otelInstrumentation } from '../../src/telemetry/otel-instrumentation.js';
import { otelHarness, parentOf } from './otel-harness.js';

const otel = otelHarness();
const { api } = otel;
const instrumentation = otelInstrumentation(api, {
  tracerProvider: otel.tracerProvider,
  meterProvider: otel.meterProvider,
});
const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = '00f067aa0ba902b7';

function facts(method: string, params: Record<string, unknown>, extra: Partial<RequestFacts> = {}): RequestFacts {
  return {
    request: { jsonrpc: '2.0', id: 7, method, params },
    info: undefined,
    protocolVersion: '2025-11-25',
    sessionId: undefined,
    transport: 'pipe',
    ...extra,
  };
}

afterEach(() => otel.reset());
afterAll(() => otel.close());

describe('server spans', () => {
  it('names a tools/call span after the tool and gives it the conventional attributes', async () => {
    await instrumentation.request(
      facts('tools/call', { name: 'echo', arguments: {} }, { sessionId: 's-1' }),
      async () => ({
        content: [],
      }),
    );
    const [span] = otel.spans();
    expect(span?.name).toBe('tools/call echo');
    expect(span?.kind).toBe(api.SpanKind.SERVER);
    expect(span?.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': 's-1',
      'network.transport': 'pipe',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': '7',
    });
    expect(span?.status.code).toBe(api.SpanStatusCode.UNSET);
  });

  it('leaves the resource URI out of the span name but records it as mcp.resource.uri', async () => {
    await instrumentation.request(facts('resources/read', { uri: 'file:///a.txt' }), async () => ({ contents: [] }));
    const [span] = otel.spans();
    expect(span?.name).toBe('resources/read');
    expect(span?.attributes['mcp.resource.uri']).toBe('file:///a.txt');
  });

  it('continues the trace named by traceparent in _meta (no propagator registered: read as W3C)', async () => {
    const meta = { traceparent: `00-${TRACE}-${PARENT}-01`, baggage: 'tenant=acme' };
    let baggage: string | undefined;
    await instrumentation.request(facts('tools/call', { name: 'echo', _meta: meta }), async () => {
      baggage = api.propagation.getActiveBaggage()?.getEntry('tenant')?.value;
      return { content: [] };
    });
    const [span] = otel.spans();
    expect(span?.spanContext().traceId).toBe(TRACE);
    expect(parentOf(span!)).toBe(PARENT);
    expect(baggage).toBe('acme');
  });

  it('reads the HTTP traceparent header, and _meta wins over it (registered W3C propagator)', async () => {
    api.propagation.setGlobalPropagator(
      new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
    );
    try {
      const headerTrace = 'a'.repeat(32);
      const headers = new Headers({ traceparent: `00-${headerTrace}-${'b'.repeat(16)}-01` });
      const info = { request: { url: 'http://localhost/mcp', headers } };
      await instrumentation.request(facts('tools/list', {}, { info, transport: 'tcp' }), async () => ({ tools: [] }));
      const meta = { traceparent: `00-${TRACE}-${PARENT}-01` };
      await instrumentation.request(facts('tools/list', { _meta: meta }, { info, transport: 'tcp' }), async () => ({}));
      const [fromHeader, fromMeta] = otel.spans();
      expect(fromHeader?.spanContext().traceId).toBe(headerTrace);
      expect(fromHeader?.attributes['network.protocol.name']).toBe('http');
      expect(fromMeta?.spanContext().traceId).toBe(TRACE);
      expect(parentOf(fromMeta!)).toBe(PARENT);
    } finally {
      api.propagation.disable();
    }
  });

  it('records every JSON-RPC error as error.type; only a server error sets status ERROR', async () => {
    const boom = instrumentation.request(facts('tools/call', { name: 'boom' }), async () => {
      throw new Error('disk on fire');
    });
    await expect(boom).rejects.toThrow('disk on fire');
    const invalid = instrumentation.request(facts('tools/call', { name: 'nope' }), async () => {
      throw new McpError(ErrorCode.InvalidParams, 'Unknown tool');
    });
    await expect(invalid).rejects.toThrow('Unknown tool');
    const [failed, refused] = otel.spans();
    expect(failed?.attributes['error.type']).toBe('-32603');
    expect(failed?.attributes['rpc.response.status_code']).toBe('-32603');
    expect(failed?.status).toEqual({ code: api.SpanStatusCode.ERROR, message: 'disk on fire' });
    expect(failed?.events.map((e) => e.name)).toEqual(['exception']);
    expect(refused?.attributes['rpc.response.status_code']).toBe('-32602');
    expect(refused?.attributes['error.type']).toBe('-32602');
    expect(refused?.status.code).toBe(api.SpanStatusCode.UNSET);
    // An unknown name names nothing: no span name or attribute of its own.
    expect(refused?.name).toBe('tools/call');
    expect(refused?.attributes['gen_ai.tool.name']).toBeUndefined();
  });

  it('marks a tool result with isError as error.type tool_error', async () => {
    await instrumentation.request(facts('tools/call', { name: 'flaky' }), async () => ({ content: [], isError: true }));
    const [span] = otel.spans();
    expect(span?.attributes['error.type']).toBe('tool_error');
    expect(span?.status.code).toBe(api.SpanStatusCode.ERROR);
  });
});

describe('bounded cardinality', () => {
  it('made-up methods, tools and prompts make no new span names or metric series', async () => {
    const unknown = (code: number) => async () => {
      throw new McpError(code, 'unknown');
    };
    for (let i = 0; i < 20; i++) {
      await instrumentation.request(facts(`x/made-up-${i}`, {}), unknown(ErrorCode.MethodNotFound)).catch(() => {});
      await instrumentation
        .request(facts('tools/call', { name: `no-such-tool-${i}` }), unknown(ErrorCode.InvalidParams))
        .catch(() => {});
      await instrumentation
        .request(facts('prompts/get', { name: `no-such-prompt-${i}` }), unknown(ErrorCode.InvalidParams))
        .catch(() => {});
    }
    expect(new Set(otel.spans().map((s) => s.name))).toEqual(new Set(['_OTHER', 'tools/call', 'prompts/get']));
    const metric = await otel.metric('mcp.server.operation.duration');
    // The reader keeps earlier tests' series: these calls added exactly three, one per method.
    const mine = (metric?.dataPoints ?? []).filter((p) =>
      ['-32601', '-32602'].includes(String(p.attributes['error.type'])),
    );
    expect(mine.map((p) => p.attributes['mcp.method.name']).sort()).toEqual(['_OTHER', 'prompts/get', 'tools/call']);
    expect(mine.every((p) => p.attributes['gen_ai.tool.name'] === undefined)).toBe(true);
    const active = await otel.metric('mcp.server.active_requests');
    const methods = (active?.dataPoints ?? []).map((p) => String(p.attributes['mcp.method.name']));
    expect(methods.filter((m) => m.startsWith('x/'))).toEqual([]);
  });
});

describe('child spans', () => {
  it('nests the handler under the request and a server→client request under the handler, carrying its context', async () => {
    let sent: Record<string, unknown> | undefined;
    await instrumentation.request(facts('tools/call', { name: 'ask' }), () =>
      instrumentation.handler!({ method: 'tools/call', target: 'ask', requestId: 7 }, () =>
        instrumentation.outgoing!(
          { method: 'sampling/createMessage', params: { messages: [] }, protocolVersion: '2025-11-25' },
          async (params) => {
            sent = params;
            return { content: { type: 'text', text: 'hi' } };
          },
        ),
      ),
    );
    const byName = Object.fromEntries(otel.spans().map((s) => [s.name, s]));
    const server = byName['tools/call ask']!;
    const handler = byName['handler ask']!;
    const outgoing = byName['sampling/createMessage']!;
    expect(parentOf(handler)).toBe(server.spanContext().spanId);
    expect(parentOf(outgoing)).toBe(handler.spanContext().spanId);
    expect(outgoing.kind).toBe(api.SpanKind.CLIENT);
    expect(handler.kind).toBe(api.SpanKind.INTERNAL);
    const traceparent = ((sent?._meta ?? {}) as Record<string, string>).traceparent;
    expect(traceparent).toBe(`00-${server.spanContext().traceId}-${outgoing.spanContext().spanId}-01`);
    expect(sent?.messages).toEqual([]);
  });

  it('records a failing handler on its own span', async () => {
    const run = instrumentation.request(facts('prompts/get', { name: 'p' }), () =>
      instrumentation.handler!({ method: 'prompts/get', target: 'p', requestId: 7 }, async () => {
        throw new TypeError('bad template');
      }),
    );
    await expect(run).rejects.toThrow('bad template');
    const handler = otel.spans().find((s) => s.name === 'handler p');
    expect(handler?.attributes['error.type']).toBe('TypeError');
    expect(handler?.attributes['gen_ai.prompt.name']).toBe('p');
    expect(handler?.status.code).toBe(api.SpanStatusCode.ERROR);
  });
});

describe('metrics', () => {
  it('records mcp.server.operation.duration in seconds with the conventional attributes and buckets', async () => {
    await instrumentation.request(facts('tools/call', { name: 'metered' }), async () => ({ content: [] }));
    const metric = await otel.metric('mcp.server.operation.duration');
    expect(metric?.descriptor.unit).toBe('s');
    const point = (
      (metric?.dataPoints ?? []) as {
        attributes: Record<string, unknown>;
        value: { count: number; buckets: { boundaries: number[] } };
      }[]
    ).find((p) => p.attributes['gen_ai.tool.name'] === 'metered');
    expect(point?.value.count).toBe(1);
    expect(point?.value.buckets.boundaries).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
    expect(point?.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
      'gen_ai.tool.name': 'metered',
      'gen_ai.operation.name': 'execute_tool',
    });
  });

  it('counts requests in flight, and sessions open with their duration', async () => {
    let inFlight: number | undefined;
    await instrumentation.request(facts('ping', {}), async () => {
      const metric = await otel.metric('mcp.server.active_requests');
      inFlight = ((metric?.dataPoints ?? []) as { attributes: Record<string, unknown>; value: number }[]).find(
        (p) => p.attributes['mcp.method.name'] === 'ping',
      )?.value;
      return {};
    });
    expect(inFlight).toBe(1);
    const session = { key: {}, protocolVersion: '2025-06-18', transport: 'tcp' as const };
    instrumentation.sessionOpened!(session);
    const open = await otel.metric('mcp.server.active_sessions');
    expect(open?.dataPoints[0]?.value).toBe(1);
    instrumentation.sessionClosed!(session);
    const closed = await otel.metric('mcp.server.active_sessions');
    expect(closed?.dataPoints[0]?.value).toBe(0);
    const duration = await otel.metric('mcp.server.session.duration');
    expect(duration?.descriptor.unit).toBe('s');
    expect(duration?.dataPoints[0]?.attributes).toEqual({
      'mcp.protocol.version': '2025-06-18',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
    });
  });
});
