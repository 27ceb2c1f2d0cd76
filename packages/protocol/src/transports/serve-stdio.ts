import type { ProtocolServer } from '../engine/server.js';
import type { ServerSession } from '../engine/session.js';
import { StdioTransport, type StdioTransportOptions } from './stdio.js';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions extends StdioTransportOptions {
  /** On SIGTERM/SIGINT: stop reading, let in-flight requests answer, then exit with code 0. Default true. */
  handleSignals?: boolean;
  /** The longest a shutdown waits for in-flight requests, in ms. Default 10 000. */
  shutdownTimeoutMs?: number;
  /** Exit the process when the client closes stdin (or stdout breaks). Default true. */
  exitOnClose?: boolean;
}

/** A server being served over stdio. */
export interface StdioServing {
  session: ServerSession;
  /** Stops reading, waits for in-flight requests (up to the timeout), closes, and exits if configured. */
  shutdown(): Promise<void>;
}

/**
 * Serves a {@link ProtocolServer} to the client that spawned this process, over stdin/stdout, with
 * the lifecycle a subprocess server needs: a closed stdin ends the process cleanly, and a signal
 * lets in-flight requests finish before exiting with code 0.
 * @example
 * await serveStdio(server);
 */
export async function serveStdio(server: ProtocolServer, options: ServeStdioOptions = {}): Promise<StdioServing> {
  const { handleSignals = true, shutdownTimeoutMs = 10_000, exitOnClose = true } = options;
  const input = options.input ?? process.stdin;
  // The session's end ends the process: told through the session's own observer list.
  const session = await server.connect(new StdioTransport(options), { observer: { closed: () => ended() } });
  let stopping: Promise<void> | undefined;

  const exit = () => {
    if (exitOnClose) process.exit(0);
  };
  const onSignal = () => void shutdown();
  const shutdown = () => {
    stopping ??= (async () => {
      input.pause(); // no new requests; those already read still get their answers
      server.listeners.endAll(); // listen streams end with their result, not by being cut
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, shutdownTimeoutMs);
        timer.unref?.();
      });
      await Promise.race([session.peer.whenIdle(), timeout]);
      clearTimeout(timer);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      await session.close();
    })();
    return stopping;
  };

  const ended = () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    // Let queued stderr output flush before exiting.
    setImmediate(exit);
  };
  if (handleSignals) {
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }
  return { session, shutdown };
}
