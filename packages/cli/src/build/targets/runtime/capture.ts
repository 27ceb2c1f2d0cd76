// An entry written for Node ends with `await app.listen(…)`. Built for a Web target, that call must
// not serve (no sockets there): a host installed before the app module runs records the app and its
// options instead, and the generated entry serves them through `fetch`.
import type { ListenOptions, McpApp } from '@decorum/core';

/** The globalThis key of the app host (`APP_HOST` in @decorum/core/host: a registered symbol). */
const APP_HOST = Symbol.for('@decorum/app-host');

/** What the capturing host recorded: the first app that called `listen`, and where it asked to serve. */
export interface Captured {
  app?: McpApp;
  where?: ListenOptions;
}

/** The host installed by {@link captureListen}: it records instead of serving. */
interface CapturingHost {
  readonly captured: Captured;
  listen(app: McpApp, where: ListenOptions): Promise<{ url?: URL }>;
}

function isCapturing(host: unknown): host is CapturingHost {
  return typeof host === 'object' && host !== null && 'captured' in host;
}

/** Installs the host that records `app.listen(…)` calls; the generated entry runs it before the app module. */
export function captureListen(): void {
  const captured: Captured = {};
  const host: CapturingHost = {
    captured,
    async listen(app, where) {
      captured.app ??= app;
      captured.where ??= where;
      return {};
    },
  };
  (globalThis as Record<symbol, unknown>)[APP_HOST] = host;
}

/** What the host recorded, and the host removed (nothing built later is captured by mistake). */
export function takeCaptured(): Captured {
  const globals = globalThis as Record<symbol, unknown>;
  const host = globals[APP_HOST];
  if (!isCapturing(host)) return {};
  delete globals[APP_HOST];
  return host.captured;
}
