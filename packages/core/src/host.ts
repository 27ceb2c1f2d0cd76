/**
 * @decorum/core/host: what a program that runs someone else's app needs (the `decorum` CLI): the
 * host hook an app's `listen` hands itself to, the scanner, and the manifest comparison that tells
 * clients what a reload changed. Apps never need this entry.
 * @example
 * import { APP_HOST, type AppHost } from '@decorum/core/host';
 * const host: AppHost = { listen: (app, where, hosting) => hosting.serve(where) };
 * (globalThis as { [APP_HOST]?: AppHost })[APP_HOST] = host;
 */
import type { AppHost as AppHostOf, Hosting as HostingOf } from './runtime/app-host.js';
import type { McpApp } from './runtime/mcp-app.js';

export { APP_HOST, appHost } from './runtime/app-host.js';
export {
  diffManifests,
  type ListChanges,
  type ManifestChanges,
  type ManifestSignatures,
  manifestSignatures,
} from './runtime/manifest-diff.js';
export { type ScanOptions, scanProviders } from './scanner/metadata-scanner.js';

/** What an app's `listen` hands itself to when a host is installed. */
export type AppHost = AppHostOf<McpApp>;
/** What an app hands its host: serving from this process, and taking over a previous app. */
export type Hosting = HostingOf<McpApp>;
