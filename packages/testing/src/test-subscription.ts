import type { JsonObject, RequestId, SubscriptionFilter } from '@decorum/protocol';
import { type ClientSession, META_SUBSCRIPTION } from './client-session.js';
import { NotificationLog, type NotificationMatch, type ReceivedNotification } from './notification-log.js';

const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/**
 * What a test listens to: list changes and resource updates. Modern: one `subscriptions/listen`
 * stream, ended by `close()` (`notifications/cancelled`). Legacy: `resources/subscribe` for each
 * URI (list changes reach every legacy client anyway), ended by `resources/unsubscribe`.
 * @example
 * const sub = await client.listen({ toolsListChanged: true });
 * app.add(MoreTools);
 * await sub.waitFor('notifications/tools/list_changed');
 * await sub.close();
 */
export class TestSubscription {
  /** Modern era: the id of the `subscriptions/listen` request (notifications are tagged with it). */
  id?: RequestId;
  /** What the server agreed to deliver (modern: its acknowledgement; legacy: what it advertises). */
  filter: SubscriptionFilter = {};
  /** The notifications of this subscription, in order (the acknowledgement is not among them). */
  readonly notifications = new NotificationLog();
  private ended = false;
  private stop: () => void = () => undefined;
  private closer: () => Promise<void> = async () => undefined;

  /** True once closed by the test or ended by the server. */
  get closed(): boolean {
    return this.ended;
  }

  /** The next notification of `method` on this subscription (see {@link NotificationLog.waitFor}). */
  waitFor(method: string, match?: NotificationMatch): Promise<ReceivedNotification> {
    return this.notifications.waitFor(method, match);
  }

  /** Ends the subscription; nothing more is recorded on it. */
  async close(): Promise<void> {
    if (this.ended) return;
    this.end();
    await this.closer();
  }

  /** @internal */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
    this.notifications.close(new Error('The subscription is closed'));
  }

  /** @internal opens a modern listen stream and resolves once the server acknowledged it. */
  static async modern(session: ClientSession, wanted: SubscriptionFilter): Promise<TestSubscription> {
    const sub = new TestSubscription();
    const controller = new AbortController();
    let acknowledged!: () => void;
    const ack = new Promise<void>((resolve) => {
      acknowledged = resolve;
    });
    sub.stop = session.addListener((n) => {
      if (sub.id === undefined || (n.params._meta as JsonObject | undefined)?.[META_SUBSCRIPTION] !== sub.id) return;
      if (n.method !== ACKNOWLEDGED) return sub.notifications.push(n);
      sub.filter = n.params.notifications as SubscriptionFilter;
      acknowledged();
    });
    sub.closer = async () => controller.abort(new Error('unsubscribed'));
    const done = session.listen(wanted as JsonObject, controller.signal, (id) => {
      sub.id = id;
    });
    done.then(
      () => sub.end(),
      () => sub.end(),
    );
    const failed = done.then(() => {
      throw new Error('The server ended the subscription before acknowledging it');
    });
    failed.catch(() => undefined);
    try {
      await Promise.race([ack, failed]);
    } catch (error) {
      sub.end();
      throw error;
    }
    return sub;
  }

  /** @internal subscribes a legacy session to the URIs; list changes need nothing. */
  static async legacy(session: ClientSession, wanted: SubscriptionFilter): Promise<TestSubscription> {
    const sub = new TestSubscription();
    const caps = session.description.capabilities;
    const filter: SubscriptionFilter = {};
    if (wanted.toolsListChanged && caps.tools?.listChanged) filter.toolsListChanged = true;
    if (wanted.promptsListChanged && caps.prompts?.listChanged) filter.promptsListChanged = true;
    if (wanted.resourcesListChanged && caps.resources?.listChanged) filter.resourcesListChanged = true;
    const uris = caps.resources?.subscribe ? [...new Set(wanted.resourceSubscriptions ?? [])] : [];
    if (wanted.resourceSubscriptions && caps.resources?.subscribe) filter.resourceSubscriptions = uris;
    // The server keeps one set of URIs per session: a URI is unsubscribed when its last holder closes.
    const holds = session.subscribedUris;
    for (const uri of uris) {
      if (!holds.has(uri)) await session.request('resources/subscribe', { uri });
      holds.set(uri, (holds.get(uri) ?? 0) + 1);
    }
    sub.filter = filter;
    sub.stop = session.addListener((n) => {
      if (delivers(filter, n)) sub.notifications.push(n);
    });
    sub.closer = async () => {
      for (const uri of uris) {
        const left = (holds.get(uri) ?? 1) - 1;
        if (left > 0) holds.set(uri, left);
        else {
          holds.delete(uri);
          await session.request('resources/unsubscribe', { uri });
        }
      }
    };
    return sub;
  }
}

/** Whether a legacy notification is one the filter asked for (the server sends them to all clients). */
function delivers(filter: SubscriptionFilter, n: ReceivedNotification): boolean {
  const kind = /^notifications\/(tools|prompts|resources)\/list_changed$/.exec(n.method)?.[1];
  if (kind !== undefined) return filter[`${kind as 'tools'}ListChanged`] === true;
  if (n.method !== 'notifications/resources/updated') return false;
  const uri = String(n.params.uri);
  // An update may concern a sub-resource of what was subscribed to, as the spec allows.
  return (filter.resourceSubscriptions ?? []).some((s) => uri === s || uri.startsWith(s.endsWith('/') ? s : `${s}/`));
}
