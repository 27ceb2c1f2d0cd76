// The docs example (docs/examples/observability.ts) as a real process: the OpenTelemetry Node SDK
// exports the spans over OTLP/HTTP to a receiver started here, and the request log goes to stderr as
// JSON carrying the same trace id.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';
import { OtlpReceiver } from './otlp-receiver.js';

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await OtlpReceiver.start();
});
afterAll(() => receiver.close());

describe('OTLP export with the Node SDK (docs example)', () => {
  it('carries the request span, parented by _meta, to the collector, flushed when the server stops', async () => {
    const { command, args } = tsCommand('docs/examples/observability.ts');
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const stderr: string[] = [];
    const endpoint = new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stderr }).on('line', (line) => {
        stderr.push(line);
        const match = /^MCP endpoint: (\S+)/.exec(line);
        if (match) resolve(match[1] as string);
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${stderr.join('\n')}`)));
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));

    const trace = '1'.repeat(32);
    const client = new Client({ name: 'otlp-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(await endpoint)));
    const result = await client.callTool({
      name: 'length',
      arguments: { word: 'telemetry' },
      _meta: { traceparent: `00-${trace}-${'2'.repeat(16)}-01` },
    });
    expect(result.content).toEqual([{ type: 'text', text: '"telemetry" has 9 letters' }]);
    await client.close();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // The batch processor exports every few seconds: at the latest, the spans come with the shutdown's flush.
    await receiver.named('tools/call length', 'handler length');
    const span = receiver.find('tools/call length');
    expect(span.traceId).toBe(trace);
    expect(span.parentSpanId).toBe('2'.repeat(16));
    expect(span.service).toBe('dictionary');
    expect(span.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'length' });
    expect(receiver.paths).toContain('/v1/traces');

    const logged = stderr.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'mcp request',
        method: 'tools/call',
        name: 'length',
        outcome: 'ok',
        traceId: trace,
      }),
    );
    // Nothing but the server's own output on stdout (none over HTTP).
    expect(stdout).toBe('');
  });
});
