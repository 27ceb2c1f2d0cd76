// The seam between the session endpoint and the machinery that shares its sessions between instances.
// Types only: the machinery itself (session copies kept in step with a store, shared streams, the bus
// link) lives behind `@decorum/protocol/scale-out`, and the endpoint reaches it only through a
// `ScaleOut` it is given, so a single instance never loads it.
import type { ProtocolServer } from '../engine/server.js';
import type { StoredSession } from '../engine/session-state.js';
import type { EventStore } from './event-store.js';
import type { PlainReply } from './http-input.js';
import type { HttpSession } from './http-session.js';
import type { StoreIncidents } from './store-incidents.js';
import type { SharedSessionStreams } from './stream-relay.js';

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
