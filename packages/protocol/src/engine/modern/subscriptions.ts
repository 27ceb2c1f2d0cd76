import type { JsonObject } from '../types.js';

/** What a `subscriptions/listen` request asks for (SubscriptionFilter). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
  /** Task status notifications (extension io.modelcontextprotocol/tasks). */
  taskIds?: string[];
}

/**
 * Whether a resource subscription covers `uri`: the URI itself, or one below it (`notes://` covers
 * `notes://a/b`; `vault:` covers `vault://x`). A notification may concern a sub-resource.
 * @example
 * coversUri('notes://', 'notes://secret/plan'); // true
 */
export function coversUri(subscription: string, uri: string): boolean {
  return uri === subscription || uri.startsWith(subscription.endsWith('/') ? subscription : `${subscription}/`);
}

/** One open listen stream. */
export interface Listener {
  filter: SubscriptionFilter;
  /** Sends a notification tagged with this subscription's id, on its own stream. */
  send(method: string, params?: JsonObject): void;
  /** Ends the subscription from the server side (a SubscriptionsListenResult is sent). */
  end(): void;
}

/** The open listen streams of one server; list and resource changes fan out to the ones that asked. */
export class ListenerRegistry {
  private readonly listeners = new Set<Listener>();

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  listChanged(kind: 'tools' | 'resources' | 'prompts'): void {
    const flag = `${kind}ListChanged` as const;
    for (const l of this.listeners) if (l.filter[flag]) l.send(`notifications/${kind}/list_changed`);
  }

  resourceUpdated(uri: string): void {
    for (const l of this.listeners) {
      const subscribed = l.filter.resourceSubscriptions ?? [];
      if (subscribed.some((s) => coversUri(s, uri))) l.send('notifications/resources/updated', { uri });
    }
  }

  endAll(): void {
    for (const l of [...this.listeners]) l.end();
  }
}
