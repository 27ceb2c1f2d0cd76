import type { ServerSession } from '../engine/session.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo, SendOptions, Transport } from '../transports/transport.js';
import type { EventStore, StoredEvent } from './event-store.js';
import { Exchange, type ExchangeContext } from './exchange.js';
import type { SseConnection } from './sse.js';

/** A message for the standalone stream waits here while no GET stream is open (bounded). */
const MAX_QUEUED = 1000;

/** Per-endpoint settings a session transport needs. */
export interface HttpSessionSettings {
  eventStore: EventStore | null;
  retryMs: number;
  keepAliveMs: number;
  newId: () => string;
}

function relatedId(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): RequestId | undefined {
  if (options?.relatedRequestId !== undefined) return options.relatedRequestId;
  const first = Array.isArray(message) ? message[0] : message;
  if (first !== undefined && !('method' in first) && first.id !== null) return first.id;
  return undefined;
}

/**
 * The transport of one Streamable HTTP session: messages related to a POST's requests go to that
 * POST's {@link Exchange}; everything else goes to the session's standalone GET stream (queued
 * until one is open). Each message travels on exactly one stream.
 */
export class HttpSession implements Transport {
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onclose?: () => void;
  session?: ServerSession;
  lastActive = Date.now();
  /** Who the session belongs to when requests are authenticated; other credentials cannot use it. */
  owner?: string;
  private readonly exchanges = new Map<RequestId, Exchange>();
  private readonly byStream = new Map<string, Exchange>();
  private readonly standaloneId: string;
  private standalone?: SseConnection;
  private queued: JsonRpcMessage[] = [];
  private closed = false;

  constructor(
    readonly id: string,
    private readonly settings: HttpSessionSettings,
    readonly protocolVersion: () => string,
  ) {
    this.standaloneId = `s${settings.newId()}`;
  }

  async start(): Promise<void> {}

  /** Open streams: active POST exchanges plus the GET stream. */
  get openStreams(): number {
    return this.byStream.size + (this.standalone && !this.standalone.closed ? 1 : 0);
  }

  get hasStandalone(): boolean {
    return this.standalone !== undefined && !this.standalone.closed;
  }

  /**
   * Starts the exchange for a POST's requests; its `response` resolves with the HTTP answer.
   * Undefined when one of the ids is already in flight (its answers could not be told apart).
   */
  openExchange(requestIds: RequestId[], headers: Record<string, string>, resumable: boolean): Exchange | undefined {
    if (requestIds.some((id) => this.exchanges.has(id)) || new Set(requestIds).size !== requestIds.length) return undefined;
    const context: ExchangeContext = {
      sessionId: this.id,
      headers,
      eventStore: resumable ? this.settings.eventStore : null,
      priming: this.protocolVersion() >= '2025-11-25',
      retryMs: this.settings.retryMs,
      keepAliveMs: this.settings.keepAliveMs,
    };
    const exchange = new Exchange(`p${this.settings.newId()}`, requestIds, context);
    for (const id of requestIds) this.exchanges.set(id, exchange);
    this.byStream.set(exchange.streamId, exchange);
    exchange.ondone = () => {
      for (const id of requestIds) if (this.exchanges.get(id) === exchange) this.exchanges.delete(id);
      this.byStream.delete(exchange.streamId);
    };
    return exchange;
  }

  /** Hands an inbound message to the engine. */
  receive(value: unknown, info: MessageInfo): void {
    this.lastActive = Date.now();
    this.onmessage?.(value, info);
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    if (this.closed) return;
    const related = relatedId(message, options);
    const exchange = related === undefined ? undefined : this.exchanges.get(related);
    if (exchange) return exchange.deliver(message);
    // Not tied to an open POST: the standalone stream (never a response there, unless resuming).
    const list = Array.isArray(message) ? message : [message];
    for (const item of list) {
      if (!('method' in item)) continue; // a response whose POST is gone: nowhere it may go
      if (this.standalone && !this.standalone.closed) await this.emitStandalone(item);
      else if (this.queued.length < MAX_QUEUED) this.queued.push(item);
    }
  }

  closeRequestStream(requestId: string | number): void {
    void this.exchanges.get(requestId)?.dropConnection();
  }

  /** Attaches a GET stream: a fresh standalone stream, or a resumed one after Last-Event-ID. */
  async attach(connection: SseConnection, replay?: { streamId: string; events: StoredEvent[] }): Promise<void> {
    this.lastActive = Date.now();
    const exchange = replay && this.byStream.get(replay.streamId);
    if (exchange) {
      await exchange.enqueue(() => exchange.attach(connection, replay?.events ?? []));
      return;
    }
    for (const event of replay?.events ?? []) connection.send({ id: event.id, data: JSON.stringify(event.message) });
    if (replay && replay.streamId !== this.standaloneId) {
      connection.close(); // a finished POST stream: nothing more will come
      return;
    }
    this.standalone?.close();
    this.standalone = connection;
    const store = this.settings.eventStore;
    if (store && this.protocolVersion() >= '2025-11-25' && !replay) {
      connection.send({ id: await store.append(this.id, this.standaloneId, null), data: '', retry: this.settings.retryMs });
    }
    for (const message of this.queued.splice(0)) await this.emitStandalone(message);
  }

  private async emitStandalone(message: JsonRpcMessage): Promise<void> {
    const store = this.settings.eventStore;
    const id = store ? await store.append(this.id, this.standaloneId, message) : undefined;
    this.standalone?.send({ id, data: JSON.stringify(message) });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const exchange of [...this.byStream.values()]) exchange.abort();
    this.standalone?.close();
    this.queued = [];
    await this.settings.eventStore?.deleteSession(this.id);
    this.onclose?.();
  }
}
