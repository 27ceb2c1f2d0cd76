import { type Deferred, deferred } from '../engine/maybe-promise.js';
import { ErrorCode, type StepUp } from '../jsonrpc/errors.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { SendOptions } from '../transports/transport.js';
import type { EventStore } from './event-store.js';
import type { ExchangeContext } from './exchange-context.js';
import type { HttpReply, PlainReply } from './http-input.js';
import { jsonReply } from './responses.js';
import { SseConnection, sseHeaders } from './sse.js';
import { isDroppable } from './sse-budget.js';
import { reported } from './store-incidents.js';

/** The error of a request whose exchange ended before its handler answered. */
const ABORTED = Object.freeze({
  code: ErrorCode.InternalError,
  message: 'Request aborted: the session closed (or the server shut down) before it was answered',
});

const DONE: Promise<void> = Promise.resolve();

const isResponse = (m: JsonRpcMessage): boolean => !('method' in m) && ('result' in m || 'error' in m);
const onlyResponses = (m: JsonRpcMessage | JsonRpcMessage[]): boolean =>
  Array.isArray(m) ? m.every(isResponse) : isResponse(m);
/** A lone message as itself, several as a batch. */
const bodyOf = (list: JsonRpcMessage[]): JsonRpcMessage | JsonRpcMessage[] =>
  list.length === 1 ? (list[0] as JsonRpcMessage) : list;

/**
 * The answer to one POST carrying requests. It stays undecided until the first related message:
 * if that is the last response, the POST gets plain JSON; if a notification or a server→client
 * request comes first, it becomes an SSE stream that carries everything related to the POST's
 * requests and ends after the last response. A dropped connection does not end the exchange:
 * with an event store, the client resumes it with GET + Last-Event-ID.
 */
export class Exchange {
  /** Called once the last response has been delivered (or the session closed), with this exchange. */
  ondone?: (exchange: Exchange) => void;
  /**
   * Called when the client closes the exchange's SSE stream before the last response (a modern request: that
   * cancels it). Set once the exchange outlives the turn it began in: a request answered at once has nothing
   * to cancel, and a hook set from the start would keep the request alive with the exchange.
   */
  ondisconnect?: () => void;
  /** The ids still awaiting their response. */
  private readonly pending: RequestId[];
  private mode: 'pending' | 'sse' | 'done' = 'pending';
  private buffered: JsonRpcMessage[] = [];
  private connection?: SseConnection;
  private queue: Promise<void> = DONE;
  /** The step-up of the last response delivered (a lone one becomes a 403). */
  private stepUp?: StepUp;
  /** Tasks queued and not yet settled. */
  private tasks = 0;
  // Made at the first enqueue: made per exchange, it kept a load's early exchanges alive (docs/benchmarks.md).
  private taskDone?: () => void;
  /**
   * The POST's answer once decided, and the promises of it and of the end, made only when asked for:
   * a request answered in the turn it arrived (nearly every tools/call) needs neither.
   */
  private decided?: HttpReply;
  private answered?: Deferred<HttpReply>;
  private ended?: Deferred<void>;

  constructor(
    readonly streamId: string,
    /** The ids of the POST's requests (answered or not). */
    readonly requestIds: readonly RequestId[],
    private readonly context: ExchangeContext,
  ) {
    // A list, not a Set: a POST carries one request or a small batch.
    this.pending = [...requestIds];
  }

  /** The POST's answer: plain JSON, or an SSE `Response`. */
  get response(): Promise<HttpReply> {
    if (this.decided !== undefined) return Promise.resolve(this.decided);
    this.answered ??= deferred();
    return this.answered.promise;
  }

  /** The answer itself once decided (a request answered synchronously), else a promise of it. */
  get reply(): HttpReply | Promise<HttpReply> {
    return this.decided ?? this.response;
  }

  /** Resolves once the exchange is over (last response delivered, or aborted). */
  get finished(): Promise<void> {
    if (this.mode === 'done' && this.ended === undefined) return DONE;
    this.ended ??= deferred();
    return this.ended.promise;
  }

  get done(): boolean {
    return this.mode === 'done';
  }

  /** True while an SSE connection is attached. */
  get connected(): boolean {
    return this.connection !== undefined && !this.connection.closed;
  }

  /**
   * Routes one message related to this exchange's requests; messages keep their order. `stepUp`
   * comes with an error response refused for want of scopes (see {@link SendOptions.stepUp}).
   */
  deliver(message: JsonRpcMessage | JsonRpcMessage[], stepUp?: StepUp): Promise<void> {
    // Undecided with nothing queued, and only responses: held, or answered as plain JSON, at once.
    if (this.tasks === 0 && this.mode === 'pending' && onlyResponses(message)) {
      this.hold(message, stepUp);
      return DONE;
    }
    return this.enqueue(() => this.write(message, stepUp));
  }

  /** Runs `task` after every message already delivered, in order. */
  enqueue(task: () => Promise<void> | void): Promise<void> {
    this.tasks++;
    this.taskDone ??= () => this.tasks--;
    const next = this.queue.then(task);
    this.queue = next.then(this.taskDone, this.taskDone);
    return next;
  }

  /**
   * Ends the current connection without ending the exchange (the client will reconnect and
   * resume). Switches an undecided exchange to SSE first, so there is an event id to resume from.
   */
  dropConnection(): Promise<void> {
    return this.enqueue(async () => {
      if (this.mode === 'done' || this.context.eventStore === null) return;
      if (this.mode === 'pending') await this.startSse();
      this.connection?.send({ data: '', retry: this.context.retryMs });
      this.connection?.close();
    });
  }

  /** Attaches a resumed connection: replays what it missed, then streams the rest. */
  attach(connection: SseConnection, missed: { id: string; message: JsonRpcMessage }[]): void {
    for (const event of missed) connection.send({ id: event.id, data: JSON.stringify(event.message) });
    if (this.mode === 'done') {
      connection.close();
      return;
    }
    this.connection?.close();
    this.connection = connection;
  }

  /**
   * Ends the exchange without waiting for more (session closed, shutdown past its drain timeout):
   * each request still unanswered gets a JSON-RPC error, never a bare 404 that clients would read
   * as an expired session.
   */
  abort(): void {
    if (this.mode === 'done') return;
    const errors: JsonRpcMessage[] = this.pending.map((id) => ({ jsonrpc: '2.0', id, error: ABORTED }));
    this.pending.length = 0;
    if (this.mode === 'pending') {
      this.decide(this.json(bodyOf([...this.buffered, ...errors])));
    } else {
      for (const error of errors) this.connection?.send({ data: JSON.stringify(error) });
    }
    this.finish();
  }

  /**
   * The engine will send no response to `id` (it was cancelled): stop waiting for it, and end the
   * POST once nothing else is awaited — an unanswered 202, or the end of the SSE stream.
   */
  drop(id: RequestId): Promise<void> {
    return this.enqueue(() => {
      if (this.mode === 'done' || !this.settled(id) || this.pending.length > 0) return;
      if (this.mode === 'pending') {
        const list = this.buffered;
        this.decide(
          list.length === 0
            ? { status: 202, headers: { ...this.context.headers }, body: null }
            : this.json(bodyOf(list)),
        );
      }
      this.finish();
    });
  }

  private async write(message: JsonRpcMessage | JsonRpcMessage[], stepUp?: StepUp): Promise<void> {
    if (this.mode === 'done') return;
    if (this.mode === 'pending' && onlyResponses(message)) return this.hold(message, stepUp);
    const list = Array.isArray(message) ? message : [message];
    const responses = list.filter(isResponse);
    for (const response of responses) this.settled((response as { id: RequestId }).id);
    const final = responses.length > 0 && this.pending.length === 0;
    if (this.mode === 'pending') await this.startSse();
    await this.emit(message);
    if (final) this.finish();
  }

  /** Stops awaiting `id`; false when it was not awaited. */
  private settled(id: RequestId): boolean {
    const at = this.pending.indexOf(id);
    if (at === -1) return false;
    this.pending.copyWithin(at, at + 1); // not `splice`, which makes an array per response
    this.pending.length--;
    return true;
  }

  /** Responses while undecided: kept until the last one, then all of them are the POST's plain JSON answer. */
  private hold(message: JsonRpcMessage | JsonRpcMessage[], stepUp: StepUp | undefined): void {
    if (stepUp !== undefined) this.stepUp = stepUp;
    const batch = Array.isArray(message);
    if (batch) for (const response of message) this.settled((response as { id: RequestId }).id);
    else this.settled((message as { id: RequestId }).id);
    // Nothing held and nothing else awaited: the answer goes out as it is; otherwise responses wait for the rest.
    const alone = this.pending.length === 0 && this.buffered.length === 0;
    if (!alone) this.buffered.push(...(batch ? message : [message]));
    if (this.pending.length === 0) this.answer(alone ? message : this.buffered, alone && !batch);
  }

  /** The POST's plain JSON answer, once every response is in. */
  private answer(body: JsonRpcMessage | JsonRpcMessage[], lone: boolean): void {
    // A lone refusal for want of scopes: 403, with the step-up as data for the endpoint's challenge.
    if (lone && this.stepUp !== undefined)
      this.decide({ ...jsonReply(403, body, this.context.headers), stepUp: this.stepUp });
    else this.decide(this.json(body));
    this.finish();
  }

  private async startSse(): Promise<void> {
    this.mode = 'sse';
    const connection = new SseConnection(this.context.keepAliveMs, this.context.budget);
    this.connection = connection;
    connection.onclose = () => {
      if (this.mode !== 'done') this.ondisconnect?.();
    };
    this.decide(new Response(connection.stream, { status: 200, headers: sseHeaders(this.context.headers) }));
    if (this.context.eventStore !== null) this.context.relay?.opened(this.streamId, [...this.pending]);
    if (this.context.eventStore !== null && this.context.priming) {
      // Without a stored priming event the stream is not resumable, but it still carries everything live.
      const id = await this.store(null);
      if (id !== undefined) connection.send({ id, data: '', retry: this.context.retryMs });
    }
    const buffered = this.buffered.splice(0);
    for (const message of buffered) await this.emit(message);
  }

  private async emit(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    const data = JSON.stringify(message);
    const droppable = isDroppable(message);
    // A log the stream drops is not stored either: what is kept for resumption stays within its budget.
    if (droppable && this.connected && this.connection?.wouldDrop(data.length)) {
      this.connection.dropped++;
      return;
    }
    const id = this.context.eventStore === null ? undefined : await this.store(message, data.length);
    if (this.connected) this.connection?.send({ id, data }, droppable);
    else if (id !== undefined) this.context.relay?.stored(this.streamId);
  }

  /** Stores an event; undefined when the store fails: it then goes out live without an id (never fails the call). */
  private store(message: JsonRpcMessage | JsonRpcMessage[] | null, bytes?: number): Promise<string | undefined> {
    const store = this.context.eventStore as EventStore;
    const stored = store.append(this.context.sessionId, this.streamId, message, bytes);
    const cost = message === null ? 'streams not resumable' : 'events sent without being stored';
    return reported(stored, this.context.incidents, cost);
  }

  /** A plain JSON answer (its status from the endpoint's mapping), with the context's shared headers. */
  private json(body: JsonRpcMessage | JsonRpcMessage[]): PlainReply {
    const status = this.context.statusOf?.(body as JsonRpcMessage) ?? 200;
    return { status, headers: this.context.jsonHeaders as Record<string, string>, body: JSON.stringify(body) };
  }

  /** Settles the POST's answer (once: what an exchange answers first is its answer). */
  private decide(reply: HttpReply): void {
    if (this.decided !== undefined) return;
    this.decided = reply;
    this.answered?.resolve(reply);
  }

  /** Ends the exchange and its connection (with no client connected here, another may follow it). */
  private finish(): void {
    if (this.mode === 'done' && this.ondone === undefined) return;
    const followed = !this.connected;
    this.connection?.close();
    if (this.mode === 'sse' && this.context.eventStore !== null) this.context.relay?.closed(this.streamId, followed);
    this.mode = 'done';
    // Nothing is sent after the end: what was buffered for the answer goes with the hook that could cancel.
    if (this.buffered.length > 0) this.buffered = [];
    this.ondisconnect = undefined;
    const done = this.ondone;
    this.ondone = undefined;
    done?.(this);
    this.ended?.resolve();
  }
}

/** The inbound request a message belongs to: named by the engine, or the id of a lone response. */
export function relatedId(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): RequestId | undefined {
  if (options?.relatedRequestId !== undefined) return options.relatedRequestId;
  const first = Array.isArray(message) ? message[0] : message;
  if (first !== undefined && !('method' in first) && first.id !== null) return first.id;
  return undefined;
}
