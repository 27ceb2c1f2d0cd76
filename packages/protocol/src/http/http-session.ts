import type { ServerSession } from '../engine/session.js';
import { SlotMap } from '../engine/slot-map.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo, SendOptions, Transport } from '../transports/transport.js';
import type { EventStore } from './event-store.js';
import { Exchange, relatedId } from './exchange.js';
import { type ExchangeContext, exchangeContext } from './exchange-context.js';
import type { PlainReply } from './http-input.js';
import { badRequest, storeDown } from './responses.js';
import { randomHex } from './session-id.js';
import type { SseConnection } from './sse.js';
import { isDroppable, type SseBudget } from './sse-budget.js';
import { reported, type StoreIncidents } from './store-incidents.js';
import type { SharedSessionStreams } from './stream-relay.js';

const DONE: Promise<void> = Promise.resolve();

/** A message for the standalone stream waits here while no GET stream is open (bounded). */
const MAX_QUEUED = 1000;

/** Per-endpoint settings a session transport needs. */
export interface HttpSessionSettings {
  eventStore: EventStore | null;
  retryMs: number;
  keepAliveMs: number;
  /** What SSE streams may queue for clients that do not read. */
  budget?: SseBudget;
  newId: () => string;
  /**
   * Present when sessions are shared between instances (the event store is shared too): the GET
   * stream then reads from the store, whichever instance wrote the event (set by the `ScaleOut`).
   */
  sharedStreams?: (sessionId: string, copyId: string) => SharedSessionStreams;
  /** Where event store failures are reported, once per outage (see {@link StoreIncidents}). */
  incidents: StoreIncidents;
}

const CONFLICT = 'Conflict: this session already has an open GET stream';

/**
 * The transport of one Streamable HTTP session: it opens each POST's {@link Exchange}, which the endpoint names
 * the POST's `replyTo` (the responses go there straight from the peer); other messages related to a POST's
 * requests (progress, logs, server→client requests) go to that exchange through {@link send}; everything else
 * to the session's standalone GET stream (queued until one is open). Each message travels on exactly one stream.
 */
export class HttpSession implements Transport {
  readonly networkTransport = 'tcp' as const;
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onclose?: () => void;
  session?: ServerSession;
  lastActive = Date.now();
  /** Who the session belongs to when requests are authenticated; other credentials cannot use it. */
  owner?: string;
  private readonly exchanges = new SlotMap<RequestId, Exchange>();
  private readonly byStream = new SlotMap<string, Exchange>();
  private readonly standaloneId: string;
  private standalone?: SseConnection;
  private queued: JsonRpcMessage[] = [];
  private standaloneQueue: Promise<void> = Promise.resolve();
  /** Shared mode: leases and followed streams. */
  private readonly shared?: SharedSessionStreams;
  private closed = false;
  private context?: ExchangeContext;

  constructor(
    readonly id: string,
    private readonly settings: HttpSessionSettings,
    readonly protocolVersion: () => string,
  ) {
    this.shared = settings.sharedStreams?.(id, settings.newId());
    this.standaloneId = this.shared?.standaloneId ?? `s${settings.newId()}`;
  }

  async start(): Promise<void> {}

  /** Open streams: active POST exchanges plus the GET stream. */
  get openStreams(): number {
    const followed = this.shared?.followed ?? 0;
    return this.byStream.size + followed + (this.hasStandalone ? 1 : 0);
  }

  get hasStandalone(): boolean {
    if (this.shared) return this.shared.hasStandalone;
    return this.standalone !== undefined && !this.standalone.closed;
  }

  /**
   * Starts the exchange for a POST's requests; its `response` resolves with the HTTP answer.
   * Undefined when one of the ids is already in flight (its answers could not be told apart).
   */
  openExchange(requestIds: RequestId[]): Exchange | undefined {
    for (const id of requestIds) if (this.exchanges.has(id)) return undefined;
    const exchange = new Exchange(`p${this.settings.newId()}`, requestIds, this.exchangeContext());
    for (const id of requestIds) this.exchanges.set(id, exchange);
    this.byStream.set(exchange.streamId, exchange);
    exchange.ondone = this.exchangeDone;
    return exchange;
  }

  /** One handler for every exchange of the session (not a closure per POST): forgets a finished exchange. */
  private readonly exchangeDone = (exchange: Exchange): void => {
    for (const id of exchange.requestIds) if (this.exchanges.get(id) === exchange) this.exchanges.delete(id);
    this.byStream.delete(exchange.streamId);
  };

  /**
   * What every exchange of this session shares. Made once per session, not per POST: only initialize can
   * change the version it depends on (2025-11-25 clients get a priming event), so it is made again then.
   */
  private exchangeContext(): ExchangeContext {
    const priming = this.protocolVersion() >= '2025-11-25';
    if (this.context?.priming !== priming) {
      this.context = exchangeContext(this.settings, {
        id: this.id,
        eventStore: this.settings.eventStore,
        priming,
        relay: this.shared,
        incidents: this.settings.incidents,
      });
    }
    return this.context;
  }

  // Not async: a message for a POST's exchange is handed over without another promise.
  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    if (this.closed) return DONE;
    const related = relatedId(message, options);
    const exchange = related === undefined ? undefined : this.exchanges.get(related);
    if (exchange) return exchange.deliver(message, options?.stepUp);
    return this.sendStandalone(message, options);
  }

  /** Not tied to an open POST: the standalone stream (never a response there, unless resuming). */
  private async sendStandalone(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    const list = Array.isArray(message) ? message : [message];
    if (this.shared) return this.shared.send(list, options?.dedupeKey);
    await this.enqueueStandalone(async () => {
      for (const item of list) {
        if (!('method' in item)) continue; // a response whose POST is gone: nowhere it may go
        if (this.standalone && !this.standalone.closed) await this.emitStandalone(item);
        else if (this.queued.length < MAX_QUEUED) this.queued.push(item);
      }
    });
  }

  /** Shared mode: copies new events from the store to the GET stream here, or to the stream named. */
  pump(streamId?: string): Promise<void> {
    return this.shared?.pump(streamId) ?? DONE;
  }

  /** The client resumed one of this session's POST streams on another instance. */
  resumedElsewhere(streamId: string): void {
    void this.byStream.get(streamId)?.dropConnection();
    this.shared?.resumedElsewhere(streamId);
  }

  requestDropped(requestId: RequestId): void {
    void this.exchanges.get(requestId)?.drop(requestId);
  }

  closeRequestStream(requestId: string | number): void {
    void this.exchanges.get(requestId)?.dropConnection();
  }

  /**
   * Attaches a GET stream: a fresh standalone stream, or, with `lastEventId`, the resumption of the
   * stream that event belongs to. Replay and attach run in that stream's message order, so nothing
   * sent in between is lost or sent twice. Resolves false when `lastEventId` is unknown, or with
   * the refusal to answer (409: another instance serves the GET stream; 503: the store is down).
   */
  async attach(connection: SseConnection, lastEventId?: string): Promise<boolean | PlainReply> {
    this.lastActive = Date.now();
    try {
      return await this.attachTo(connection, lastEventId);
    } catch (error) {
      connection.close();
      return storeDown(error);
    }
  }

  private async attachTo(connection: SseConnection, lastEventId?: string): Promise<boolean | PlainReply> {
    const store = this.settings.eventStore;
    const located = lastEventId !== undefined && store ? await store.replayAfter(this.id, lastEventId) : undefined;
    if (lastEventId !== undefined && located === undefined) return false;
    const exchange = located && this.byStream.get(located.streamId);
    if (exchange && store && lastEventId !== undefined) {
      await exchange.enqueue(async () => {
        const fresh = await store.replayAfter(this.id, lastEventId);
        exchange.attach(connection, fresh?.events ?? []);
      });
      this.shared?.resumedHere(exchange.streamId);
      return true;
    }
    if (located && lastEventId !== undefined && located.streamId !== this.standaloneId) {
      // A POST stream not running here: followed while it runs elsewhere, else replayed and ended.
      if (this.shared) {
        await this.shared.follow(located.streamId, connection, lastEventId);
        return true;
      }
      for (const event of located.events) connection.send({ id: event.id, data: JSON.stringify(event.message) });
      connection.close();
      return true;
    }
    if (this.shared) {
      const priming = lastEventId === undefined && this.protocolVersion() >= '2025-11-25';
      if (await this.shared.attachStandalone(connection, lastEventId, priming, this.settings.retryMs)) return true;
      return badRequest(409, `${CONFLICT} (on another instance)`);
    }
    await this.enqueueStandalone(async () => {
      const fresh = store && lastEventId !== undefined ? await store.replayAfter(this.id, lastEventId) : undefined;
      for (const event of fresh?.events ?? []) connection.send({ id: event.id, data: JSON.stringify(event.message) });
      this.standalone?.close();
      this.standalone = connection;
      if (store && lastEventId === undefined && this.protocolVersion() >= '2025-11-25') {
        // Not stored (the store is down): the stream opens all the same, only not resumable.
        const stored = store.append(this.id, this.standaloneId, null);
        const id = await reported(stored, this.settings.incidents, 'streams not resumable');
        if (id !== undefined) connection.send({ id, data: '', retry: this.settings.retryMs });
      }
      for (const message of this.queued.splice(0)) await this.emitStandalone(message);
    });
    return true;
  }

  private enqueueStandalone(task: () => Promise<void>): Promise<void> {
    const next = this.standaloneQueue.then(task);
    this.standaloneQueue = next.catch(() => undefined);
    return next;
  }

  private async emitStandalone(message: JsonRpcMessage): Promise<void> {
    const data = JSON.stringify(message);
    const droppable = isDroppable(message);
    // As on a POST stream: a log the stream drops is not stored for resumption either.
    if (droppable && this.standalone?.wouldDrop(data.length)) {
      this.standalone.dropped++;
      return;
    }
    const store = this.settings.eventStore;
    const cost = 'GET stream messages sent without being stored';
    const stored = store ? store.append(this.id, this.standaloneId, message, data.length) : undefined;
    const id = stored && (await reported(stored, this.settings.incidents, cost));
    this.standalone?.send({ id, data }, droppable);
  }

  /**
   * Closes this instance's hold on the session. Its stored events are forgotten when `forget` is
   * true: by default only when sessions are not shared (another instance may still serve it).
   */
  async close(forget = this.shared === undefined): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const exchange of this.byStream.values()) exchange.abort();
    this.standalone?.close();
    this.shared?.close();
    this.queued = [];
    if (forget) await this.settings.eventStore?.deleteSession(this.id);
    this.onclose?.();
  }
}

/**
 * Stream ids for one endpoint: a random prefix, so instances sharing an event store never collide,
 * then a counter. A stream id only needs to be unique (the session id is the secret), and drawing
 * random bytes for every POST was a visible share of a request's CPU.
 */
export function streamIdSource(): () => string {
  const prefix = randomHex(8);
  let next = 0;
  return () => `${prefix}${(next++).toString(36)}`;
}
