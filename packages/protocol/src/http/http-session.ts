import type { ServerSession } from '../engine/session.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo, SendOptions, Transport } from '../transports/transport.js';
import type { EventStore } from './event-store.js';
import { Exchange, type ExchangeContext, exchangeContext, relatedId } from './exchange.js';
import type { PlainReply } from './http-input.js';
import { badRequest, storeDown } from './responses.js';
import { type ClusterStreams, SHARED_STANDALONE_ID, SharedStreams } from './shared-streams.js';
import type { SseConnection } from './sse.js';
import { isDroppable, type SseBudget } from './sse-budget.js';
import { EVENT_STORE_ROLE, type StoreIncidents } from './store-incidents.js';

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
   * stream then reads from the store, whichever instance wrote the event, and `wake` tells the
   * other instances that a session has new events for its GET stream.
   */
  cluster?: ClusterStreams;
  /** Where event store failures are reported, once per outage (see {@link StoreIncidents}). */
  incidents?: StoreIncidents;
}

const CONFLICT = 'Conflict: this session already has an open GET stream';

/**
 * The transport of one Streamable HTTP session: messages related to a POST's requests go to that
 * POST's {@link Exchange}; everything else goes to the session's standalone GET stream (queued
 * until one is open). Each message travels on exactly one stream.
 */
export class HttpSession implements Transport {
  readonly networkTransport = 'tcp' as const;
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
  private standaloneQueue: Promise<void> = Promise.resolve();
  /** Shared mode: the id of the last event sent on this instance's GET stream. */
  private cursor?: string;
  /** Shared mode: leases and followed streams. */
  private readonly shared?: SharedStreams;
  private closed = false;

  constructor(
    readonly id: string,
    private readonly settings: HttpSessionSettings,
    readonly protocolVersion: () => string,
  ) {
    this.standaloneId = settings.cluster ? SHARED_STANDALONE_ID : `s${settings.newId()}`;
    if (settings.cluster && settings.eventStore) {
      this.shared = new SharedStreams(id, settings.eventStore, settings.cluster, settings.newId(), settings.incidents);
    }
  }

  async start(): Promise<void> {}

  /** Open streams: active POST exchanges plus the GET stream. */
  get openStreams(): number {
    const followed = this.shared?.followed ?? 0;
    return this.byStream.size + followed + (this.standalone && !this.standalone.closed ? 1 : 0);
  }

  get hasStandalone(): boolean {
    return this.standalone !== undefined && !this.standalone.closed;
  }

  /**
   * Starts the exchange for a POST's requests; its `response` resolves with the HTTP answer.
   * Undefined when one of the ids is already in flight (its answers could not be told apart).
   */
  openExchange(requestIds: RequestId[]): Exchange | undefined {
    if (requestIds.some((id) => this.exchanges.has(id))) return undefined;
    // Duplicate ids could not be told apart; a lone request (nearly every POST) has none.
    if (requestIds.length > 1 && new Set(requestIds).size !== requestIds.length) return undefined;
    const priming = this.protocolVersion() >= '2025-11-25';
    const context: ExchangeContext = exchangeContext(this.settings, {
      id: this.id,
      eventStore: this.settings.eventStore,
      priming,
      relay: this.shared,
      incidents: this.settings.incidents,
    });
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

  // Not async: a message for a POST's exchange (nearly all of them) is handed over without another promise.
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
    if (this.settings.cluster && this.settings.eventStore) return this.sendShared(list, options?.dedupeKey);
    await this.enqueueStandalone(async () => {
      for (const item of list) {
        if (!('method' in item)) continue; // a response whose POST is gone: nowhere it may go
        if (this.standalone && !this.standalone.closed) await this.emitStandalone(item);
        else if (this.queued.length < MAX_QUEUED) this.queued.push(item);
      }
    });
  }

  /**
   * Shared mode: the store is the GET stream's mailbox. Whichever instance sends appends (once per
   * broadcast), and the instance holding the GET stream copies new events from the store to it.
   * A message the store refuses goes out live when the GET stream is here, else it is dropped.
   */
  private async sendShared(list: JsonRpcMessage[], dedupeKey: string | undefined): Promise<void> {
    const store = this.settings.eventStore as EventStore;
    let appended = false;
    for (const item of list) {
      if (!('method' in item)) continue; // a response whose POST is gone: nowhere it may go
      try {
        const id =
          dedupeKey !== undefined && store.appendOnce
            ? await store.appendOnce(this.id, this.standaloneId, item, dedupeKey)
            : await store.append(this.id, this.standaloneId, item);
        this.settings.incidents?.recovered(EVENT_STORE_ROLE);
        appended ||= id !== undefined;
      } catch (error) {
        const live = this.hasStandalone;
        const cost = live ? 'GET stream messages sent without being stored' : 'GET stream messages dropped';
        this.settings.incidents?.failed(EVENT_STORE_ROLE, cost, error);
        if (live) await this.enqueueStandalone(async () => void this.standalone?.send({ data: JSON.stringify(item) }));
      }
    }
    if (!appended) return;
    this.settings.cluster?.wake(this.id);
    await this.pump();
  }

  /**
   * Shared mode: sends what the store holds after the cursor on this instance's GET stream, if open
   * and still its own (another instance may have taken it over); or, with `streamId`, what a POST
   * stream followed here has new.
   */
  pump(streamId?: string): Promise<void> {
    if (streamId !== undefined && streamId !== this.standaloneId) return this.shared?.pump(streamId) ?? DONE;
    return this.enqueueStandalone(async () => {
      const store = this.settings.eventStore;
      const cursor = this.cursor;
      if (!store || !this.hasStandalone || cursor === undefined) return;
      const [held, fresh] = await Promise.all([
        this.shared?.holdsStandalone() ?? true,
        store.replayAfter(this.id, cursor),
      ]);
      if (!held) {
        this.standalone?.close();
        return;
      }
      for (const event of fresh?.events ?? []) {
        if (!this.standalone?.send({ id: event.id, data: JSON.stringify(event.message) })) return;
        this.cursor = event.id;
      }
    });
  }

  /** The client resumed one of this session's POST streams on another instance. */
  resumedElsewhere(streamId: string): void {
    this.byStream.get(streamId)?.detach();
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
      this.settings.cluster?.resumed(this.id, exchange.streamId);
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
    if (this.shared && store) {
      const shared = this.shared;
      if (!(await shared.claimStandalone(lastEventId !== undefined, () => connection.close()))) {
        connection.close();
        return badRequest(409, `${CONFLICT} (on another instance)`);
      }
      connection.onclose = () => {
        if (this.standalone === connection) shared.releaseStandalone();
      };
      await this.enqueueStandalone(async () => {
        this.standalone?.close();
        this.standalone = connection;
        this.cursor = lastEventId ?? (await store.append(this.id, this.standaloneId, null));
        if (lastEventId === undefined && this.protocolVersion() >= '2025-11-25') {
          connection.send({ id: this.cursor, data: '', retry: this.settings.retryMs });
        }
      });
      await this.pump(); // on resumption, this is the replay
      return true;
    }
    await this.enqueueStandalone(async () => {
      const fresh = store && lastEventId !== undefined ? await store.replayAfter(this.id, lastEventId) : undefined;
      for (const event of fresh?.events ?? []) connection.send({ id: event.id, data: JSON.stringify(event.message) });
      this.standalone?.close();
      this.standalone = connection;
      if (store && lastEventId === undefined && this.protocolVersion() >= '2025-11-25') {
        connection.send({
          id: await store.append(this.id, this.standaloneId, null),
          data: '',
          retry: this.settings.retryMs,
        });
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
    const store = this.settings.eventStore;
    let id: string | undefined;
    try {
      id = store ? await store.append(this.id, this.standaloneId, message) : undefined;
    } catch (error) {
      this.settings.incidents?.failed(EVENT_STORE_ROLE, 'GET stream messages sent without being stored', error);
    }
    this.standalone?.send({ id, data: JSON.stringify(message) }, isDroppable(message));
  }

  /**
   * Closes this instance's hold on the session. Its stored events are forgotten when `forget` is
   * true: by default only when sessions are not shared (another instance may still serve it).
   */
  async close(forget = this.settings.cluster === undefined): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const exchange of [...this.byStream.values()]) exchange.abort();
    this.standalone?.close();
    this.shared?.close();
    this.queued = [];
    if (forget) await this.settings.eventStore?.deleteSession(this.id);
    this.onclose?.();
  }
}
