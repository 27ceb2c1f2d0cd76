// The metrics instruments: the conventions' duration histograms, and the in-flight gauges.
import type { Attributes, Histogram, Meter } from '@opentelemetry/api';
import * as semconv from './semconv.js';

/** The synchronous instruments (the gauges are observed). */
export interface Instruments {
  operation: Histogram;
  clientOperation: Histogram;
  session: Histogram;
}

/**
 * Counts kept here and reported only when the SDK collects (observable up-down counters): a
 * synchronous counter would cost two attribute-set lookups per request for a gauge read once a minute.
 */
export class Gauge {
  private readonly counts = new Map<string, { attributes: Attributes; value: number }>();

  add(key: string, attributes: Attributes, delta: number): void {
    const entry = this.counts.get(key);
    if (entry === undefined) this.counts.set(key, { attributes, value: delta });
    else entry.value += delta;
  }

  observe(result: { observe(value: number, attributes?: Attributes): void }): void {
    for (const { attributes, value } of this.counts.values()) result.observe(value, attributes);
  }
}

/** Makes the instruments on `meter`; the two gauges report the counts kept in `inFlight` and `openSessions`. */
export function createInstruments(meter: Meter, inFlight: Gauge, openSessions: Gauge): Instruments {
  const advice = { explicitBucketBoundaries: semconv.MCP_DURATION_BUCKETS };
  const instruments: Instruments = {
    operation: meter.createHistogram(semconv.METRIC_MCP_SERVER_OPERATION_DURATION, {
      unit: 's',
      description: 'MCP request duration as observed on the server, from receipt until the result or error is sent.',
      advice,
    }),
    clientOperation: meter.createHistogram(semconv.METRIC_MCP_CLIENT_OPERATION_DURATION, {
      unit: 's',
      description: 'Duration of a request the server sent the client (sampling, elicitation, roots).',
      advice,
    }),
    session: meter.createHistogram(semconv.METRIC_MCP_SERVER_SESSION_DURATION, {
      unit: 's',
      description: 'The duration of an MCP session as observed on the server.',
      advice,
    }),
  };
  meter
    .createObservableUpDownCounter(semconv.METRIC_MCP_SERVER_ACTIVE_REQUESTS, {
      unit: '{request}',
      description: 'MCP requests being served (Decorum; not in the conventions).',
    })
    .addCallback((result) => inFlight.observe(result));
  meter
    .createObservableUpDownCounter(semconv.METRIC_MCP_SERVER_ACTIVE_SESSIONS, {
      unit: '{session}',
      description: 'Open legacy MCP sessions (Decorum; not in the conventions).',
    })
    .addCallback((result) => openSessions.observe(result));
  return instruments;
}
