// Caps on what one client can make the server hold: the resource subscriptions of a session (or of
// one listen request) and the open `subscriptions/listen` streams. Past a cap, a clear error names
// the option to raise instead of the structure growing without bound.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { ResolvedServerOptions } from './server-options.js';

/** The default cap on the resource subscriptions of one session or one listen request: 1 000. */
export const DEFAULT_MAX_SUBSCRIPTIONS = 1000;
/** The default cap on the `subscriptions/listen` streams open at once on one server: 10 000. */
export const DEFAULT_MAX_LISTEN_STREAMS = 10_000;

/** Throws when holding `count` subscriptions would pass the server's `maxSubscriptions`. */
export function checkSubscriptionCount(options: ResolvedServerOptions, count: number): void {
  const cap = options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS;
  if (count > cap) {
    throw new McpError(
      ErrorCode.InvalidRequest,
      `Too many resource subscriptions: at most ${cap} per session or listen request (the server's maxSubscriptions); unsubscribe from some first`,
      { max: cap },
    );
  }
}

/** Throws when another listen stream would pass the server's `maxListenStreams`. */
export function checkListenStreams(options: ResolvedServerOptions, open: number): void {
  const cap = options.maxListenStreams ?? DEFAULT_MAX_LISTEN_STREAMS;
  if (open >= cap) {
    throw new McpError(
      ErrorCode.InvalidRequest,
      `Too many subscriptions/listen streams: this server holds at most ${cap} at once (maxListenStreams); close one first`,
      { max: cap },
    );
  }
}
