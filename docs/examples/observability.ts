// Traces and metrics of a Decorum app with the OpenTelemetry Node SDK, exported over OTLP/HTTP to a
// collector (Jaeger, Tempo, the OpenTelemetry Collector…) at OTEL_EXPORTER_OTLP_ENDPOINT (default
// http://localhost:4318). Used by docs/observability.md. Run it:
//   npm install @opentelemetry/api @opentelemetry/sdk-node @opentelemetry/exporter-trace-otlp-http
//   node --conditions=@decorum/source --import @decorum/cli/register docs/examples/observability.ts
import 'reflect-metadata';
import { Args, Field, McpApp, Tool } from '@decorum/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { IsString } from 'class-validator';

export class LookupInput {
  @Field({ description: 'A word to look up' })
  @IsString()
  word!: string;
}

export class Dictionary {
  @Tool({ description: 'Tells how long a word is' })
  length(@Args() input: LookupInput): string {
    return `"${input.word}" has ${input.word.length} letters`;
  }
}

export function createApp(): McpApp {
  return new McpApp({
    name: 'dictionary',
    version: '1.0.0',
    providers: [Dictionary],
    // Spans and metrics through @opentelemetry/api, to whatever providers the SDK registered.
    telemetry: true,
    // One JSON line per request on stderr, with the trace id to find the request's trace.
    requestLog: 'json',
  });
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  // The SDK first, so that the providers are registered before the first request.
  const sdk = new NodeSDK({ serviceName: 'dictionary', traceExporter: new OTLPTraceExporter() });
  sdk.start();
  const { url } = await createApp().listen({
    http: { port: Number(process.env.PORT ?? 3000), handleSignals: true },
  });
  console.error(`MCP endpoint: ${url}`);
  // After a SIGTERM the server closes and the event loop empties: flush what is still buffered.
  process.once('beforeExit', () => void sdk.shutdown());
}
