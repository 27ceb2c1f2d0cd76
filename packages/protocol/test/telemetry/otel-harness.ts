// The real OpenTelemetry SDK, in memory: spans to an InMemorySpanExporter, metrics to a reader that
// collects on demand, context through AsyncLocalStorage (as the Node SDK sets it up).
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, type MetricData, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

class CollectingReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** A tracer and a meter provider of their own (not global), with the global context manager enabled. */
export function otelHarness() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contextManager);
  return {
    api,
    tracerProvider,
    meterProvider,
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    async metric(name: string): Promise<MetricData | undefined> {
      const { resourceMetrics } = await reader.collect();
      for (const scope of resourceMetrics.scopeMetrics) {
        const found = scope.metrics.find((m) => m.descriptor.name === name);
        if (found) return found;
      }
      return undefined;
    },
    async close() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      contextManager.disable();
      api.context.disable();
    },
  };
}

/** The span's parent span id (SDK 2 names it parentSpanContext). */
export function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}
