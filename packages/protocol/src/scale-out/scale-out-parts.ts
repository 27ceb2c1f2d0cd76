import type { RequestStateKeySource } from '../engine/modern/request-state.js';
import type { NotificationBus } from '../engine/notification-bus.js';
import type { EventStore } from '../http/event-store.js';
import type { SessionStore } from './session-store.js';

/**
 * The shared pieces a {@link createScaleOut} runs one instance among many with: sessions, SSE events
 * and signing keys where every instance sees them, and a bus between instances.
 * @example
 * const parts: ScaleOutParts = { sessionStore, eventStore, bus, requestStateKeys };
 */
export interface ScaleOutParts {
  /** Legacy sessions' state (any instance can serve any session). */
  sessionStore: SessionStore;
  /** SSE events, for resumption on any instance; also the mailbox of each session's GET stream. */
  eventStore?: EventStore;
  /**
   * list_changed, resources/updated and session changes between instances. Without one, sessions
   * are shared through the store only: a copy learns of another instance's change when it next reads it.
   */
  bus?: NotificationBus;
  /** Keys signing multi-round-trip `requestState`, so a retry may land on any instance. */
  requestStateKeys?: RequestStateKeySource;
  /** True while the shared store is reachable: `/readyz` reports it as `store` (serveHttp). */
  ready?(): boolean | Promise<boolean>;
  /**
   * Calls `listener` when messages between instances may have been missed (the bus reconnected):
   * each session copy held is then checked against the store before it serves again.
   * Returns the unsubscribe.
   */
  onResync?(listener: () => void): () => void;
  /** Releases connections; called once when the endpoint closes. */
  close?(): Promise<void>;
}
