// What an app observes of itself (traces, metrics, request logs), from its options and, for the
// request log, the environment `decorum dev` sets: one place, so McpApp only hands the result on.
import { createObservability, type Observability, type ObservabilityOptions } from '@decorum/protocol';

const env = (name: string) =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

/**
 * The request log in force: DECORUM_REQUEST_LOG=off silences it whatever the app says (whoever runs the process
 * decides where its stderr goes: a test runner, a host that shows it to a user); otherwise the app's own
 * `requestLog`, else DECORUM_REQUEST_LOG=pretty|json (`decorum dev` sets pretty).
 */
function requestLogOption(option: ObservabilityOptions['requestLog']): ObservabilityOptions['requestLog'] {
  const value = env('DECORUM_REQUEST_LOG');
  if (value === 'off') return undefined;
  return option ?? (value === 'pretty' || value === 'json' ? value : undefined);
}

/**
 * The app's observability: nothing at all when telemetry and the request log are off.
 * @example
 * const observability = appObservability({ telemetry: true });
 */
export function appObservability(options: ObservabilityOptions): Observability {
  return createObservability({
    telemetry: options.telemetry,
    requestLog: requestLogOption(options.requestLog),
  });
}
