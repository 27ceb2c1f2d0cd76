// The scale-out side of one session endpoint: each copy of a session held here is kept in step with
// the shared store, a session held elsewhere is restored from it, and what other instances say over
// the bus reaches the copies. A session enters the endpoint's map only once it is whole (connected,
// its stored state applied), so a concurrent request never meets a half-built one, and concurrent
// requests for a session held elsewhere share one restore.
import { consoleLogger } from '../engine/logger.js';
import { RateLimitedWarning } from '../engine/rate-limited-warning.js';
import type { StoredSession } from '../engine/session-state.js';
import type { PlainReply } from '../http/http-input.js';
import type { HttpSession } from '../http/http-session.js';
import { storeDown } from '../http/responses.js';
import type { ScaleOutHost, SharedSessions } from '../http/scale-out.js';
import { StoreIncidents } from '../http/store-incidents.js';
import type { SharedSessionStreams } from '../http/stream-relay.js';
import { ClusterLink } from './cluster-link.js';
import type { ScaleOutParts } from './scale-out-parts.js';
import { SessionSync } from './session-sync.js';
import { SharedStreams } from './shared-streams.js';

/** The role failures of the session store are reported under (one line per outage, one summary). */
const SESSION_STORE_ROLE = 'session store';

type Restored = HttpSession | PlainReply | undefined;

/** Sessions of one endpoint shared through a {@link ScaleOutParts}' store (and bus, when it has one). */
export class ClusterSessions implements SharedSessions {
  readonly streams?: (sessionId: string, copyId: string) => SharedSessionStreams;
  private readonly link?: ClusterLink;
  private readonly stopResync?: () => void;
  private readonly warnings: RateLimitedWarning;
  private readonly incidents: StoreIncidents;
  private readonly syncs = new WeakMap<HttpSession, SessionSync>();
  /** Restores in progress, by id: a second request for the session waits for the first's. */
  private readonly restoring = new Map<string, Promise<Restored>>();
  /** What the bus said about a session while it was being restored: applied once it is whole. */
  private readonly heard = new Map<string, StoredSession | 'deleted'>();
  /** Copies held while the bus was away (they may have missed changes): checked against the store on next use. */
  private readonly staleIds = new Set<string>();

  constructor(
    private readonly host: ScaleOutHost,
    private readonly parts: ScaleOutParts,
  ) {
    const logger = () => host.server.options.logger ?? consoleLogger;
    this.warnings = new RateLimitedWarning(logger);
    this.incidents = new StoreIncidents(logger);
    if (parts.requestStateKeys) host.server.useRequestStateKeys(parts.requestStateKeys);
    const { bus } = parts;
    if (bus !== undefined) {
      const link = new ClusterLink(host.server, { ...parts, bus }, host.sessions, this);
      this.link = link;
      const store = host.eventStore;
      if (store) this.streams = (id, copyId) => new SharedStreams(id, store, link, copyId, host.incidents);
    }
    // The bus was away: every copy held now may have missed a change or a deletion.
    this.stopResync = parts.onResync?.(() => {
      for (const id of host.sessions.keys()) this.staleIds.add(id);
    });
  }

  adopt(session: HttpSession, stored?: StoredSession): void {
    const sync = new SessionSync(session.id, session, this.parts.sessionStore, this.hooksFor(session), stored);
    this.syncs.set(session, sync);
  }

  changed(session: HttpSession): void {
    this.syncs.get(session)?.changed();
  }

  closed(sessionId: string): void {
    this.staleIds.delete(sessionId);
  }

  stale(sessionId: string): boolean {
    return this.staleIds.has(sessionId);
  }

  used(session: HttpSession, now: number): void {
    this.syncs.get(session)?.used(now);
  }

  durable(session: HttpSession): Promise<boolean> {
    return this.syncs.get(session)?.durable() ?? Promise.resolve(true);
  }

  settled(session: HttpSession): Promise<void> | undefined {
    return this.syncs.get(session)?.settled();
  }

  inbound(sessionId: string, value: unknown): void {
    this.link?.inbound(sessionId, value);
  }

  /**
   * Gone from the store first (a tombstone: no restore, no write revives it), then from every
   * instance holding a copy: no instance serves it once this resolves.
   */
  async end(session: HttpSession): Promise<void> {
    await this.parts.sessionStore.delete(session.id);
    this.host.forget(session);
    await this.link
      ?.deleted(session.id)
      .catch((error: unknown) =>
        (this.host.server.options.logger ?? consoleLogger).warn(
          `[decorum] scale-out: could not announce the end of a session: ${(error as Error).message}`,
        ),
      );
  }

  /** Another instance wrote the session: this copy (or the restore under way) takes the newer state. */
  stateArrived(id: string, stored: StoredSession): void {
    const held = this.host.sessions.get(id);
    if (held !== undefined) this.syncs.get(held)?.arrived(stored);
    else if (this.restoring.has(id)) {
      const before = this.heard.get(id);
      if (before !== 'deleted' && (before?.revision ?? -1) < (stored.revision ?? 0)) this.heard.set(id, stored);
    }
  }

  /** Another instance ended the session (DELETE): this copy closes, a restore under way is dropped. */
  deletedArrived(id: string): void {
    const held = this.host.sessions.get(id);
    if (held !== undefined) {
      this.host.forget(held);
      void held.close(false);
    } else if (this.restoring.has(id)) this.heard.set(id, 'deleted');
  }

  find(id: string): Promise<Restored> {
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

  async close(): Promise<void> {
    this.stopResync?.();
    await this.link?.close();
    await this.parts.close?.();
  }

  private async load(id: string): Promise<Restored> {
    const { sessions } = this.host;
    let stored: StoredSession | undefined;
    try {
      stored = await this.parts.sessionStore.get(id);
      this.incidents.recovered(SESSION_STORE_ROLE);
    } catch (error) {
      this.incidents.failed(SESSION_STORE_ROLE, 'requests answered 503', error);
      // A copy held here still serves (as it did before the check was due), rather than a 503.
      return sessions.get(id) ?? storeDown(error);
    }
    const held = sessions.get(id);
    if (held !== undefined && this.staleIds.delete(id)) {
      const sync = this.syncs.get(held);
      if (stored !== undefined) sync?.arrived(stored, true);
      // Gone from the store: deleted while this instance was not listening (its tombstone ends the
      // copy), or lost with the store's data (a restart without it: the copy is stored again).
      else await sync?.rewrite();
      return sessions.get(id) === held ? held : undefined;
    }
    if (held !== undefined || stored === undefined) return held;
    const session = await this.host.restore(id, stored);
    const heard = this.heard.get(id);
    if (heard === 'deleted') {
      this.host.forget(session);
      await session.close(false);
      return undefined;
    }
    if (heard !== undefined) this.syncs.get(session)?.arrived(heard);
    return session;
  }

  private hooksFor(session: HttpSession) {
    return {
      written: async (stored: StoredSession) => {
        this.incidents.recovered(SESSION_STORE_ROLE);
        await this.link
          ?.publishState(session.id, stored)
          .catch((error: unknown) => this.warnings.warn('bus', 'scale-out: could not publish a session change', error));
      },
      deleted: () => {
        this.host.forget(session);
        void session.close(false);
      },
      failed: (error: unknown) => this.incidents.failed(SESSION_STORE_ROLE, 'session changes not stored', error),
    };
  }
}
