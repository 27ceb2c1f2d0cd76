import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ProtocolServer } from '../engine/server.js';
import type { ServerSession } from '../engine/session.js';
import { StdioTransport, type StdioTransportOptions } from './stdio.js';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions extends StdioTransportOptions {
  /** On SIGTERM/SIGINT: stop reading, let in-flight requests answer, then exit with code 0. Default true. */
  handleSignals?: boolean;
  /** The longest a shutdown waits for in-flight requests, in ms. Default 10 000. */
  shutdownTimeoutMs?: number;
  /**
   * Exit the process when the client closes stdin (or stdout breaks). On stdin EOF, in-flight
   * requests are answered and pending writes flushed first (bounded by `shutdownTimeoutMs`). Default true.
   */
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
  const output = options.output ?? process.stdout;
  // EOF is a shutdown like a signal: the requests already read are answered before the end.
  const transport = new StdioTransport({ ...options, onInputEnd: () => void shutdown() });
  // The session's end ends the process: told through the session's own observer list.
  const session = await server.connect(transport, { observer: { closed: () => ended() } });
  let stopping: Promise<void> | undefined;
  let deadline = Number.POSITIVE_INFINITY;

  const exit = () => {
    if (exitOnClose) process.exit(0);
  };
  const onSignal = () => void shutdown();
  const shutdown = () => {
    stopping ??= (async () => {
      deadline = Date.now() + shutdownTimeoutMs;
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
    // A large answer may still sit in the stdout buffer: exiting now would cut it mid-line.
    const budget = Number.isFinite(deadline) ? Math.max(0, deadline - Date.now()) : shutdownTimeoutMs;
    void flushed(output, budget).then(() => {
      // Let queued stderr output flush before exiting.
      setImmediate(exit);
    });
  };
  if (handleSignals) {
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }
  return { session, shutdown };
}

/** Resolves once `output` has handed its buffered bytes to the OS, it broke, or `ms` passed. */
async function flushed(output: Writable, ms: number): Promise<void> {
  if (output.writableLength === 0 || output.destroyed) return;
  const aborter = new AbortController();
  const timer = setTimeout(() => aborter.abort(), ms);
  try {
    await Promise.race([
      once(output, 'drain', { signal: aborter.signal }),
      once(output, 'close', { signal: aborter.signal }),
    ]);
  } catch {
    // timed out, or the stream failed: nothing more can be delivered
  } finally {
    clearTimeout(timer);
    aborter.abort();
  }
}
