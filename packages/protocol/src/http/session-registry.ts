// The sessions one Streamable HTTP endpoint holds: creating them, finding the one a request names
// (restoring it from a shared store when another instance created it), and closing idle ones.

import { consoleLogger } from '../engine/logger.js';
import { RateLimitedWarning } from '../engine/rate-limited-warning.js';
import type { ProtocolServer } from '../engine/server.js';
import type { SessionObserver } from '../engine/session.js';
import type { AuthInfo } from '../transports/transport.js';
import type { ClusterLink } from './cluster-link.js';
import type { HeaderReader, PlainReply } from './http-input.js';
import { HttpSession, type HttpSessionSettings } from './http-session.js';
import type { ResolvedHttpOptions } from './options.js';
import { badRequest, storeDown } from './responses.js';
import { newSessionId } from './session-id.js';
import { ownerOf } from './session-owner.js';
import type { SessionStore } from './session-store.js';

const SESSION_HEADER = 'mcp-session-id';

/** The sessions of one endpoint. */
export class SessionRegistry {
  /** By session id (the cluster link reads it too). */
  readonly map = new Map<string, HttpSession>();
  private sweeper?: ReturnType<typeof setInterval>;
  private readonly warnings: RateLimitedWarning;

  constructor(
    private readonly server: ProtocolServer,
    private readonly options: ResolvedHttpOptions,
    private readonly settings: HttpSessionSettings,
    private readonly cluster: () => ClusterLink | undefined,
  ) {
    this.warnings = new RateLimitedWarning(() => server.options.logger ?? consoleLogger);
  }

  get size(): number {
    return this.map.size;
  }

  /** Starts a session (initialize, or one restored under its old id) and keeps its stored state current. */
  async create(auth: AuthInfo | undefined, id = newSessionId()): Promise<HttpSession> {
    const transport = new HttpSession(id, this.settings, () => session.protocolVersion);
    transport.owner = ownerOf(auth);
    this.map.set(id, transport);
    const session = await this.server.connect(transport, { observer: this.observerFor(id, transport) });
    transport.session = session;
    this.startSweeper();
    return transport;
  }

  /** Keeps a session's stored state current, and forgets the session when it ends. */
  private observerFor(id: string, transport: HttpSession): SessionObserver {
    const store = this.options.sessionStore;
    return {
      stateChanged: (session) => {
        const stored = { state: session.snapshot(), owner: transport.owner };
        const cluster = this.cluster();
        if (cluster) cluster.stateChanged(id, stored);
        else
          void store
            ?.set(id, stored)
            .catch((error: unknown) => this.warnings.warn('store', 'session store: could not save a session', error));
      },
      closed: () => {
        if (this.map.get(id) === transport) this.map.delete(id);
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
    // Held here (nearly every request): answered without a promise.
    if (session !== undefined || !this.options.sessionStore) return this.admit(session, auth);
    return this.restore(id, auth);
  }

  private async restore(id: string, auth: AuthInfo | undefined): Promise<HttpSession | PlainReply> {
    let session: HttpSession | undefined;
    if (this.options.sessionStore) {
      let stored: Awaited<ReturnType<SessionStore['get']>>;
      try {
        stored = await this.options.sessionStore.get(id);
      } catch (error) {
        return storeDown(error);
      }
      // Looked up again: a concurrent request may have restored it meanwhile.
      session = this.map.get(id);
      if (session === undefined && stored) {
        session = await this.create(undefined, id);
        session.owner = stored.owner;
        session.session?.restore(stored.state);
      }
    }
    return this.admit(session, auth);
  }

  private admit(session: HttpSession | undefined, auth: AuthInfo | undefined): HttpSession | PlainReply {
    // Another principal's session id is answered exactly like an unknown one.
    if (session === undefined || (session.owner !== undefined && session.owner !== ownerOf(auth))) {
      return badRequest(404, 'Not Found: unknown or expired session; send initialize to start a new one');
    }
    session.lastActive = Date.now();
    return session;
  }

  /** Stops the sweeper and closes every session. */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.all([...this.map.values()].map((s) => s.close()));
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
