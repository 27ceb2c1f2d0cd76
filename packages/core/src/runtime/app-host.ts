// A host is a program that runs someone else's entry module and serves the app it builds — the
// `decorum dev` server keeps its transports across reloads, `decorum build` reads the manifest
// without serving. It announces itself on globalThis under a registered symbol, so an app built by
// another copy of @decorum/core (the project's own node_modules) still finds it. No host: the app
// serves itself.
import type { ListenOptions, McpApp } from './mcp-app.js';

/** The globalThis key a host is installed under (`Symbol.for`, shared by every copy of the package). */
export const APP_HOST = Symbol.for('@decorum/app-host');

/** What an app's `listen` hands itself to when a host is installed. */
export interface AppHost {
  listen(app: McpApp, where: ListenOptions): Promise<{ url?: URL }>;
}

/** The installed host, if a program such as `decorum dev` installed one. */
export function appHost(): AppHost | undefined {
  return (globalThis as { [APP_HOST]?: AppHost })[APP_HOST];
}
