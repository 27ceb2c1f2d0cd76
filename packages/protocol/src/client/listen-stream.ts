import type { SubscriptionFilter } from '../engine/modern/subscriptions.js';
import type { JsonObject } from '../engine/types.js';
import type { ClientRequestOptions } from './client-types.js';

/** setTimeout's ceiling: a listen stream stays open until closed. */
const FOREVER_MS = 2_147_483_647;

type Request = (method: string, params: JsonObject, options: ClientRequestOptions) => Promise<JsonObject>;

/**
 * The one `subscriptions/listen` stream of a modern-era client: opened with a filter, replaced when the filter
 * changes, and reopened (with backoff) when the server ends it. Over HTTP a server that is gone then fails to answer
 * the POST, which is how the client learns that the connection is over.
 */
export class ListenStream {
  private current?: AbortController;
  private filter: SubscriptionFilter = {};
  private waiting: (() => void)[] = [];
  private failures = 0;

  constructor(
    private readonly request: Request,
    private readonly closed: () => boolean,
  ) {}

  /** (Re)opens the stream with `filter`; resolves once the server acknowledged it (or the stream ended). */
  async open(filter: SubscriptionFilter): Promise<void> {
    this.filter = filter;
    this.stop(new Error('The subscription was replaced'));
    if (Object.keys(filter).length === 0) return;
    const controller = new AbortController();
    this.current = controller;
    const acknowledged = new Promise<void>((resolve) => this.waiting.push(resolve));
    const done = this.request(
      'subscriptions/listen',
      { notifications: filter as JsonObject },
      { signal: controller.signal, timeoutMs: FOREVER_MS },
    );
    const ended = done.then(
      () => undefined,
      (error) => {
        if (!controller.signal.aborted && !this.closed()) throw error;
      },
    );
    void ended
      .catch(() => undefined)
      .then(() => {
        if (!controller.signal.aborted && !this.closed() && this.current === controller) this.reopen(controller);
      });
    await Promise.race([acknowledged, ended]);
  }

  /** The server acknowledged a listen request. */
  acknowledged(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Ends the stream (HTTP: the POST is closed; stdio: `notifications/cancelled`). */
  stop(reason: Error): void {
    this.current?.abort(reason);
    this.current = undefined;
    this.acknowledged();
  }

  private reopen(previous: AbortController): void {
    if (++this.failures > 5) return;
    const timer = setTimeout(
      () => {
        if (this.closed() || this.current !== previous) return;
        this.open(this.filter).then(
          () => {
            this.failures = 0;
          },
          () => undefined,
        );
      },
      100 * 2 ** this.failures,
    );
    (timer as { unref?: () => void }).unref?.();
  }
}
