// Several instrumentations as one (tracing and request logs together): the first wraps the others,
// so a request log line written inside sees the request's span as the active one.
import type { Instrumentation, RequestFacts } from '../engine/instrumentation.js';

/**
 * One {@link Instrumentation} that runs each of `list` around the work, the first outermost.
 * @example
 * const instrumentation = composeInstrumentation(otelInstrumentation(api), requestLog());
 */
export function composeInstrumentation(...list: Instrumentation[]): Instrumentation {
  if (list.length === 1) return list[0] as Instrumentation;
  return {
    request<T>(facts: RequestFacts, serve: () => Promise<T> | T): Promise<T> {
      let inner = async () => serve();
      for (const layer of [...list].reverse()) {
        const next = inner;
        inner = () => layer.request(facts, next);
      }
      return inner();
    },
    handler: (facts, run) =>
      list.reduceRight<typeof run>(
        (inner, layer) => (layer.handler ? () => layer.handler!(facts, inner) : inner),
        run,
      )(),
    outgoing: (facts, send) =>
      list.reduceRight<typeof send>(
        (inner, layer) => (layer.outgoing ? (params) => layer.outgoing!({ ...facts, params }, inner) : inner),
        send,
      )(facts.params),
    sessionOpened: (facts) => {
      for (const layer of list) layer.sessionOpened?.(facts);
    },
    sessionClosed: (facts) => {
      for (const layer of list) layer.sessionClosed?.(facts);
    },
  };
}
