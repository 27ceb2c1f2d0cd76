// A bare JSON-RPC client for tests that must send what no well-behaved client would: it writes raw
// values to a transport and waits for the messages that come back (by predicate, never by sleeping).
import type { JsonRpcMessage } from '../../src/index.js';
import type { Transport } from '../../src/transports/transport.js';

type Message = Record<string, any>;

export class RawClient {
  readonly received: Message[] = [];
  private waiters: { predicate: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private nextId = 1000;

  constructor(readonly transport: Transport) {
    transport.onmessage = (value) => {
      // A batch response is kept as one array, so tests can see it arrived as one frame.
      const message = value as Message;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.predicate(message)) return true;
        w.resolve(message);
        return false;
      });
    };
  }

  async start(): Promise<void> {
    await this.transport.start();
  }

  /** Sends any value as if it were a message. */
  send(value: unknown): Promise<void> {
    return this.transport.send(value as JsonRpcMessage);
  }

  /** Resolves with the first message (already received or future) that matches. */
  waitFor(predicate: (m: Message) => boolean): Promise<Message> {
    const seen = this.received.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }

  /** Sends a request and resolves with its response. */
  async request(
    method: string,
    params?: Record<string, unknown>,
    id: string | number = this.nextId++,
  ): Promise<Message> {
    const message: Message = { jsonrpc: '2.0', id, method };
    if (params) message.params = params;
    const response = this.waitFor((m) => m.id === id && !('method' in m));
    await this.send(message);
    return response;
  }

  /** Sends initialize + initialized for a revision. */
  async initialize(protocolVersion: string, capabilities: Record<string, unknown> = {}): Promise<Message> {
    const response = await this.request('initialize', {
      protocolVersion,
      capabilities,
      clientInfo: { name: 'raw', version: '0.0.0' },
    });
    await this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return response;
  }
}
