import type { JsonRpcMessage } from '../jsonrpc/types.js';
import type { Transport } from './transport.js';

/**
 * One end of an in-memory pair. Messages are handed over on a microtask, as a real stream would,
 * and by reference: no serialization, so tests and benchmarks measure the engine, not JSON.
 */
export class InMemoryTransport implements Transport {
  onmessage?: (value: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private peer?: InMemoryTransport;
  private started = false;
  private closed = false;
  private readonly pending: unknown[] = [];

  /** @internal links two ends; use {@link createLinkedTransports}. */
  link(peer: InMemoryTransport): void {
    this.peer = peer;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const value of this.pending.splice(0)) this.onmessage?.(value);
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    const peer = this.peer;
    if (this.closed || peer === undefined || peer.closed) throw new Error('In-memory transport is closed');
    queueMicrotask(() => peer.deliver(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
    await this.peer?.close();
  }

  private deliver(value: unknown): void {
    if (this.closed) return;
    if (this.started) this.onmessage?.(value);
    else this.pending.push(value);
  }
}

/**
 * Creates two linked in-memory transports: what one sends, the other receives.
 * @example
 * const [clientSide, serverSide] = createLinkedTransports();
 * await server.connect(serverSide);
 */
export function createLinkedTransports(): [InMemoryTransport, InMemoryTransport] {
  const a = new InMemoryTransport();
  const b = new InMemoryTransport();
  a.link(b);
  b.link(a);
  return [a, b];
}
