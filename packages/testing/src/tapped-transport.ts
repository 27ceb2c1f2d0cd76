import type { JsonRpcMessage, MessageInfo, SendOptions, Transport } from '@decorum/protocol';

/**
 * A transport that tells its owner what goes out, and passes everything through unchanged. The
 * client needs the JSON-RPC id of each `subscriptions/listen` it sends (notifications of a listen
 * stream are tagged with it), and `Peer` assigns ids without returning them.
 */
export class TappedTransport implements Transport {
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  constructor(
    private readonly inner: Transport,
    private readonly onsend: (message: JsonRpcMessage | JsonRpcMessage[]) => void,
  ) {}

  async start(): Promise<void> {
    this.inner.onmessage = (value, info) => this.onmessage?.(value, info);
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }

  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    this.onsend(message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
