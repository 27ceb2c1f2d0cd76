// The app's own clients (legacy sessions) as its mounts need them outside any call: whom to ask for roots when a
// mounted server asks on its own (many do at startup, and again after `notifications/roots/list_changed`), and whom
// to tell what a mounted server logs outside a call. A mount shared by many clients has one set of roots upstream:
// it is the most recent client that declared `roots` (it initialized, or said its roots changed, last) — the one a
// single-client proxy has, and for a hub the latest to have spoken of roots.
import type { LoggingLevel, ProtocolServer, ServerSession, SessionObserver } from '@decorum/protocol';

/** Roots as a client lists them. */
export type DownstreamRoots = { uri: string; name?: string }[];

/** Learns of the app's sessions through its engine, and answers the mounts' questions about them. */
export class DownstreamSessions implements SessionObserver {
  // Sessions that declared roots, least recent first.
  private readonly withRoots: ServerSession[] = [];
  private readonly listeners = new Set<() => void>();
  private followed?: ProtocolServer;
  private detach?: () => void;

  constructor(private readonly engine: () => ProtocolServer) {}

  /** Observes the app's current engine (again after a reload swapped it), seeding the sessions it already has. */
  follow(): void {
    const engine = this.engine();
    if (engine === this.followed) return;
    this.detach?.();
    this.followed = engine;
    this.detach = engine.observeSessions(this);
    this.withRoots.length = 0;
    for (const session of engine.connectedSessions) if (declaresRoots(session)) this.withRoots.push(session);
  }

  /** Stops observing. */
  close(): void {
    this.detach?.();
    this.detach = undefined;
    this.followed = undefined;
    this.listeners.clear();
  }

  /** Hears when the roots a mounted server should see changed; returns the function that stops. */
  onRootsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The roots of the most recent session that declared roots; undefined when no such client is connected. */
  async roots(): Promise<DownstreamRoots | undefined> {
    const session = this.withRoots.at(-1);
    if (session === undefined) return undefined;
    const answer = await session.listRoots();
    return (answer.roots ?? []) as DownstreamRoots;
  }

  /** A mounted server's log message outside any call: to every connected client (each at its own level). */
  log(level: LoggingLevel, data: unknown, logger?: string): void {
    for (const session of this.followed?.connectedSessions ?? []) {
      session.sendLog(level, data, logger).catch(() => undefined);
    }
  }

  /** (SessionObserver) a session initialized: one with roots becomes the most recent. */
  stateChanged(session: ServerSession): void {
    if (this.withRoots.includes(session) || !declaresRoots(session)) return;
    this.withRoots.push(session);
    this.changed();
  }

  /** (SessionObserver) a client said its roots changed. */
  rootsChanged(session: ServerSession): void {
    if (!declaresRoots(session)) return;
    this.remove(session);
    this.withRoots.push(session);
    this.changed();
  }

  /** (SessionObserver) a session ended; the roots now are those of the one before it. */
  closed(session: ServerSession): void {
    if (this.remove(session) && this.withRoots.length > 0) this.changed();
  }

  private remove(session: ServerSession): boolean {
    const index = this.withRoots.indexOf(session);
    if (index >= 0) this.withRoots.splice(index, 1);
    return index >= 0;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

function declaresRoots(session: ServerSession): boolean {
  return session.initialized && session.clientCapabilities.roots !== undefined;
}
