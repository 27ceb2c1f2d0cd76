// The transport of one POST that has no session behind it (a stateless legacy POST, or any modern
// one). Such traffic builds one of these per request, so it carries none of what a long-lived HTTP
// session needs (stream maps, a standalone queue, event ids, an async start): only the route from
// the request's own messages to its exchange.
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo, SendOptions, Transport } from '../transports/transport.js';
import { type Exchange, relatedId } from './exchange.js';

const done: Promise<void> = Promise.resolve();

/**
 * What belongs to the POST's requests goes to its exchange; anything else is dropped, as there is
 * no GET stream it could wait for.
 */
export class RequestTransport implements Transport {
  readonly networkTransport = 'tcp' as const;
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onclose?: () => void;
  private closed = false;

  constructor(
    private readonly requestIds: readonly RequestId[],
    private readonly exchange: Exchange | undefined,
  ) {}

  start(): Promise<void> {
    return done;
  }

  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    if (this.closed || this.exchange === undefined || this.exchange.done) return done;
    const related = relatedId(message, options);
    if (related === undefined || !this.requestIds.includes(related)) return done;
    return this.exchange.deliver(message, options?.stepUp);
  }

  /** Such streams are not resumable: there is no connection to drop and resume. */
  closeRequestStream(): void {}

  /** Hands the POST's body to the engine. */
  receive(value: unknown, info: MessageInfo): void {
    this.onmessage?.(value, info);
  }

  close(): Promise<void> {
    this.shut();
    return done;
  }

  /** Ends the session at once (an unfinished exchange is answered with a JSON-RPC error). */
  shut(): void {
    if (this.closed) return;
    this.closed = true;
    this.exchange?.abort();
    this.onclose?.();
  }
}
