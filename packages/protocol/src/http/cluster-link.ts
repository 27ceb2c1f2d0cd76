import { consoleLogger } from '../engine/logger.js';
import type { ClusterMessage } from '../engine/notification-bus.js';
import type { ProtocolServer } from '../engine/server.js';
import type { StoredSession } from '../engine/session-state.js';
import type { HttpSession } from './http-session.js';
import type { ScaleOut } from './scale-out.js';

/**
 * The Streamable HTTP endpoint's side of a {@link ScaleOut}: keeps this instance's copies of shared
 * sessions in step with the other instances, and wakes the instance that holds a session's GET
 * stream. (List and resource announcements go through the ProtocolServer, which the link attaches.)
 */
export class ClusterLink {
  private readonly detach: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly server: ProtocolServer,
    private readonly scaleOut: ScaleOut,
    private readonly sessions: ReadonlyMap<string, HttpSession>,
  ) {
    this.detach.push(server.useNotificationBus(scaleOut.bus));
    this.detach.push(scaleOut.bus.subscribe((message) => this.receive(message)));
    if (scaleOut.requestStateKeys) server.useRequestStateKeys(scaleOut.requestStateKeys);
  }

  /** Tells the others that a session has new events for its GET stream. */
  readonly wake = (sessionId: string): void => this.publish({ type: 'wake', sessionId });

  /** Saves a session's new state, and hands it to the instances holding a copy. */
  stateChanged(sessionId: string, session: StoredSession): void {
    void this.scaleOut.sessionStore
      .set(sessionId, session)
      .then(() => this.publish({ type: 'sessionState', sessionId, session }))
      .catch((error: unknown) => this.warn(`could not save session ${sessionId}`, error));
  }

  /** A DELETE ended the session: every copy closes. */
  deleted(sessionId: string): void {
    this.publish({ type: 'sessionDeleted', sessionId });
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
    await this.scaleOut.close?.();
  }

  private receive(message: ClusterMessage): void {
    if (!('sessionId' in message)) return;
    const local = this.sessions.get(message.sessionId);
    if (local === undefined) return;
    switch (message.type) {
      case 'sessionState':
        local.owner = message.session.owner;
        local.session?.restore(message.session.state);
        break;
      case 'sessionDeleted':
        void local.close(false);
        break;
      case 'wake':
        void local.pump().catch((error: unknown) => this.warn(`GET stream of ${message.sessionId}`, error));
        break;
      case 'inbound':
        local.receive(message.value, {});
        break;
    }
  }

  private publish(message: ClusterMessage): void {
    this.scaleOut.bus.publish(message).catch((error: unknown) => this.warn(`could not publish ${message.type}`, error));
  }

  private warn(what: string, error: unknown): void {
    (this.server.options.logger ?? consoleLogger).warn(`scale-out: ${what}: ${(error as Error).message}`);
  }
}
