// One trace across every hop, with the real OpenTelemetry SDK: a host's span → Decorum's client (CLIENT span, its
// context in `_meta`) → a hub, an app that mounts another over Streamable HTTP (SERVER span, handler, the mount's
// own client: CLIENT span) → the upstream Decorum app (SERVER span). Each span's parent is the one before it.
import { http, McpApp, Tool } from '@decorum/core';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp } from '../../packages/protocol/src/client.js';
import { otelHarness, parentOf } from '../../packages/protocol/test/telemetry/otel-harness.js';

class Upstream {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello from upstream';
  }
}

const otel = otelHarness();
const { api } = otel;
let upstream: McpApp;
let hub: McpApp;
let hubUrl: URL;

beforeAll(async () => {
  // The hub's mount client reports to the global providers, as an app's own clients do.
  api.trace.setGlobalTracerProvider(otel.tracerProvider);
  const telemetry = { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider };
  upstream = new McpApp({ name: 'upstream', version: '1.0.0', providers: [Upstream], telemetry });
  const upstreamUrl = (await upstream.listen({ http: { port: 0 } })).url as URL;
  hub = new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [],
    mounts: [{ prefix: 'up', server: http(upstreamUrl) }],
    telemetry,
  });
  hubUrl = (await hub.listen({ http: { port: 0 } })).url as URL;
});
afterAll(async () => {
  await hub?.close();
  await upstream?.close();
  api.trace.disable();
  await otel.close();
});

const only = (spans: ReadableSpan[], name: string, kind: number): ReadableSpan => {
  const found = spans.filter((s) => s.name === name && s.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${name}, got ${spans.map((s) => `${s.name}/${s.kind}`)}`);
  return found[0] as ReadableSpan;
};

describe('a trace from a host through a hub to its upstream', () => {
  it('keeps one trace id, each hop the child of the one before', async () => {
    const client = await connectHttp(hubUrl, { telemetry: { tracerProvider: otel.tracerProvider } });
    otel.reset();
    const tracer = otel.tracerProvider.getTracer('host');
    const result = await tracer.startActiveSpan('host turn', async (span) => {
      try {
        return await client.callTool('up_hello');
      } finally {
        span.end();
      }
    });
    await client.close();
    expect(result.content).toEqual([{ type: 'text', text: 'hello from upstream' }]);
    const spans = otel.spans();
    const { SpanKind } = api;
    const host = only(spans, 'host turn', SpanKind.INTERNAL);
    const sent = only(spans, 'tools/call up_hello', SpanKind.CLIENT);
    const atHub = only(spans, 'tools/call up_hello', SpanKind.SERVER);
    const forwarded = only(spans, 'tools/call hello', SpanKind.CLIENT);
    const atUpstream = only(spans, 'tools/call hello', SpanKind.SERVER);
    const trace = host.spanContext().traceId;
    for (const span of [sent, atHub, forwarded, atUpstream]) expect(span.spanContext().traceId).toBe(trace);
    expect(parentOf(sent)).toBe(host.spanContext().spanId);
    expect(parentOf(atHub)).toBe(sent.spanContext().spanId);
    // Between the hub's SERVER span and the mount's CLIENT span: the hub's handler span.
    let hop: ReadableSpan | undefined = forwarded;
    while (hop !== undefined && hop !== atHub) {
      const parent = parentOf(hop);
      hop = spans.find((s) => s.spanContext().spanId === parent);
    }
    expect(hop).toBe(atHub);
    expect(parentOf(atUpstream)).toBe(forwarded.spanContext().spanId);
    expect(sent.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'up_hello',
      'network.transport': 'tcp',
    });
  });
});
