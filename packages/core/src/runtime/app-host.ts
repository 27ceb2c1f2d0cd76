// A host is a program that runs someone else's entry module and serves the app it builds — the
// `decorum dev` server keeps its transports across reloads, `decorum build` reads the manifest
// without serving. It announces itself on globalThis under a registered symbol, so an app built by
// another copy of @decorum/core (the project's own node_modules) still finds it. No host: the app
// serves itself. Written over any app type, so this file needs nothing of McpApp (no import cycle).
import type { ListenOptions } from './listen-options.js';
import type { ManifestChanges } from './manifest-diff.js';

/** The globalThis key a host is installed under (`Symbol.for`, shared by every copy of the package). */
export const APP_HOST = Symbol.for('@decorum/app-host');

/** What an app hands its host at `listen`: the ways to serve it that only a host needs. */
export interface Hosting<App> {
  /** Serves the app from this process (as `listen` does without a host). */
  serve(where: ListenOptions): Promise<{ url?: URL }>;
  /** Makes the app take over `previous`'s engine, sessions and transports; resolves with what changed. */
  takeOver(previous: App): ManifestChanges;
}

/** What an app's `listen` hands itself to when a host is installed. */
export interface AppHost<App> {
  listen(app: App, where: ListenOptions, hosting: Hosting<App>): Promise<{ url?: URL }>;
}

/** The installed host, if a program such as `decorum dev` installed one. */
export function appHost<App>(): AppHost<App> | undefined {
  return (globalThis as { [APP_HOST]?: AppHost<App> })[APP_HOST];
}
