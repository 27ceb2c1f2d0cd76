// What an app observes of itself (traces, metrics, request logs), from its options and, for the
// request log, the environment `decorum dev` sets: one place, so McpApp only hands the result on.
import { createObservability, type Observability, type ObservabilityOptions } from '@decorum/protocol';

const env = (name: string) =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

/** DECORUM_REQUEST_LOG=pretty|json turns the request log on when the app does not say (anything else: off). */
function requestLogFromEnv(): ObservabilityOptions['requestLog'] {
  const value = env('DECORUM_REQUEST_LOG');
  return value === 'pretty' || value === 'json' ? value : undefined;
}

/**
 * The app's observability: nothing at all when telemetry and the request log are off.
 * @example
 * const observability = appObservability({ telemetry: true });
 */
export function appObservability(options: ObservabilityOptions): Observability {
  return createObservability({
    telemetry: options.telemetry,
    requestLog: options.requestLog ?? requestLogFromEnv(),
  });
}
