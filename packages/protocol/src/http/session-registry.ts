// The sessions one Streamable HTTP endpoint holds: creating them, finding the one a request names
// (restoring it from a shared store when another instance created it), and closing idle ones.
// With a shared store, a session enters the map only once it is whole (connected, its stored state
// applied): a concurrent request never meets a half-built one, and concurrent requests for a
// session held elsewhere share one restore.

import { consoleLogger } from '../engine/logger.js';
import { RateLimitedWarning } from '../engine/rate-limited-warning.js';
import type { ProtocolServer } from '../engine/server.js';
import type { SessionObserver } from '../engine/session.js';
import type { StoredSession } from '../engine/session-state.js';
import type { AuthInfo } from '../transports/transport.js';
import { LATEST_PROTOCOL_VERSION } from '../versions.js';
import type { ClusterLink } from './cluster-link.js';
import type { HeaderReader, PlainReply } from './http-input.js';
import { HttpSession, type HttpSessionSettings } from './http-session.js';
import type { ResolvedHttpOptions } from './options.js';
import { badRequest, storeDown } from './responses.js';
import { newSessionId } from './session-id.js';
import { ownerOf } from './session-owner.js';
import { SessionSync } from './session-sync.js';
import { StoreIncidents } from './store-incidents.js';

const SESSION_HEADER = 'mcp-session-id';

/** The role failures of the session store are reported under (one line per outage, one summary). */
const SESSION_STORE_ROLE = 'session store';

type Restored = HttpSession | PlainReply | undefined;

/** The sessions of one endpoint. */
export class SessionRegistry {
  /** By session id (the cluster link reads it too). Only whole sessions are in it. */
  readonly map = new Map<string, HttpSession>();
  private sweeper?: ReturnType<typeof setInterval>;
  private readonly warnings: RateLimitedWarning;
  private readonly incidents: StoreIncidents;
  private readonly syncs = new WeakMap<HttpSession, SessionSync>();
  /** Restores in progress, by id: a second request for the session waits for the first's. */
  private readonly restoring = new Map<string, Promise<Restored>>();
  /** What the bus said about a session while it was being restored: applied once it is whole. */
  private readonly heard = new Map<string, StoredSession | 'deleted'>();
  /** Copies held while the bus was away (they may have missed changes): checked against the store on next use. */
  private readonly stale = new Set<string>();

  constructor(
    private readonly server: ProtocolServer,
    private readonly options: ResolvedHttpOptions,
    private readonly settings: HttpSessionSettings,
    private readonly cluster: () => ClusterLink | undefined,
  ) {
    this.warnings = new RateLimitedWarning(() => server.options.logger ?? consoleLogger);
    this.incidents = new StoreIncidents(() => server.options.logger ?? consoleLogger);
  }

  get size(): number {
    return this.map.size;
  }

  /**
   * Starts a session: a new one (initialize), or one restored under its old id from `stored`.
   * It is in the map once connected and restored, never before.
   */
  async create(auth: AuthInfo | undefined, id = newSessionId(), stored?: StoredSession): Promise<HttpSession> {
    const transport: HttpSession = new HttpSession(
      id,
      this.settings,
      (): string => transport.session?.protocolVersion ?? LATEST_PROTOCOL_VERSION,
    );
    transport.owner = stored ? stored.owner : ownerOf(auth);
    const store = this.options.sessionStore;
    if (store) {
      const sync = new SessionSync(id, transport, store, this.hooksFor(id, transport), stored);
      this.syncs.set(transport, sync);
    }
    const session = await this.server.connect(transport, { observer: this.observerFor(id, transport) });
    transport.session = session;
    if (stored) session.restore(stored.state);
    this.map.set(id, transport);
    this.startSweeper();
    return transport;
  }

  /**
   * Resolves once the session's state is in the shared store (true), or could not be put there
   * (false: the store is unreachable). Without a store, true at once.
   */
  durable(session: HttpSession): Promise<boolean> {
    return this.syncs.get(session)?.durable() ?? Promise.resolve(true);
  }

  /** The store writes of a session still in progress, if any. */
  settled(session: HttpSession): Promise<void> | undefined {
    return this.syncs.get(session)?.settled();
  }

  /** Another instance wrote the session: this copy (or the restore under way) takes the newer state. */
  stateArrived(id: string, stored: StoredSession): void {
    const held = this.map.get(id);
    if (held !== undefined) this.syncs.get(held)?.arrived(stored);
    else if (this.restoring.has(id)) {
      const before = this.heard.get(id);
      if (before !== 'deleted' && (before?.revision ?? -1) < (stored.revision ?? 0)) this.heard.set(id, stored);
    }
  }

  /** Another instance ended the session (DELETE): this copy closes, a restore under way is dropped. */
  deletedArrived(id: string): void {
    const held = this.map.get(id);
    if (held !== undefined) {
      this.map.delete(id);
      void held.close(false);
    } else if (this.restoring.has(id)) this.heard.set(id, 'deleted');
  }

  /** The bus was away: every copy held now may have missed a change or a deletion. */
  markStale(): void {
    for (const id of this.map.keys()) this.stale.add(id);
  }

  /** Forgets a session this instance holds (it was deleted), at once: no later request finds it here. */
  forget(session: HttpSession): void {
    if (this.map.get(session.id) === session) this.map.delete(session.id);
  }

  private hooksFor(id: string, transport: HttpSession) {
    return {
      written: async (stored: StoredSession) => {
        this.incidents.recovered(SESSION_STORE_ROLE);
        await this.cluster()
          ?.publishState(id, stored)
          .catch((error: unknown) => this.warnings.warn('bus', 'scale-out: could not publish a session change', error));
      },
      deleted: () => {
        this.forget(transport);
        void transport.close(false);
      },
      failed: (error: unknown) => this.incidents.failed(SESSION_STORE_ROLE, 'session changes not stored', error),
    };
  }

  /** Keeps a session's stored state current, and forgets the session when it ends. */
  private observerFor(id: string, transport: HttpSession): SessionObserver {
    return {
      stateChanged: () => this.syncs.get(transport)?.changed(),
      closed: () => {
        if (this.map.get(id) !== transport) return;
        this.map.delete(id);
        this.stale.delete(id);
      },
    };
  }

  /** The session a request names (400 without a name, 404 unknown or another principal's, 503 store down). */
  lookup(
    headers: HeaderReader,
    auth: AuthInfo | undefined,
  ): HttpSession | PlainReply | Promise<HttpSession | PlainReply> {
    const id = headers.get(SESSION_HEADER);
    if (id === null || id === '') return badRequest(400, 'Bad Request: the Mcp-Session-Id header is required');
    const session = this.map.get(id);
    // Held here (nearly every request): answered without a promise.
    if ((session !== undefined && !this.stale.has(id)) || !this.options.sessionStore) return this.admit(session, auth);
    return this.restore(id).then((restored) =>
      restored === undefined || restored instanceof HttpSession ? this.admit(restored, auth) : restored,
    );
  }

  private restore(id: string): Promise<Restored> {
    let pending = this.restoring.get(id);
    if (pending === undefined) {
      pending = this.load(id);
      this.restoring.set(id, pending);
      const done = () => {
        this.restoring.delete(id);
        this.heard.delete(id);
      };
      pending.then(done, done);
    }
    return pending;
  }

  private async load(id: string): Promise<Restored> {
    let stored: StoredSession | undefined;
    try {
      stored = await this.options.sessionStore?.get(id);
      this.incidents.recovered(SESSION_STORE_ROLE);
    } catch (error) {
      this.incidents.failed(SESSION_STORE_ROLE, 'requests answered 503', error);
      // A copy held here still serves (as it did before the check was due), rather than a 503.
      return this.map.get(id) ?? storeDown(error);
    }
    const held = this.map.get(id);
    if (held !== undefined && this.stale.delete(id)) {
      const sync = this.syncs.get(held);
      if (stored !== undefined) sync?.arrived(stored, true);
      // Gone from the store: deleted while this instance was not listening (its tombstone ends the
      // copy), or lost with the store's data (a restart without it: the copy is stored again).
      else await sync?.rewrite();
      return this.map.get(id) === held ? held : undefined;
    }
    if (held !== undefined || stored === undefined) return held;
    const session = await this.create(undefined, id, stored);
    const heard = this.heard.get(id);
    if (heard === 'deleted') {
      this.forget(session);
      await session.close(false);
      return undefined;
    }
    if (heard !== undefined) this.syncs.get(session)?.arrived(heard);
    return session;
  }

  private admit(session: HttpSession | undefined, auth: AuthInfo | undefined): HttpSession | PlainReply {
    // Another principal's session id is answered exactly like an unknown one.
    if (session === undefined || (session.owner !== undefined && session.owner !== ownerOf(auth))) {
      return badRequest(404, 'Not Found: unknown or expired session; send initialize to start a new one');
    }
    const now = Date.now();
    session.lastActive = now;
    this.syncs.get(session)?.used(now);
    return session;
  }

  /** Stops the sweeper and closes every session. */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.all([...this.map.values()].map((s) => s.close()));
  }

  private startSweeper(): void {
    if (this.sweeper !== undefined) return;
    const idle = this.options.sessionIdleTimeoutMs;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1_000, Math.min(idle / 2, 60_000)));
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  private sweep(): void {
    const cutoff = Date.now() - this.options.sessionIdleTimeoutMs;
    for (const session of this.map.values()) {
      if (session.lastActive < cutoff && session.openStreams === 0) void session.close();
    }
    if (this.map.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}
