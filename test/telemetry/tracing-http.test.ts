// Traces and metrics of a Decorum app over Streamable HTTP, with the real OpenTelemetry SDK in this
// process, driven by the official clients: @modelcontextprotocol/sdk 1.32.2 (legacy era) and
// @modelcontextprotocol/client 2.4.0 pinned to 2026-07-28.
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { otelHarness, parentOf } from '../../packages/protocol/test/telemetry/otel-harness.js';
import { createTracedApp } from './fixtures/traced-app.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const traceparent = (trace = TRACE, parent = PARENT) => `00-${trace}-${parent}-01`;

const otel = otelHarness();
const { SpanKind, SpanStatusCode } = otel.api;
let app: McpApp;
let url: URL;

beforeAll(async () => {
  app = createTracedApp({ tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider });
  url = (await app.listen({ http: { port: 0 } })).url as URL;
});
afterAll(async () => {
  await app.close();
  await otel.close();
});

const named = (name: string): ReadableSpan[] => otel.spans().filter((s) => s.name === name);
const one = (name: string): ReadableSpan => {
  const [span, ...more] = named(name);
  if (span === undefined || more.length > 0) {
    throw new Error(
      `expected one "${name}" span, got ${otel
        .spans()
        .map((s) => s.name)
        .join(', ')}`,
    );
  }
  return span;
};

describe('legacy era (SDK 1.32.2) over Streamable HTTP', () => {
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  const samplingMeta: Record<string, unknown>[] = [];
  const rootsMeta: Record<string, unknown>[] = [];

  beforeAll(async () => {
    otel.reset();
    client = new Client({ name: 'trace-test', version: '1.0.0' }, { capabilities: { sampling: {}, roots: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      samplingMeta.push((request.params._meta ?? {}) as Record<string, unknown>);
      return { role: 'assistant', model: 'm', content: { type: 'text', text: 'hi' } };
    });
    client.setRequestHandler(ListRootsRequestSchema, async (request) => {
      rootsMeta.push((request.params?._meta ?? {}) as Record<string, unknown>);
      return { roots: [{ uri: 'file:///work' }] };
    });
    transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
  });
  afterAll(() => client.close());

  it('makes one SERVER span per request, named and attributed as the MCP conventions say, parented by _meta', async () => {
    const result = await client.callTool({
      name: 'echo',
      arguments: { text: 'hi' },
      _meta: { traceparent: traceparent() },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
    const server = one('tools/call echo');
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.spanContext().traceId).toBe(TRACE);
    expect(parentOf(server)).toBe(PARENT);
    expect(server.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': transport.sessionId,
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
    });
    expect(server.attributes['jsonrpc.request.id']).toMatch(/^\d+$/);
    expect(server.attributes['error.type']).toBeUndefined();
    const handler = one('handler echo');
    expect(handler.kind).toBe(SpanKind.INTERNAL);
    expect(parentOf(handler)).toBe(server.spanContext().spanId);
    // initialize had no trace context: a root span of its own, without a session id yet.
    const initialize = one('initialize');
    expect(parentOf(initialize)).toBeUndefined();
    expect(initialize.attributes['mcp.method.name']).toBe('initialize');
  });

  it('records a failing tool as error.type tool_error on the request and on the handler', async () => {
    const result = await client.callTool({ name: 'fail', arguments: {} });
    expect(result.isError).toBe(true);
    for (const span of [one('tools/call fail'), one('handler fail')]) {
      expect(span.attributes['error.type']).toBe('tool_error');
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
    }
  });

  it('records an unknown tool (-32602) by its code, not as a server error, and not under its name', async () => {
    otel.reset();
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow();
    const span = one('tools/call');
    expect(span.attributes['rpc.response.status_code']).toBe('-32602');
    expect(span.attributes['error.type']).toBe('-32602');
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes['gen_ai.tool.name']).toBeUndefined();
    expect(named('tools/call nope')).toEqual([]);
  });

  it('makes a CLIENT child span for sampling and carries its context to the client in _meta', async () => {
    await client.callTool({ name: 'ask', arguments: {}, _meta: { traceparent: traceparent() } });
    const handler = one('handler ask');
    const sampling = one('sampling/createMessage');
    expect(sampling.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(sampling)).toBe(handler.spanContext().spanId);
    expect(sampling.attributes).toMatchObject({ 'mcp.method.name': 'sampling/createMessage' });
    expect(samplingMeta.at(-1)?.traceparent).toBe(traceparent(TRACE, sampling.spanContext().spanId));
  });

  it('carries the trace context in the _meta of roots/list too (ctx.listRoots), as elicitation and sampling do', async () => {
    const result = await client.callTool({ name: 'roots', arguments: {}, _meta: { traceparent: traceparent() } });
    expect(result.content).toEqual([{ type: 'text', text: 'roots: 1' }]);
    const roots = one('roots/list');
    expect(roots.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(roots)).toBe(one('handler roots').spanContext().spanId);
    expect(rootsMeta.at(-1)?.traceparent).toBe(traceparent(TRACE, roots.spanContext().spanId));
  });

  it('takes the parent from the HTTP traceparent header, and _meta wins when both are there', async () => {
    const headerTrace = 'c'.repeat(32);
    const other = new Client({ name: 'header-test', version: '1.0.0' });
    const headers = { traceparent: traceparent(headerTrace, 'd'.repeat(16)) };
    const otherTransport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
    await other.connect(otherTransport);
    try {
      otel.reset();
      await other.listTools();
      await other.callTool({ name: 'echo', arguments: { text: 'x' }, _meta: { traceparent: traceparent() } });
      expect(one('tools/list').spanContext().traceId).toBe(headerTrace);
      expect(parentOf(one('tools/list'))).toBe('d'.repeat(16));
      expect(one('tools/call echo').spanContext().traceId).toBe(TRACE);
      // The HTTP request's own context is not lost: a link to it.
      expect(one('tools/call echo').links.map((l) => l.context.traceId)).toEqual([headerTrace]);
      expect(one('tools/list').links).toEqual([]);
    } finally {
      await otherTransport.terminateSession(); // DELETE: the session ends
      await other.close();
    }
  });

  it('records the operation duration, the requests in flight and the session duration', async () => {
    const metric = await otel.metric('mcp.server.operation.duration');
    const points = (metric?.dataPoints ?? []) as { attributes: Record<string, unknown>; value: { count: number } }[];
    const echo = points.find((p) => p.attributes['gen_ai.tool.name'] === 'echo');
    expect(echo?.value.count).toBeGreaterThanOrEqual(1);
    expect(echo?.attributes).toMatchObject({ 'network.transport': 'tcp', 'mcp.protocol.version': '2025-11-25' });
    const failed = points.find((p) => p.attributes['gen_ai.tool.name'] === 'fail');
    expect(failed?.attributes['error.type']).toBe('tool_error');
    const active = await otel.metric('mcp.server.active_requests');
    expect((active?.dataPoints ?? []).every((p) => p.value === 0)).toBe(true);
    // The header test's client ended its session (DELETE): one session duration recorded.
    const sessions = await otel.metric('mcp.server.session.duration');
    expect((sessions?.dataPoints[0]?.value as { count: number } | undefined)?.count).toBeGreaterThanOrEqual(1);
    expect(sessions?.dataPoints[0]?.attributes).toMatchObject({ 'network.transport': 'tcp' });
  });
});

describe('2026-07-28 (client 2.4.0, pinned) over Streamable HTTP', () => {
  let client: V2Client;

  beforeAll(async () => {
    otel.reset();
    const versionNegotiation = { mode: { pin: '2026-07-28' } } as const;
    client = new V2Client({ name: 'trace-test-v2', version: '1.0.0' }, { capabilities: {}, versionNegotiation });
    await client.connect(new V2Transport(url));
  });
  afterAll(() => client.close());

  it('parents the request span by _meta.traceparent beside the modern envelope, with no session', async () => {
    const result = await client.callTool({
      name: 'echo',
      arguments: { text: 'modern' },
      _meta: { traceparent: traceparent() },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: modern' }]);
    const server = one('tools/call echo');
    expect(server.spanContext().traceId).toBe(TRACE);
    expect(parentOf(server)).toBe(PARENT);
    expect(server.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2026-07-28',
      'network.transport': 'tcp',
      'gen_ai.tool.name': 'echo',
    });
    expect(server.attributes['mcp.session.id']).toBeUndefined();
    expect(parentOf(one('handler echo'))).toBe(server.spanContext().spanId);
  });

  it('records a failing tool as tool_error', async () => {
    const result = await client.callTool({ name: 'fail', arguments: {} });
    expect(result.isError).toBe(true);
    expect(one('tools/call fail').attributes['error.type']).toBe('tool_error');
  });
});
