// Preloaded (`node --import`) by `cpu-cost.mjs --telemetry`: the OpenTelemetry SDK as a production app
// runs it — spans through a BatchSpanProcessor, metrics aggregated by a reader, AsyncLocalStorage
// context, W3C propagation — with exporters that drop everything, so the figure is the cost of
// recording, not of a collector's network round trips. The app sees DECORUM_BENCH_TELEMETRY=1.
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

const dropSpans = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined };
class DroppingReader extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropSpans)] }));
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new DroppingReader()] }));
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
process.env.DECORUM_BENCH_TELEMETRY = '1';
