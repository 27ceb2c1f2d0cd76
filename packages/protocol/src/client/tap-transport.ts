import type { JsonRpcMessage } from '../jsonrpc/types.js';
import type { FrameError, MessageInfo, SendOptions, Transport } from '../transports/transport.js';
import type { ClientClosed, CloseInfoSource } from './client-types.js';

/** What a {@link TapTransport} tells its owner. */
export interface TapObserver {
  /** A message is about to go out (synchronously, inside `send`). */
  sent(message: JsonRpcMessage | JsonRpcMessage[]): void;
  /** A value arrived, before the peer sees it. */
  received(value: unknown): void;
}

/**
 * Passes everything through and tells the client what goes out and comes in: `Peer` assigns request ids without
 * returning them, and the client needs them to tie a server's question to the request it belongs to.
 */
export class TapTransport implements Transport, CloseInfoSource {
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onframeerror?: (error: FrameError) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  constructor(
    private readonly inner: Transport & CloseInfoSource,
    private readonly observer: TapObserver,
  ) {}

  get networkTransport() {
    return this.inner.networkTransport;
  }

  start(): Promise<void> {
    this.inner.onmessage = (value, info) => {
      this.observer.received(value);
      this.onmessage?.(value, info);
    };
    this.inner.onframeerror = (error) => this.onframeerror?.(error);
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    this.observer.sent(message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  closeInfo(): ClientClosed | undefined {
    return this.inner.closeInfo?.();
  }
}
