// Streamable HTTP with sessions, in the legacy era: initialize starts a session (Mcp-Session-Id),
// later POSTs, the GET stream and DELETE name it. Sessions may be shared between instances (a
// session store, a scale-out bus). A session keeps state between requests: it honours everything.
import { FULL_ABILITIES } from '../engine/channel.js';
import { consoleLogger } from '../engine/logger.js';
import { andThen, type MaybePromise } from '../engine/maybe-promise.js';
import type { AuthInfo } from '../transports/transport.js';
import type { EndpointDeps, HttpEndpoint } from './endpoint.js';
import { accepts, type HttpInput, type HttpReply, type PlainReply } from './http-input.js';
import { HttpSession, type HttpSessionSettings, streamIdSource } from './http-session.js';
import { batchAllowed, batchRefused, type LegacyPost, readLegacyPost } from './legacy-post.js';
import { badRequest, storeDown, tooManyStreams } from './responses.js';
import type { ScaleOut } from './scale-out.js';
import { SessionRegistry } from './session-registry.js';
import { SseConnection, sseHeaders } from './sse.js';
import { StoreIncidents } from './store-incidents.js';

/** The default mode: sessions. */
export class SessionEndpoint implements HttpEndpoint {
  readonly abilities = FULL_ABILITIES;
  readonly allowed: string;
  private readonly sessions: SessionRegistry;

  constructor(
    private readonly deps: EndpointDeps,
    scaleOut: ScaleOut | undefined,
  ) {
    const { options, server } = deps;
    this.allowed = options.enableGetStream ? 'GET, POST, DELETE' : 'POST, DELETE';
    const settings: HttpSessionSettings = {
      eventStore: options.eventStore,
      retryMs: options.retryMs,
      keepAliveMs: options.keepAliveMs,
      budget: options.budget,
      newId: streamIdSource(),
      incidents: new StoreIncidents(() => server.options.logger ?? consoleLogger),
    };
    this.sessions = new SessionRegistry(server, options, settings, scaleOut);
  }

  /** Sessions currently held by this instance. */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * Serves a POST. Synchronous from the body to the answer when the body is in memory, the session is held
   * here and the handlers answer at once (a plain tools/call): no promise between the adapter and the engine.
   */
  post(input: HttpInput, auth: AuthInfo | undefined): MaybePromise<HttpReply> {
    return andThen(readLegacyPost(input, auth, this.deps.options.maxBodyBytes), (read) => {
      if (!('requestIds' in read)) return read;
      if (read.initialize) return this.initialize(read, auth);
      return andThen(this.sessions.lookup(input.headers, auth), (session) => this.deliver(session, read));
    });
  }

  /** Hands a POST's messages to the session it named. */
  private deliver(session: HttpSession | PlainReply, read: LegacyPost): MaybePromise<HttpReply> {
    if (!(session instanceof HttpSession)) return session;
    const { options } = this.deps;
    const { value, requestIds, info } = read;
    // The engine answers such a batch with one error of id null, which no POST stream could carry.
    if (read.batch && !batchAllowed(session.session?.protocolVersion)) return batchRefused();
    if (requestIds.length === 0) {
      session.onmessage?.(value, info);
      this.sessions.shared?.inbound(session.id, value);
      return { status: 202, headers: { 'Mcp-Session-Id': session.id }, body: null };
    }
    if (session.openStreams >= options.maxStreamsPerSession) return tooManyStreams(options.maxStreamsPerSession);
    const exchange = session.openExchange(requestIds);
    if (exchange === undefined) return badRequest(409, 'Conflict: a request with this id is already in flight');
    // The answers go straight to the POST's exchange; the session's transport carries only what is not an answer.
    info.replyTo = exchange;
    session.onmessage?.(value, info);
    // A shutdown waits for what is still running; an exchange answered in this turn is over already.
    if (!exchange.done) this.deps.track(exchange.finished);
    return this.sessions.shared ? this.afterWrites(session, exchange.response) : exchange.reply;
  }

  /** initialize: a new session, kept only once it is initialized (and, with a store, stored). */
  private async initialize(read: LegacyPost, auth: AuthInfo | undefined): Promise<HttpReply> {
    const { options } = this.deps;
    // Batches need a negotiated 2025-03-26, which a session being initialized has not (nor is one made for it).
    if (read.batch) return batchRefused();
    if (this.sessions.size >= options.maxSessions) return badRequest(503, 'Service Unavailable: too many sessions');
    const session = await this.sessions.create(auth);
    const exchange = session.openExchange(read.requestIds);
    if (exchange === undefined) return badRequest(409, 'Conflict: a request with this id is already in flight');
    this.deps.track(exchange.finished);
    read.info.replyTo = exchange;
    session.onmessage?.(read.value, read.info);
    const response = await exchange.response;
    if (!session.session?.initialized) {
      await session.close();
      return response;
    }
    // Answered only once the session is in the shared store: any instance can serve it from now on.
    if (await this.sessions.durable(session)) return response;
    this.sessions.forget(session);
    await session.close();
    if (response instanceof Response) await response.body?.cancel();
    return storeDown(new Error('the new session could not be stored; send initialize again'));
  }

  /**
   * A reply waits for the session writes its request made (a subscription, a log level), so the
   * client's next request, on whichever instance, sees them (no wait when none is pending).
   */
  private async afterWrites(session: HttpSession, response: Promise<HttpReply>): Promise<HttpReply> {
    const reply = await response;
    const writes = this.sessions.settled(session);
    if (writes !== undefined) await writes;
    return reply;
  }

  async get(input: HttpInput, auth: AuthInfo | undefined): Promise<HttpReply> {
    const { options } = this.deps;
    if (!options.enableGetStream) {
      return badRequest(405, 'Method Not Allowed: this endpoint has no GET stream', { Allow: this.allowed });
    }
    if (!accepts(input.headers, 'text/event-stream')) {
      return badRequest(406, 'Not Acceptable: Accept must list text/event-stream');
    }
    const session = await this.sessions.lookup(input.headers, auth);
    if (!(session instanceof HttpSession)) return session;
    const lastEventId = input.headers.get('last-event-id') ?? undefined;
    if (lastEventId === undefined && session.hasStandalone) {
      return badRequest(409, 'Conflict: this session already has an open GET stream');
    }
    if (session.openStreams >= options.maxStreamsPerSession) return tooManyStreams(options.maxStreamsPerSession);
    const connection = new SseConnection(options.keepAliveMs, options.budget);
    input.onAbort(() => connection.close());
    let attached = await session.attach(connection, lastEventId);
    if (attached === false) {
      // An id we no longer know (evicted, or from before a restart): a fresh standalone stream.
      if (session.hasStandalone) {
        connection.close();
        return badRequest(409, 'Conflict: unknown Last-Event-ID and the session already has a GET stream');
      }
      attached = await session.attach(connection);
    }
    // Refused: another instance serves the GET stream (409), or the event store is down (503).
    if (typeof attached === 'object') return attached;
    return new Response(connection.stream, { status: 200, headers: sseHeaders({ 'Mcp-Session-Id': session.id }) });
  }

  async delete(input: HttpInput, auth: AuthInfo | undefined): Promise<HttpReply> {
    const session = await this.sessions.lookup(input.headers, auth);
    if (!(session instanceof HttpSession)) return session;
    // Ended everywhere (a shared one on every instance) before the answer: none serves it after the 200.
    try {
      await this.sessions.end(session);
    } catch (error) {
      return storeDown(error);
    }
    await session.close(true);
    return { status: 200, headers: {}, body: null };
  }

  async close(): Promise<void> {
    await this.sessions.closeAll();
  }
}
