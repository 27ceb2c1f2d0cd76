// What an entry module gives the CLI: an app it hands to `listen`, or one it exports (`app`,
// `default`, or a `createApp()` factory). The check is structural because the project may load its
// own copy of @decorum/core, whose McpApp is not the class this package sees.
import type { ListenOptions, McpApp } from '@decorum/core';
import { APP_HOST, type AppHost, type Hosting } from '@decorum/core/host';
import { CliError } from './cli-error.js';

/** True for an object that behaves like an McpApp. */
export function isApp(value: unknown): value is McpApp {
  const candidate = value as Partial<McpApp> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.listen === 'function' &&
    typeof candidate.fetch === 'function' &&
    typeof candidate.connect === 'function'
  );
}

/** The app an entry module exports, if any. */
export async function exportedApp(exports: Record<string, unknown>): Promise<McpApp | undefined> {
  for (const key of ['app', 'default']) if (isApp(exports[key])) return exports[key] as McpApp;
  const factory = exports.createApp;
  if (typeof factory === 'function') {
    const made = await factory();
    if (isApp(made)) return made;
  }
  return undefined;
}

/** The error for an entry that neither calls `app.listen()` nor exports an app. */
export function noAppError(entry: string): CliError {
  return new CliError(
    `${entry} built no Decorum app: it neither called app.listen(…) nor exported one. ` +
      'End the entry with `await app.listen({ stdio: true })`, or `export const app = new McpApp({ … })`, ' +
      'or `export function createApp() { return new McpApp({ … }) }`.',
  );
}

/** Installs `host` for every app built in this process from now on (see APP_HOST in @decorum/core/host). */
export function installHost(host: AppHost): void {
  (globalThis as { [APP_HOST]?: AppHost })[APP_HOST] = host;
}

/**
 * Imports an entry with a host that records the app it listens with; falls back to an exported app.
 * Used where the CLI wants the app but not its transport (build's manifest, list/call over stdio).
 */
export async function loadApp(
  entryUrl: string,
  onListen: (app: McpApp, where: ListenOptions, hosting: Hosting) => Promise<{ url?: URL }>,
): Promise<McpApp> {
  let listened: McpApp | undefined;
  installHost({
    listen(app, where, hosting) {
      listened = app;
      return onListen(app, where, hosting);
    },
  });
  const exports = (await import(entryUrl)) as Record<string, unknown>;
  if (listened !== undefined) return listened;
  const app = await exportedApp(exports);
  if (app === undefined) throw noAppError(entryUrl);
  // Under the host installed above, so it reaches onListen with its Hosting.
  await app.listen({ stdio: true });
  return app;
}
