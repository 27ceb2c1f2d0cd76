// The sessions one Streamable HTTP endpoint holds: creating them, finding the one a request names,
// and closing idle ones. Sessions shared with other instances (a `ScaleOut`) are kept in step with
// the shared store by the scale-out's side of the endpoint; this file only calls it through its seam.
import type { ProtocolServer } from '../engine/server.js';
import type { SessionObserver } from '../engine/session.js';
import type { StoredSession } from '../engine/session-state.js';
import type { AuthInfo } from '../transports/transport.js';
import { LATEST_PROTOCOL_VERSION } from '../versions.js';
import type { HeaderReader, PlainReply } from './http-input.js';
import { HttpSession, type HttpSessionSettings } from './http-session.js';
import type { ResolvedHttpOptions } from './options.js';
import { badRequest } from './responses.js';
import type { ScaleOut, SharedSessions } from './scale-out.js';
import { newSessionId, ownerOf } from './session-id.js';

const SESSION_HEADER = 'mcp-session-id';

/** The sessions of one endpoint. */
export class SessionRegistry {
  /** By session id (the scale-out reads it too). Only whole sessions are in it. */
  readonly map = new Map<string, HttpSession>();
  /** Present when sessions are shared between instances. */
  readonly shared?: SharedSessions;
  private sweeper?: ReturnType<typeof setInterval>;

  constructor(
    private readonly server: ProtocolServer,
    private readonly options: ResolvedHttpOptions,
    private readonly settings: HttpSessionSettings,
    scaleOut?: ScaleOut,
  ) {
    this.shared = scaleOut?.attach({
      server,
      sessions: this.map,
      eventStore: options.eventStore,
      incidents: settings.incidents,
      restore: (id, stored) => this.create(undefined, id, stored),
      forget: (session) => this.forget(session),
    });
    settings.sharedStreams = this.shared?.streams;
  }

  get size(): number {
    return this.map.size;
  }

  /**
   * Starts a session: a new one (initialize), or one restored under its old id from `stored`.
   * It is in the map once connected and restored, never before.
   */
  async create(auth: AuthInfo | undefined, id = newSessionId(), stored?: StoredSession): Promise<HttpSession> {
    const transport: HttpSession = new HttpSession(
      id,
      this.settings,
      (): string => transport.session?.protocolVersion ?? LATEST_PROTOCOL_VERSION,
    );
    transport.owner = stored ? stored.owner : ownerOf(auth);
    this.shared?.adopt(transport, stored);
    const session = await this.server.connect(transport, { observer: this.observerFor(id, transport) });
    transport.session = session;
    if (stored) session.restore(stored.state);
    this.map.set(id, transport);
    this.startSweeper();
    return transport;
  }

  /**
   * Resolves once the session's state is in the shared store (true), or could not be put there
   * (false: the store is unreachable). Without a store, true at once.
   */
  durable(session: HttpSession): Promise<boolean> {
    return this.shared?.durable(session) ?? Promise.resolve(true);
  }

  /** The store writes of a session still in progress, if any. */
  settled(session: HttpSession): Promise<void> | undefined {
    return this.shared?.settled(session);
  }

  /** Forgets a session this instance holds (it was deleted), at once: no later request finds it here. */
  forget(session: HttpSession): void {
    if (this.map.get(session.id) === session) this.map.delete(session.id);
  }

  /** Ends a session (DELETE): everywhere when shared; rejects, with nothing ended, when the store is down. */
  async end(session: HttpSession): Promise<void> {
    if (this.shared) await this.shared.end(session);
    else this.forget(session);
  }

  /** Keeps a shared session's stored state current, and forgets the session when it ends. */
  private observerFor(id: string, transport: HttpSession): SessionObserver {
    return {
      stateChanged: () => this.shared?.changed(transport),
      closed: () => {
        if (this.map.get(id) !== transport) return;
        this.map.delete(id);
        this.shared?.closed(id);
      },
    };
  }

  /** The session a request names (400 without a name, 404 unknown or another principal's, 503 store down). */
  lookup(
    headers: HeaderReader,
    auth: AuthInfo | undefined,
  ): HttpSession | PlainReply | Promise<HttpSession | PlainReply> {
    const id = headers.get(SESSION_HEADER);
    if (id === null || id === '') return badRequest(400, 'Bad Request: the Mcp-Session-Id header is required');
    const session = this.map.get(id);
    const shared = this.shared;
    // Held here (nearly every request): answered without a promise.
    if (shared === undefined || (session !== undefined && !shared.stale(id))) return this.admit(session, auth);
    return shared
      .find(id)
      .then((restored) =>
        restored === undefined || restored instanceof HttpSession ? this.admit(restored, auth) : restored,
      );
  }

  private admit(session: HttpSession | undefined, auth: AuthInfo | undefined): HttpSession | PlainReply {
    // Another principal's session id is answered exactly like an unknown one.
    if (session === undefined || (session.owner !== undefined && session.owner !== ownerOf(auth))) {
      return badRequest(404, 'Not Found: unknown or expired session; send initialize to start a new one');
    }
    const now = Date.now();
    session.lastActive = now;
    this.shared?.used(session, now);
    return session;
  }

  /** Stops the sweeper, closes every session, then the scale-out (its connections included). */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.all([...this.map.values()].map((s) => s.close()));
    await this.shared?.close();
  }

  private startSweeper(): void {
    if (this.sweeper !== undefined) return;
    const idle = this.options.sessionIdleTimeoutMs;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1_000, Math.min(idle / 2, 60_000)));
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  private sweep(): void {
    const cutoff = Date.now() - this.options.sessionIdleTimeoutMs;
    for (const session of this.map.values()) {
      if (session.lastActive < cutoff && session.openStreams === 0) void session.close();
    }
    if (this.map.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}
