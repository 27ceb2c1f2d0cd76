// The one place `@opentelemetry/api` is loaded. It is an optional peer dependency: nothing imports it
// statically (only its types, which are erased), so a server without telemetry never loads it.

/** The `@opentelemetry/api` module. */
export type OtelApi = typeof import('@opentelemetry/api');

// In a variable, so that bundlers (esbuild in `decorum build`, tsup) leave the import to run time:
// the API must be the application's own copy, the one its SDK registered the providers with, and a
// build must not fail where the package is not installed.
const API_MODULE = '@opentelemetry/api';

/**
 * Loads `@opentelemetry/api`; rejects with a message naming the fix when it is not installed.
 * @example
 * const api = await loadOtelApi();
 */
export async function loadOtelApi(): Promise<OtelApi> {
  try {
    const module = (await import(/* @vite-ignore */ API_MODULE)) as OtelApi & { default?: OtelApi };
    // The CommonJS build of the API, imported from ESM, may put everything under `default`.
    return typeof module.trace === 'object' ? module : (module.default as OtelApi);
  } catch (error) {
    throw new Error(
      'telemetry is on, but @opentelemetry/api cannot be loaded: install it (npm install @opentelemetry/api) ' +
        `with an OpenTelemetry SDK, or turn telemetry off. (${(error as Error).message})`,
      { cause: error },
    );
  }
}
