// Traces of a Decorum app over stdio: the app runs as a real subprocess with the OpenTelemetry SDK
// exporting every span over OTLP/HTTP to a receiver in this test, and the official clients drive it
// (SDK 1.32.2 in the legacy era, client 2.4.0 pinned to 2026-07-28).
import { Client as V2Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';
import { OtlpReceiver } from './otlp-receiver.js';

const FIXTURE = 'test/telemetry/fixtures/traced-app.ts';
const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = 'b7ad6b7169203331';
const SERVER = 2;
const INTERNAL = 1;

let receiver: OtlpReceiver;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  receiver = await OtlpReceiver.start();
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
afterAll(() => receiver.close());

function serverParams() {
  const { command, args } = tsCommand(FIXTURE);
  const env = { ...(process.env as Record<string, string>), OTLP_URL: `${receiver.url}/v1/traces` };
  return { command, args, cwd: REPO_ROOT, env, stderr: 'pipe' as const };
}

describe('stdio', () => {
  it('legacy (SDK 1.32.2): a tools/call becomes a SERVER span parented by _meta, with its handler child', async () => {
    const client = new Client({ name: 'stdio-trace', version: '1.0.0' });
    await client.connect(new StdioClientTransport(serverParams()));
    closers.push(() => client.close());
    const result = await client.callTool({
      name: 'echo',
      arguments: { text: 'pipe' },
      _meta: { traceparent: `00-${TRACE}-${PARENT}-01` },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: pipe' }]);
    await receiver.until((spans) => spans.some((s) => s.name === 'handler echo' && s.traceId === TRACE));
    await receiver.until((spans) => spans.some((s) => s.name === 'tools/call echo' && s.traceId === TRACE));
    const server = receiver.spans.find((s) => s.name === 'tools/call echo' && s.traceId === TRACE)!;
    const handler = receiver.spans.find((s) => s.name === 'handler echo' && s.traceId === TRACE)!;
    expect(server.kind).toBe(SERVER);
    expect(server.parentSpanId).toBe(PARENT);
    expect(server.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
    });
    expect(server.attributes['mcp.session.id']).toBeUndefined();
    expect(server.attributes['network.protocol.name']).toBeUndefined();
    expect(handler.kind).toBe(INTERNAL);
    expect(handler.parentSpanId).toBe(server.spanId);
  });

  it('2026-07-28 (client 2.4.0): the same span tree, in the modern revision, and a failing tool recorded', async () => {
    const trace = `${'f'.repeat(31)}1`;
    const versionNegotiation = { mode: { pin: '2026-07-28' } } as const;
    const client = new V2Client({ name: 'stdio-trace-v2', version: '1.0.0' }, { capabilities: {}, versionNegotiation });
    await client.connect(new V2StdioTransport(serverParams()));
    closers.push(() => client.close());
    await client.callTool({
      name: 'echo',
      arguments: { text: 'v2' },
      _meta: { traceparent: `00-${trace}-${PARENT}-01` },
    });
    const failed = await client.callTool({
      name: 'fail',
      arguments: {},
      _meta: { traceparent: `00-${trace}-${PARENT}-01` },
    });
    expect(failed.isError).toBe(true);
    const inTrace = (name: string) => receiver.spans.find((s) => s.name === name && s.traceId === trace);
    await receiver.until(() =>
      ['tools/call echo', 'handler echo', 'tools/call fail', 'handler fail'].every((n) => inTrace(n)),
    );
    const server = inTrace('tools/call echo')!;
    expect(server.parentSpanId).toBe(PARENT);
    expect(server.attributes).toMatchObject({ 'mcp.protocol.version': '2026-07-28', 'network.transport': 'pipe' });
    expect(inTrace('handler echo')?.parentSpanId).toBe(server.spanId);
    expect(inTrace('tools/call fail')?.attributes['error.type']).toBe('tool_error');
    expect(inTrace('handler fail')?.attributes['error.type']).toBe('tool_error');
  });
});
