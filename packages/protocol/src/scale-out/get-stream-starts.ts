// A session's GET-stream events, shared by every instance, hold a marker where each GET stream served
// (fresh or resumed) started. The events after a marker belong to that stream alone: a client may hold
// several GET streams, and each message must travel on only one of them, so an older stream (resumed,
// or still open) delivers what came before the marker and then ends.
import type { StoredEvent } from '../http/event-store.js';
import type { SseConnection } from '../http/sse.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';

const START_METHOD = 'decorum/getStreamStarted';

/** Stored where a GET stream served starts (never sent). */
export const STREAM_START: JsonRpcMessage = Object.freeze({ jsonrpc: '2.0', method: START_METHOD });

/**
 * Splits the events read after a GET stream's cursor: those it delivers (up to a newer stream's
 * start), and whether a newer stream started (this one is then over once they are sent).
 */
export function ownEvents(events: readonly StoredEvent[]): { own: readonly StoredEvent[]; superseded: boolean } {
  const newer = events.findIndex((event) => (event.message as { method?: unknown }).method === START_METHOD);
  return newer === -1 ? { own: events, superseded: false } : { own: events.slice(0, newer), superseded: true };
}

/**
 * Answers the resumption of a GET stream that a newer one replaced: its own remaining events, then
 * its end; with nothing left, false (refused). It never takes the GET stream over: were it to go on,
 * each stream's resumption would replay what the other carried, the same events twice.
 */
export function endSuperseded(connection: SseConnection, own: readonly StoredEvent[]): boolean {
  sendOwn(connection, own);
  connection.close();
  return own.length > 0;
}

/** Sends stored events on a GET stream, with their ids (what a resumption replays). */
export function sendOwn(connection: SseConnection, events: readonly StoredEvent[]): void {
  for (const event of events) connection.send({ id: event.id, data: JSON.stringify(event.message) });
}
