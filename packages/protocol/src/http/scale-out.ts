import type { RequestStateKeySource } from '../engine/modern/request-state.js';
import type { NotificationBus } from '../engine/notification-bus.js';
import type { EventStore } from './event-store.js';
import type { SessionStore } from './session-store.js';

/**
 * Everything one server instance needs to serve as one of many behind a load balancer: sessions,
 * SSE events and signing keys kept where every instance sees them, and a bus between instances.
 * Pass it as the `scaleOut` option of the HTTP endpoint; `@decorum/redis` builds one from a URL.
 * The endpoint takes ownership: closing the endpoint calls `close`.
 * @example
 * import { redisScaleOut } from '@decorum/redis';
 * await app.listen({ http: { port: 3000, scaleOut: redisScaleOut(process.env.REDIS_URL) } });
 */
export interface ScaleOut {
  /** Legacy sessions' state (any instance can serve any session). */
  sessionStore: SessionStore;
  /** SSE events, for resumption on any instance; also the mailbox of each session's GET stream. */
  eventStore: EventStore;
  /** list_changed, resources/updated and session changes between instances. */
  bus: NotificationBus;
  /** Keys signing multi-round-trip `requestState`, so a retry may land on any instance. */
  requestStateKeys?: RequestStateKeySource;
  /** True while the shared store is reachable: `/readyz` reports it as `store` (serveHttp). */
  ready?(): boolean | Promise<boolean>;
  /**
   * Calls `listener` when messages between instances may have been missed (the bus reconnected):
   * the endpoint then checks each session copy it holds against the store before serving it again.
   * Returns the unsubscribe.
   */
  onResync?(listener: () => void): () => void;
  /** Releases connections; called once when the endpoint closes. */
  close?(): Promise<void>;
}
