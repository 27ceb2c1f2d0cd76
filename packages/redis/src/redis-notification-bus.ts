import type { ClusterMessage, NotificationBus } from '@decorum/protocol';
import type { RedisConnection } from './redis-connection.js';

/** Options of {@link RedisNotificationBus}. */
export interface RedisNotificationBusOptions {
  /** Prefix of the channel name (`<prefix>bus`). Default `decorum:`. */
  keyPrefix?: string;
  /** Called with a message that could not be read (not from a Decorum instance). Default: ignored. */
  onInvalid?: (raw: string) => void;
}

interface Envelope {
  /** The publishing instance, so it does not deliver its own message twice. */
  o: string;
  m: ClusterMessage;
}

/**
 * The {@link NotificationBus} of several instances over Redis pub/sub, on one channel
 * (`<prefix>bus`). Pub/sub keeps nothing: a message published while an instance is disconnected
 * from Redis does not reach it (the shared event store is what keeps events for resumption).
 * @example
 * server.useNotificationBus(new RedisNotificationBus(new RedisConnection({ url })));
 */
export class RedisNotificationBus implements NotificationBus {
  /** This instance's id on the bus. */
  readonly instanceId = crypto.randomUUID();
  private readonly channel: string;
  private readonly listeners = new Set<(message: ClusterMessage) => void>();
  private subscribed?: Promise<void>;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: RedisNotificationBusOptions = {},
  ) {
    this.channel = `${options.keyPrefix ?? 'decorum:'}bus`;
  }

  async publish(message: ClusterMessage): Promise<void> {
    const envelope: Envelope = { o: this.instanceId, m: message };
    await this.redis.run(`publish ${message.type}`, (client) => client.publish(this.channel, JSON.stringify(envelope)));
  }

  subscribe(listener: (message: ClusterMessage) => void): () => void {
    this.listeners.add(listener);
    // Subscribed once, when Redis is first reachable; the client resubscribes after reconnections.
    this.subscribed ??= this.redis.subscribe(this.channel, (raw) => this.receive(raw));
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the channel is subscribed (for tests and orderly startup). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      this.options.onInvalid?.(raw);
      return;
    }
    if (envelope.o === this.instanceId || typeof envelope.m?.type !== 'string') return;
    for (const listener of this.listeners) listener(envelope.m);
  }
}
