import type { EngineLogger } from '../engine/logger.js';
import type { ClientEvents } from './client-types.js';

type Listeners = { [E in keyof ClientEvents]?: Set<ClientEvents[E]> };

/** The listeners of one client, by event; a throwing listener is reported and does not stop the others. */
export class ClientEventHub {
  private readonly listeners: Listeners = {};

  constructor(private readonly logger: EngineLogger) {}

  on<E extends keyof ClientEvents>(event: E, listener: ClientEvents[E]): () => void {
    let set = this.listeners[event] as Set<ClientEvents[E]> | undefined;
    if (set === undefined) {
      set = new Set();
      (this.listeners as Record<string, Set<ClientEvents[E]>>)[event] = set;
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends keyof ClientEvents>(event: E, ...args: Parameters<ClientEvents[E]>): void {
    const set = this.listeners[event] as Set<(...a: Parameters<ClientEvents[E]>) => void> | undefined;
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(...args);
      } catch (error) {
        this.logger.warn(`[decorum] a client "${event}" listener failed`, error);
      }
    }
  }
}
