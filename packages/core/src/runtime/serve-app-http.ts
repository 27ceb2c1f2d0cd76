// `listen({ http: { handleSignals: true } })` for an app: a signal closes the whole app, not only its HTTP endpoint
// — the endpoint drains first, then the mounts (their spawned servers end) and the sessions — so nothing the app
// started keeps the process alive after "server closed".
import type { ProtocolServer } from '@decorum/protocol';
import type { ServeHttpOptions } from '@decorum/protocol/node';

/**
 * On SIGTERM/SIGINT, closes the app once (a second signal while closing is ignored: `npm run` forwards Ctrl-C's
 * SIGINT, so one key press is two signals). `drainTimedOut` says whether a request outlived the drain (the
 * process then exits itself). Returns the function that stops listening for them.
 */
function closeOnSignals(close: () => Promise<void>, drainTimedOut: () => boolean): () => Promise<void> {
  let closing = false;
  const stop = () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
  const onSignal = () => {
    if (closing) return;
    closing = true;
    void close().then(
      () => {
        stop();
        console.error('server closed');
        // A handler that ignores ctx.signal would keep the process alive past the drain timeout: its request was
        // answered with an error already, so the program ends here, as promised.
        if (drainTimedOut()) process.exit(0);
      },
      (error: unknown) => {
        stop();
        console.error('closing failed:', error instanceof Error ? error.message : String(error));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return async () => stop();
}

/**
 * Serves the app's engine over HTTP (Node only: loaded when it listens). With `handleSignals`, a signal closes the
 * whole app (`closeApp`). Returns the endpoint and what the app runs when it closes.
 */
export async function serveAppHttp(
  server: ProtocolServer,
  { handleSignals, ...options }: ServeHttpOptions,
  closeApp: () => Promise<void>,
): Promise<{ url: URL; closers: (() => Promise<void>)[] }> {
  const { serveHttp } = await import('@decorum/protocol/node');
  const serving = await serveHttp(server, options);
  const closers = [() => serving.close()];
  if (handleSignals) closers.push(closeOnSignals(closeApp, () => serving.handler.drainTimedOut));
  return { url: serving.url, closers };
}
