import type { JsonObject } from '@decorum/protocol';

/** A notification the client received. */
export interface ReceivedNotification {
  method: string;
  params: JsonObject;
}

/** Picks the notifications a wait is for, beyond their method. */
export type NotificationMatch = (notification: ReceivedNotification) => boolean;

interface Waiter {
  method: string;
  match?: NotificationMatch;
  resolve: (notification: ReceivedNotification) => void;
  reject: (error: Error) => void;
}

/**
 * The notifications received, in order, and waits on them. A wait takes the earliest matching
 * notification no earlier wait has taken, whether it arrived before or after the call: tests never
 * race the server, and two waits for the same method get the first and the second occurrence.
 */
export class NotificationLog {
  /** Every notification, in arrival order. */
  readonly items: ReceivedNotification[] = [];
  private readonly taken = new Set<ReceivedNotification>();
  private readonly waiters: Waiter[] = [];
  private failure?: Error;

  /** Records a notification and hands it to the oldest wait it matches. */
  push(notification: ReceivedNotification): void {
    this.items.push(notification);
    const index = this.waiters.findIndex((w) => matches(w, notification));
    if (index === -1) return;
    const [waiter] = this.waiters.splice(index, 1);
    this.taken.add(notification);
    waiter?.resolve(notification);
  }

  /** Resolves with the next untaken notification of `method` (and `match`); rejects once the log is closed. */
  waitFor(method: string, match?: NotificationMatch): Promise<ReceivedNotification> {
    const found = this.items.find((n) => !this.taken.has(n) && matches({ method, match }, n));
    if (found) {
      this.taken.add(found);
      return Promise.resolve(found);
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ method, match, resolve, reject }));
  }

  /** Forgets what was received (pending waits keep waiting). */
  clear(): void {
    this.items.length = 0;
    this.taken.clear();
  }

  /** Rejects every pending wait, and any later one, with `error`: nothing more will arrive. */
  close(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }
}

function matches(waiter: Pick<Waiter, 'method' | 'match'>, notification: ReceivedNotification): boolean {
  return notification.method === waiter.method && (waiter.match === undefined || waiter.match(notification));
}
