import type { StoredSession } from './session-state.js';

/**
 * What server instances tell each other. `listChanged` and `resourceUpdated` carry an `id` unique
 * to that announcement, so that a session known to several instances gets it once; the others let
 * the instances that hold copies of a legacy HTTP session keep them in step.
 */
export type ClusterMessage =
  | { type: 'listChanged'; id: string; kind: 'tools' | 'resources' | 'prompts' }
  | { type: 'resourceUpdated'; id: string; uri: string }
  /** A session's state changed (initialize, logging/setLevel, (un)subscribe) on another instance. */
  | { type: 'sessionState'; sessionId: string; session: StoredSession }
  /** A session was ended (DELETE) on another instance. */
  | { type: 'sessionDeleted'; sessionId: string }
  /** New events wait in the shared event store for a session's GET stream (or, with `streamId`, that stream). */
  | { type: 'wake'; sessionId: string; streamId?: string }
  /** The client resumed one of a session's streams on the publishing instance: the others stop serving it. */
  | { type: 'resumed'; sessionId: string; streamId: string }
  /** Client messages with no request in them (responses, notifications), for whichever copy awaits them. */
  | { type: 'inbound'; sessionId: string; value: unknown };

/**
 * Carries {@link ClusterMessage}s between the instances of one server (Redis pub/sub, a message
 * broker…). `publish` reaches every *other* instance: each instance delivers its own announcements
 * locally, so its clients are served even while the bus is down. Delivery is best effort; a
 * rejected `publish` means the other instances missed that message.
 * @example
 * server.useNotificationBus(bus); // ProtocolServer: list_changed and resources/updated fan out
 */
export interface NotificationBus {
  publish(message: ClusterMessage): Promise<void>;
  /** Calls `listener` for every message published by another instance; returns the unsubscribe. */
  subscribe(listener: (message: ClusterMessage) => void): () => void;
}
