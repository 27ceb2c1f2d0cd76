// The per-request log line (readable and JSON), and the observability options that combine it with tracing.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RequestFacts } from '../../src/engine/instrumentation.js';
import { ErrorCode, McpError } from '../../src/jsonrpc/errors.js';
import { createObservability } from '../../src/telemetry/observability.js';
import { objectLoggerSink, type RequestRecord, requestLog } from '../../src/telemetry/request-log.js';
import { otelHarness } from './otel-harness.js';

function facts(method: string, params: Record<string, unknown> = {}): RequestFacts {
  return {
    request: { jsonrpc: '2.0', id: 3, method, params },
    info: undefined,
    protocolVersion: '2025-06-18',
    sessionId: 'abc',
    transport: 'pipe',
  };
}

function collect() {
  const records: RequestRecord[] = [];
  return { records, sink: { info: (_message: string, record: RequestRecord) => records.push(record) } };
}

describe('request log', () => {
  it('escapes control characters a client put in a name or an error: one request is one line', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    const log = requestLog();
    try {
      const forged = 'x  0.1 ms  ok\n[mcp] tools/call admin  0.1 ms  ok\u001b[2J';
      await log
        .request(facts('tools/call', { name: forged }), async () => {
          throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${forged}`);
        })
        .catch(() => undefined);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]?.includes('\n') || lines[0]?.includes('\u001b')).toBe(false);
    expect(lines[0]).toContain('x  0.1 ms  ok\\u000a[mcp] tools/call admin  0.1 ms  ok\\u001b[2J');
  });

  it('writes one readable line per request to stderr (console.error), with name, duration and outcome', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    const log = requestLog();
    try {
      await log.request(facts('tools/call', { name: 'weather' }), async () => ({ content: [] }));
      await log.request(facts('tools/call', { name: 'flaky' }), async () => ({ content: [], isError: true }));
      await log
        .request(facts('resources/read', { uri: 'file:///x' }), async () => {
          throw new McpError(ErrorCode.ResourceNotFound, 'Resource not found: file:///x');
        })
        .catch(() => undefined);
      await log.request(facts('ping'), async () => ({}));
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[mcp\] tools\/call weather {2}\d+(\.\d)? ms {2}ok$/);
    expect(lines[1]).toMatch(/^\[mcp\] tools\/call flaky {2}.* ms {2}tool_error$/);
    expect(lines[2]).toMatch(/ms {2}error -32002: Resource not found: file:\/\/\/x$/);
  });

  it('writes JSON lines in production format', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      await requestLog({ format: 'json' }).request(facts('prompts/get', { name: 'greet' }), async () => ({}));
    } finally {
      spy.mockRestore();
    }
    const record = JSON.parse(lines[0] as string);
    expect(record).toMatchObject({
      level: 'info',
      msg: 'mcp request',
      method: 'prompts/get',
      name: 'greet',
      requestId: 3,
      sessionId: 'abc',
      protocolVersion: '2025-06-18',
      outcome: 'ok',
    });
    expect(typeof record.durationMs).toBe('number');
    expect(Number.isNaN(Date.parse(record.time))).toBe(false);
  });

  it('hands records to a structured logger, pino-style (object first), and a failing logger fails nothing', async () => {
    const calls: [object, string][] = [];
    const log = requestLog({ sink: objectLoggerSink({ info: (object, message) => calls.push([object, message]) }) });
    await log.request(facts('tools/call', { name: 'x' }), async () => ({}));
    expect(calls[0]?.[1]).toBe('mcp request');
    expect(calls[0]?.[0]).toMatchObject({ method: 'tools/call', name: 'x', outcome: 'ok' });
    const broken = requestLog({
      sink: {
        info: () => {
          throw new Error('log down');
        },
      },
    });
    await expect(broken.request(facts('tools/list'), async () => ({ tools: [] }))).resolves.toEqual({ tools: [] });
  });
});

describe('observability options', () => {
  const otel = otelHarness();
  afterAll(() => otel.close());

  it('is nothing at all when both are off', async () => {
    const off = createObservability({});
    expect(off.instrumentation).toBeUndefined();
    await expect(off.ready()).resolves.toBeUndefined();
  });

  it('traces and logs together once ready, the log line carrying the trace and span ids', async () => {
    const { records, sink } = collect();
    const observability = createObservability({
      telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
      requestLog: { sink },
    });
    await observability.ready();
    await observability.instrumentation?.request(facts('tools/call', { name: 'both' }), async () => ({ content: [] }));
    const [span] = otel.spans();
    expect(span?.name).toBe('tools/call both');
    expect(records[0]).toMatchObject({
      name: 'both',
      traceId: span?.spanContext().traceId,
      spanId: span?.spanContext().spanId,
    });
  });
});
