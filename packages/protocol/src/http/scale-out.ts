// The seam between the session endpoint and the machinery that shares its sessions between instances.
// Types only: the machinery itself (session copies kept in step with a store, shared streams, the bus
// link) lives behind `@decorum/protocol/scale-out`, and the endpoint reaches it only through a
// `ScaleOut` it is given, so a single instance never loads it.
import type { ProtocolServer } from '../engine/server.js';
import type { StoredSession } from '../engine/session-state.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { EventStore } from './event-store.js';
import type { PlainReply } from './http-input.js';
import type { HttpSession } from './http-session.js';
import type { SseConnection } from './sse.js';
import type { StoreIncidents } from './store-incidents.js';

/**
 * What lets one server instance serve as one of many behind a load balancer: sessions, SSE events
 * and signing keys kept where every instance sees them, and a bus between instances. Pass it as the
 * `scaleOut` option of the HTTP endpoint; `redisScaleOut(url)` from `@decorum/redis` builds one, and
 * `createScaleOut({ sessionStore, eventStore, bus })` from `@decorum/protocol/scale-out` builds one
 * over stores of your own. The endpoint takes ownership: closing the endpoint closes it.
 * @example
 * import { redisScaleOut } from '@decorum/redis';
 * await app.listen({ http: { port: 3000, scaleOut: redisScaleOut(process.env.REDIS_URL) } });
 */
export interface ScaleOut {
  /** Where SSE events are kept, for resumption on any instance (the endpoint's default event store). */
  readonly eventStore?: EventStore;
  /** True while the shared store is reachable: `/readyz` reports it as `store` (serveHttp). */
  ready?(): boolean | Promise<boolean>;
  /** Called once by the session endpoint that owns it: its side of the sessions shared with other instances. */
  attach(host: ScaleOutHost): SharedSessions;
}

/** What a session endpoint lends its {@link ScaleOut}. */
export interface ScaleOutHost {
  readonly server: ProtocolServer;
  /** The sessions held here, by id (whole ones only). */
  readonly sessions: ReadonlyMap<string, HttpSession>;
  /** The endpoint's event store (null: streams are not resumable, nor shared). */
  readonly eventStore: EventStore | null;
  /** Where failures of the event store are reported, once per outage. */
  readonly incidents: StoreIncidents;
  /** Starts a copy here of a session another instance created, under its id, from its stored state. */
  restore(sessionId: string, stored: StoredSession): Promise<HttpSession>;
  /** Forgets a copy held here at once (no later request finds it); the caller closes it. */
  forget(session: HttpSession): void;
}

/** The endpoint's side of sessions shared between instances (made by {@link ScaleOut.attach}). */
export interface SharedSessions {
  /** A copy was made here (`stored`: restored from the store; none: a new session). */
  adopt(session: HttpSession, stored?: StoredSession): void;
  /** The copy's state changed here (initialize, log level, subscriptions): it is written to the store. */
  changed(session: HttpSession): void;
  /** The copy closed. */
  closed(sessionId: string): void;
  /** True when the copy held here must be checked against the store before it serves again. */
  stale(sessionId: string): boolean;
  /** The session a request names, when it is not held here or is stale: restored, checked, or refused (503). */
  find(sessionId: string): Promise<HttpSession | PlainReply | undefined>;
  /** A request is served from the copy held here. */
  used(session: HttpSession, now: number): void;
  /** Resolves true once the session's state is in the store, false when it could not be put there. */
  durable(session: HttpSession): Promise<boolean>;
  /** The store writes of a session still in progress, if any. */
  settled(session: HttpSession): Promise<void> | undefined;
  /** Client responses and notifications: every copy of the session sees them. */
  inbound(sessionId: string, value: unknown): void;
  /** Ends the session everywhere (DELETE); rejects, with nothing ended, when the store is unreachable. */
  end(session: HttpSession): Promise<void>;
  /** The cluster side of one copy's streams; absent when streams are not shared (no event store). */
  readonly streams?: (sessionId: string, copyId: string) => SharedSessionStreams;
  /** Releases everything, the scale-out's connections included; once, when the endpoint closes. */
  close(): Promise<void>;
}

/**
 * Sessions shared between instances: what a POST stream tells the others, so that a client which
 * resumes it on another instance is served there until its last response.
 */
export interface StreamRelay {
  /** The stream started, for these requests: it holds a lease while it runs. */
  opened(streamId: string, requestIds: readonly RequestId[]): void;
  /** An event was stored while no client is connected here: whoever follows the stream reads it. */
  stored(streamId: string): void;
  /** The stream ended (`followed`: no client was connected here at the end). */
  closed(streamId: string, followed: boolean): void;
}

/** The cluster side of one copy's streams: its GET stream shared cluster-wide, POST streams followed. */
export interface SharedSessionStreams extends StreamRelay {
  /** The GET stream's id: every instance names it the same. */
  readonly standaloneId: string;
  /** True while the session's GET stream is open here. */
  readonly hasStandalone: boolean;
  /** Streams followed here for another instance. */
  readonly followed: number;
  /** Sends messages meant for the GET stream (through the store, to whichever instance serves it). */
  send(list: readonly JsonRpcMessage[], dedupeKey: string | undefined): Promise<void>;
  /** Serves the GET stream on `connection`; resolves false when another instance serves it. */
  attachStandalone(
    connection: SseConnection,
    lastEventId: string | undefined,
    priming: boolean,
    retryMs: number,
  ): Promise<boolean>;
  /** Copies new events from the store to the GET stream here, or to the followed stream named. */
  pump(streamId?: string): Promise<void>;
  /** Serves a POST stream that may run on another instance, from after `lastEventId`. */
  follow(streamId: string, connection: SseConnection, lastEventId: string): Promise<void>;
  /** The client resumed one of the session's POST streams running here: the others stop serving it. */
  resumedHere(streamId: string): void;
  /** The client resumed `streamId` on another instance: stop following it here. */
  resumedElsewhere(streamId: string): void;
  /** The copy closes: ends followers, stops renewing leases. */
  close(): void;
}
