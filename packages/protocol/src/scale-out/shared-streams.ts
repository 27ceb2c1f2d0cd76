// The part of a session's streams that spans instances (sessions shared through a ScaleOut): the
// lease that keeps one GET stream per session cluster-wide, the leases of running POST streams, and
// the follower that serves a POST stream running elsewhere on the instance a client resumed it on.

import type { EventStore, StreamLeases } from '../http/event-store.js';
import type { SseConnection } from '../http/sse.js';
import { EVENT_STORE_ROLE, reported, type StoreIncidents } from '../http/store-incidents.js';
import type { SharedSessionStreams } from '../http/stream-relay.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import { endSuperseded, ownEvents, STREAM_START, sendOwn } from './get-stream-starts.js';
import { StreamFollower } from './stream-follower.js';

/** What the cluster link offers the streams of its sessions. */
export interface ClusterStreams {
  /** This instance, as a lease holder. */
  readonly instanceId: string;
  /** Tells the others that a session's stream (its GET stream by default) has new events. */
  wake(sessionId: string, streamId?: string): void;
  /** Tells the others that the client resumed one of the session's streams here. */
  resumed(sessionId: string, streamId: string): void;
}

/** The GET stream's id when sessions are shared: every instance must name it the same. */
export const SHARED_STANDALONE_ID = 's';

const DONE: Promise<void> = Promise.resolve();

type Timer = ReturnType<typeof setInterval>;

/** Leases live in the event store: their failures are its outage, not one more line in the log. */
const LEASE_ROLE = EVENT_STORE_ROLE;

/** How often leases are renewed, and followers look at the store when no wake came, in ms. */
const renewEvery = (leases: StreamLeases): number => Math.max(50, Math.floor(leases.ttlMs / 3));

/** The cluster-wide side of one session's streams on this instance. */
export class SharedStreams implements SharedSessionStreams {
  readonly standaloneId = SHARED_STANDALONE_ID;
  private readonly leases?: StreamLeases;
  /** This copy of the session, as the holder of its GET stream's lease. */
  private readonly holder: string;
  private standaloneTimer?: Timer;
  /** The session's GET stream, when this instance serves it, and the id of the last event sent on it. */
  private standalone?: SseConnection;
  private cursor?: string;
  private standaloneQueue: Promise<void> = Promise.resolve();
  /** The POST streams running here: their lease's holder (this instance, and the requests) and renewal. */
  private readonly running = new Map<string, { holder: string; timer: Timer }>();
  private readonly followers = new Map<string, StreamFollower>();

  constructor(
    private readonly sessionId: string,
    private readonly store: EventStore,
    private readonly cluster: ClusterStreams,
    copyId: string,
    private readonly incidents?: StoreIncidents,
  ) {
    this.leases = store.leases;
    this.holder = `${cluster.instanceId}:${copyId}`;
  }

  /** True while the session's GET stream is open here. */
  get hasStandalone(): boolean {
    return this.standalone !== undefined && !this.standalone.closed;
  }

  /**
   * The store is the GET stream's mailbox: whichever instance sends appends (once per broadcast),
   * and the instance holding the GET stream copies new events from the store to it. A message the
   * store refuses goes out live when the GET stream is here, else it is dropped; a broadcast always
   * is (another copy of the session may have stored it: sent live too, it would arrive twice).
   */
  async send(list: readonly JsonRpcMessage[], dedupeKey: string | undefined): Promise<void> {
    const store = this.store;
    let appended = false;
    for (const item of list) {
      if (!('method' in item)) continue; // a response whose POST is gone: nowhere it may go
      try {
        const id =
          dedupeKey !== undefined && store.appendOnce
            ? await store.appendOnce(this.sessionId, SHARED_STANDALONE_ID, item, dedupeKey)
            : await store.append(this.sessionId, SHARED_STANDALONE_ID, item);
        this.incidents?.recovered(EVENT_STORE_ROLE);
        appended ||= id !== undefined;
      } catch (error) {
        const live = this.hasStandalone && dedupeKey === undefined;
        const cost = live ? 'GET stream messages sent without being stored' : 'GET stream messages dropped';
        this.incidents?.failed(EVENT_STORE_ROLE, cost, error);
        if (live) await this.enqueue(async () => void this.standalone?.send({ data: JSON.stringify(item) }));
      }
    }
    if (!appended) return;
    this.cluster.wake(this.sessionId);
    await this.pumpStandalone();
  }

  /**
   * Serves the GET stream on `connection`: a fresh one only when no other instance serves it, a
   * resumption in any case unless a newer stream started since (ownEvents). False when refused.
   */
  async attachStandalone(
    connection: SseConnection,
    lastEventId: string | undefined,
    priming: boolean,
    retryMs: number,
  ): Promise<boolean> {
    if (lastEventId !== undefined) {
      const read = ownEvents((await this.store.replayAfter(this.sessionId, lastEventId))?.events ?? []);
      if (read.superseded) return endSuperseded(connection, read.own);
    }
    if (!(await this.claimStandalone(lastEventId !== undefined, () => connection.close()))) {
      connection.close();
      return false;
    }
    connection.onclose = () => {
      if (this.standalone === connection) this.releaseStandalone();
    };
    await this.enqueue(async () => {
      // Replaced before the old one closes: its close must not release the lease just taken.
      const previous = this.standalone;
      this.standalone = connection;
      previous?.close();
      // Every stream served, a resumption too, starts a run of its own: another stream of the client
      // resumed later finds this start after its id and ends (ownEvents), even where the store lost
      // the starts of earlier runs (Redis back from an older snapshot). Then the replay: what this
      // stream had not delivered, up to the first start after its id.
      const start = await this.store.append(this.sessionId, SHARED_STANDALONE_ID, STREAM_START);
      const replay = lastEventId === undefined ? undefined : await this.store.replayAfter(this.sessionId, lastEventId);
      sendOwn(connection, ownEvents(replay?.events ?? []).own);
      this.cursor = start;
      // A resumed stream gets an id too: a client that tracks ids per stream (the official one) then
      // has one to resume from, in this run, should this stream break before its next event.
      if (priming || lastEventId !== undefined) connection.send({ id: start, data: '', retry: retryMs });
    });
    await this.pumpStandalone();
    return true;
  }

  /** Copies new events from the store to the GET stream here, or (with `streamId`) to that followed stream. */
  pump(streamId?: string): Promise<void> {
    if (streamId !== undefined && streamId !== SHARED_STANDALONE_ID)
      return this.followers.get(streamId)?.pump() ?? DONE;
    return this.pumpStandalone();
  }

  /** Sends what the store holds after the cursor on the GET stream here, if it is still this instance's. */
  private pumpStandalone(): Promise<void> {
    return this.enqueue(async () => {
      const cursor = this.cursor;
      if (!this.hasStandalone || cursor === undefined) return;
      const read = Promise.all([this.holdsStandalone(), this.store.replayAfter(this.sessionId, cursor)]);
      // The store is down: what it holds is read at the next wake (this never fails a sender).
      const [held, fresh] = (await reported(read, this.incidents, 'GET stream reads deferred')) ?? [true, undefined];
      if (!held) {
        this.standalone?.close();
        return;
      }
      // A GET stream opened after this one's cursor: what follows its start is that stream's only.
      const { own, superseded } = ownEvents(fresh?.events ?? []);
      for (const event of own) {
        if (!this.standalone?.send({ id: event.id, data: JSON.stringify(event.message) })) return;
        this.cursor = event.id;
      }
      if (superseded) this.standalone?.close();
    });
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.standaloneQueue.then(task);
    this.standaloneQueue = next.catch(() => undefined);
    return next;
  }

  /** Streams followed here for another instance. */
  get followed(): number {
    return this.followers.size;
  }

  /**
   * Claims the GET stream for a connection here: a fresh GET only when no other instance serves
   * one, a resumption (`takeOver`) in any case; the previous holder sees it lost at its next look.
   * `lost` runs when another instance takes it later. Resolves false when refused.
   */
  private async claimStandalone(takeOver: boolean, lost: () => void): Promise<boolean> {
    const leases = this.leases;
    if (leases === undefined) return true;
    if (!(await leases.acquire(this.sessionId, SHARED_STANDALONE_ID, this.holder, takeOver))) {
      // Held by an earlier copy of the session on this instance (closed since): ours to take.
      const current = await leases.holder(this.sessionId, SHARED_STANDALONE_ID);
      if (!current?.startsWith(`${this.cluster.instanceId}:`)) return false;
      await leases.acquire(this.sessionId, SHARED_STANDALONE_ID, this.holder, true);
    }
    clearInterval(this.standaloneTimer);
    this.standaloneTimer = setInterval(() => {
      this.holdsStandalone().then((held) => this.leaseWorked() || held || lost(), this.leaseFailed);
    }, renewEvery(leases));
    this.standaloneTimer.unref?.();
    if (takeOver) this.cluster.wake(this.sessionId);
    return true;
  }

  /** Renews the GET stream's lease (retaking it if it lapsed); false when another instance took it. */
  holdsStandalone(): Promise<boolean> {
    if (this.leases === undefined) return Promise.resolve(true);
    return this.leases.acquire(this.sessionId, SHARED_STANDALONE_ID, this.holder);
  }

  /** The GET stream here ended: its lease is free for any instance. */
  releaseStandalone(): void {
    if (this.standaloneTimer === undefined) return;
    clearInterval(this.standaloneTimer);
    this.standaloneTimer = undefined;
    this.leases?.release(this.sessionId, SHARED_STANDALONE_ID, this.holder).then(this.leaseWorked, this.leaseFailed);
  }

  opened(streamId: string, requestIds: readonly RequestId[]): void {
    const leases = this.leases;
    if (leases === undefined) return;
    // The requests ride along: an instance following the stream answers them if this one dies.
    const holder = `${this.cluster.instanceId} ${JSON.stringify(requestIds)}`;
    const hold = () => leases.acquire(this.sessionId, streamId, holder, true).then(this.leaseWorked, this.leaseFailed);
    void hold();
    const timer = setInterval(hold, renewEvery(leases));
    timer.unref?.();
    this.running.set(streamId, { holder, timer });
  }

  stored(streamId: string): void {
    this.cluster.wake(this.sessionId, streamId);
  }

  closed(streamId: string, followed: boolean): void {
    const running = this.running.get(streamId);
    if (running === undefined) return;
    clearInterval(running.timer);
    this.running.delete(streamId);
    const released = this.leases
      ?.release(this.sessionId, streamId, running.holder)
      .then(this.leaseWorked, this.leaseFailed);
    // After the release: a follower that reads no holder knows it has read the last event.
    if (followed) void Promise.resolve(released).then(() => this.cluster.wake(this.sessionId, streamId));
  }

  /**
   * Serves, on `connection`, a POST stream that may still run on another instance: what the store
   * holds after `lastEventId`, then its events as they are stored, until its lease is released
   * (the last response sent) or lapses (its instance died): one that no longer runs just replays.
   */
  follow(streamId: string, connection: SseConnection, lastEventId: string): Promise<void> {
    this.followers.get(streamId)?.connection.close();
    const every = this.leases ? renewEvery(this.leases) : 1_000;
    const follower = new StreamFollower(
      connection,
      this.sessionId,
      streamId,
      lastEventId,
      this.store,
      every,
      this.incidents,
    );
    // Registered before the first read, so a wake that arrives meanwhile is not missed.
    this.followers.set(streamId, follower);
    connection.onclose = () => {
      follower.stop();
      if (this.followers.get(streamId) === follower) this.followers.delete(streamId);
    };
    this.cluster.resumed(this.sessionId, streamId);
    return follower.pump();
  }

  /** The client resumed one of the session's POST streams running here: the others stop serving it. */
  resumedHere(streamId: string): void {
    this.cluster.resumed(this.sessionId, streamId);
  }

  /** The client resumed `streamId` on another instance: stop following it here. */
  resumedElsewhere(streamId: string): void {
    this.followers.get(streamId)?.connection.close();
  }

  /** The session copy closes: ends followers, stops renewing, frees the GET stream's lease. */
  close(): void {
    for (const follower of [...this.followers.values()]) follower.connection.close();
    this.standalone?.close();
    for (const { timer } of this.running.values()) clearInterval(timer);
    this.running.clear();
    this.releaseStandalone();
  }

  private readonly leaseFailed = (error: unknown): void => {
    this.incidents?.failed(LEASE_ROLE, 'lease operations failed', error);
  };

  /** Ends an outage of the leases, if any; false, so that it chains with `||`. */
  private readonly leaseWorked = (): false => {
    this.incidents?.recovered(LEASE_ROLE);
    return false;
  };
}
