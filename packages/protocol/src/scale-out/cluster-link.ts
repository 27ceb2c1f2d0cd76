import { consoleLogger } from '../engine/logger.js';
import type { ClusterMessage, NotificationBus } from '../engine/notification-bus.js';
import type { ProtocolServer } from '../engine/server.js';
import type { StoredSession } from '../engine/session-state.js';
import type { HttpSession } from '../http/http-session.js';
import { StoreIncidents } from '../http/store-incidents.js';
import type { ScaleOutParts } from './scale-out-parts.js';
import type { ClusterStreams } from './shared-streams.js';

const BUS_ROLE = 'scale-out bus';

/** What a {@link ClusterLink} tells the session registry of other instances' session changes. */
export interface SessionLifecycle {
  stateArrived(sessionId: string, session: StoredSession): void;
  deletedArrived(sessionId: string): void;
}

/**
 * A session endpoint's link to the other instances, over a {@link ScaleOutParts}' bus: keeps this
 * instance's copies of shared sessions in step with the other instances, and wakes the instance that
 * holds a session's GET stream. (List and resource announcements go through the ProtocolServer, which the link attaches.)
 */
export class ClusterLink implements ClusterStreams {
  /** This instance, as the holder of stream leases. */
  readonly instanceId = crypto.randomUUID();
  /** Where failures to reach the other instances are reported, once per outage. */
  readonly incidents: StoreIncidents;
  private readonly detach: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly server: ProtocolServer,
    private readonly scaleOut: Pick<ScaleOutParts, 'onResync'> & { bus: NotificationBus },
    private readonly sessions: ReadonlyMap<string, HttpSession>,
    /** Where session changes and deletions heard from other instances go (the endpoint's cluster sessions). */
    private readonly lifecycle?: SessionLifecycle,
  ) {
    this.incidents = new StoreIncidents(() => server.options.logger ?? consoleLogger);
    this.detach.push(server.useNotificationBus(scaleOut.bus));
    this.detach.push(scaleOut.bus.subscribe((message) => this.receive(message)));
    // Wakes published while the bus was away are lost: every GET stream held here looks at the store.
    const resync = scaleOut.onResync?.(() => {
      for (const local of sessions.values()) void local.pump();
    });
    if (resync) this.detach.push(resync);
  }

  /** Tells the others that a session has new events for its GET stream (or for the stream named). */
  wake(sessionId: string, streamId?: string): void {
    this.publish(streamId === undefined ? { type: 'wake', sessionId } : { type: 'wake', sessionId, streamId });
  }

  /** Tells the others that the client resumed a session's stream here. */
  resumed(sessionId: string, streamId: string): void {
    this.publish({ type: 'resumed', sessionId, streamId });
  }

  /** Hands a session's state, as just stored, to the instances holding a copy (the registry wrote it). */
  publishState(sessionId: string, session: StoredSession): Promise<void> {
    return this.scaleOut.bus.publish({ type: 'sessionState', sessionId, session });
  }

  /** A DELETE ended the session: every copy closes. Resolves once the bus took the message. */
  deleted(sessionId: string): Promise<void> {
    return this.scaleOut.bus.publish({ type: 'sessionDeleted', sessionId });
  }

  /**
   * Client responses and notifications: the request they answer (or cancel) may run on another
   * instance, so every copy of the session sees them (a peer ignores answers to nothing it asked).
   */
  inbound(sessionId: string, value: unknown): void {
    this.publish({ type: 'inbound', sessionId, value });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const detach of this.detach.splice(0)) detach();
  }

  private receive(message: ClusterMessage): void {
    if (!('sessionId' in message)) return;
    // Also for sessions not held here: one may be being restored at this moment.
    if (message.type === 'sessionState') {
      this.lifecycle?.stateArrived(message.sessionId, message.session);
      return;
    }
    if (message.type === 'sessionDeleted') {
      this.lifecycle?.deletedArrived(message.sessionId);
      return;
    }
    const local = this.sessions.get(message.sessionId);
    if (local === undefined) return;
    switch (message.type) {
      case 'wake':
        void local.pump(message.streamId).catch((error: unknown) => this.warn(`stream of ${message.sessionId}`, error));
        break;
      case 'resumed':
        local.resumedElsewhere(message.streamId);
        break;
      case 'inbound':
        local.lastActive = Date.now();
        local.onmessage?.(message.value, {});
        break;
    }
  }

  private publish(message: ClusterMessage): void {
    this.scaleOut.bus.publish(message).then(
      () => this.incidents.recovered(BUS_ROLE),
      (error: unknown) => this.incidents.failed(BUS_ROLE, `${message.type} messages not published`, error),
    );
  }

  private warn(what: string, error: unknown): void {
    (this.server.options.logger ?? consoleLogger).warn(`scale-out: ${what}: ${(error as Error).message}`);
  }
}
