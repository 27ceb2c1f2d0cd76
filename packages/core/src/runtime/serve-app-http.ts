// `listen({ http: { handleSignals: true } })` for an app: a signal closes the whole app, not only its HTTP endpoint
// — the endpoint drains first, then the mounts (their spawned servers end) and the sessions — so nothing the app
// started keeps the process alive after "server closed". Each app registers its own handler (per listen, removed by
// its close), so two apps in one process close independently.
import type { ProtocolServer } from '@decorum/protocol';
import type { ServeHttpOptions } from '@decorum/protocol/node';

/**
 * Serves the app's engine over HTTP (Node only: loaded when it listens). With `handleSignals`, a signal closes the
 * whole app (`closeApp`). Returns the endpoint and what the app runs when it closes.
 */
export async function serveAppHttp(
  server: ProtocolServer,
  { handleSignals, ...options }: ServeHttpOptions,
  closeApp: () => Promise<void>,
): Promise<{ url: URL; closers: (() => Promise<void>)[] }> {
  const { closeOnSignals, serveHttp } = await import('@decorum/protocol/node');
  const serving = await serveHttp(server, options);
  const closers = [() => serving.close()];
  if (handleSignals) {
    const stop = closeOnSignals(closeApp, () => serving.handler.drainTimedOut);
    closers.push(async () => stop());
  }
  return { url: serving.url, closers };
}
