import { bearerChallenge } from '../auth/challenge.js';
import { insufficientScopeOf } from '../auth/insufficient-scope.js';
import { isModernRequest, unsupportedVersion } from '../engine/modern/envelope.js';
import type { ProtocolServer } from '../engine/server.js';
import type { ServerSession } from '../engine/session.js';
import { classify } from '../jsonrpc/codec.js';
import { ErrorCode } from '../jsonrpc/errors.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { AuthInfo, MessageInfo } from '../transports/transport.js';
import { isLegacyVersion, isModernVersion } from '../versions.js';
import { readJsonBody } from './body.js';
import { ClusterLink } from './cluster-link.js';
import { InMemoryEventStore } from './event-store.js';
import { HttpSession, type HttpSessionSettings } from './http-session.js';
import { LegacySseEndpoint } from './legacy-sse.js';
import { serveModernPost } from './modern-http.js';
import type { ResolvedHttpOptions, StreamableHttpOptions } from './options.js';
import { errorResponse, jsonResponse } from './responses.js';
import { checkOrigin } from './security.js';
import { newSessionId, newStreamId } from './session-id.js';
import type { SessionStore } from './session-store.js';
import { SseConnection, sseHeaders } from './sse.js';

const SESSION_HEADER = 'mcp-session-id';
const VERSION_HEADER = 'mcp-protocol-version';

function accepts(request: Request, type: string): boolean {
  const major = `${type.split('/')[0]}/*`;
  return (request.headers.get('accept') ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase())
    .some((listed) => listed === type || listed === major || listed === '*/*');
}

const noop = () => undefined;

/** The id of a POSTed request, when its body reads as one (for errors raised before dispatch). */
async function readableId(request: Request, maxBytes: number): Promise<string | number | undefined> {
  const body = await readJsonBody(request, maxBytes);
  const id = body.ok ? (body.value as { id?: unknown } | null)?.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
/** The shared session store cannot be reached: the client may retry (on this or another instance). */
const storeDown = (error: unknown) =>
  bad(503, `Service Unavailable: the session store is unreachable (${(error as Error).message})`, {
    'Retry-After': '1',
  });
const owner = (auth: AuthInfo | undefined) => auth?.subject ?? auth?.clientId;
const bad = (status: number, message: string, headers?: Record<string, string>) =>
  errorResponse(status, ErrorCode.InvalidRequest, message, headers);
/** A lone insufficient-scope error is answered 403, so the client can step up (see `stepUp`). */
const scopeStatus = (message: JsonRpcMessage | JsonRpcMessage[]) =>
  insufficientScopeOf(message) === undefined ? 200 : 403;

/**
 * MCP's Streamable HTTP transport as a Web-standard handler: `handle(request) → Response` runs
 * unchanged on Node (through `@decorum/protocol/node`), Bun, Deno and Workers.
 * @example
 * const http = new StreamableHttpHandler(server);
 * Bun.serve({ fetch: http.handle });
 */
export class StreamableHttpHandler {
  /** The Fetch handler (bound: pass it around as is). */
  readonly handle: (request: Request) => Promise<Response> = (request) => this.route(request);
  private readonly options: ResolvedHttpOptions;
  private readonly settings: HttpSessionSettings;
  private readonly sessions = new Map<string, HttpSession>();
  private readonly active = new Set<Promise<void>>();
  private readonly legacy?: LegacySseEndpoint;
  private readonly cluster?: ClusterLink;
  private sweeper?: ReturnType<typeof setInterval>;
  private closing = false;

  constructor(
    readonly server: ProtocolServer,
    options: StreamableHttpOptions = {},
  ) {
    this.options = {
      path: '/mcp',
      stateless: false,
      enableGetStream: true,
      maxBodyBytes: 4 * 1024 * 1024,
      sessionIdleTimeoutMs: 30 * 60_000,
      maxSessions: 10_000,
      maxStreamsPerSession: 64,
      keepAliveMs: 15_000,
      retryMs: 1_000,
      shutdownTimeoutMs: 10_000,
      ...options,
      eventStore:
        options.eventStore === undefined
          ? (options.scaleOut?.eventStore ?? new InMemoryEventStore())
          : options.eventStore,
      sessionStore: options.sessionStore ?? options.scaleOut?.sessionStore,
    };
    if (options.scaleOut && !this.options.stateless) {
      this.cluster = new ClusterLink(server, options.scaleOut, this.sessions);
    }
    if (options.legacySse) {
      this.legacy = new LegacySseEndpoint(server, options.legacySse === true ? {} : options.legacySse);
    }
    this.settings = {
      eventStore: this.options.stateless ? null : this.options.eventStore,
      retryMs: this.options.retryMs,
      keepAliveMs: this.options.keepAliveMs,
      newId: newStreamId,
      cluster: this.cluster && this.options.eventStore ? this.cluster : undefined,
    };
  }

  /** Sessions currently held by this instance. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Stops accepting requests, lets in-flight ones finish (up to the timeout), then closes every session. */
  async close(): Promise<void> {
    this.closing = true;
    // Listen streams never end on their own: end them with their result, as a graceful close.
    this.server.listeners.endAll();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.shutdownTimeoutMs);
    });
    await Promise.race([Promise.all(this.active), timeout]);
    clearTimeout(timer);
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    await this.legacy?.close();
    await this.cluster?.close();
  }

  private async route(request: Request): Promise<Response> {
    const metadata = this.options.auth?.serveMetadata?.(request);
    if (metadata) return metadata;
    const path = new URL(request.url).pathname;
    const legacy = this.legacy?.handles(path) === true;
    if (path !== this.options.path && !legacy) return bad(404, 'Not Found');
    if (this.closing) return bad(503, 'Service Unavailable: the server is shutting down');
    const blocked = checkOrigin(request, this.options.originPolicy);
    if (blocked) return blocked;
    let auth: AuthInfo | undefined;
    const authenticate = this.options.auth?.authenticate ?? this.options.authenticate;
    if (authenticate) {
      const result = await authenticate(request);
      if (result instanceof Response) return result;
      auth = result;
    }
    if (legacy) {
      const info: MessageInfo = { authInfo: auth, request: { url: request.url, headers: request.headers } };
      return (await this.legacy?.handle(request, info)) ?? bad(404, 'Not Found');
    }
    const version = request.headers.get(VERSION_HEADER);
    if (version !== null && isModernVersion(version)) {
      if (request.method !== 'POST') {
        const error = {
          code: ErrorCode.InvalidRequest,
          message: 'Method Not Allowed: protocol 2026-07-28 uses POST only',
        };
        return jsonResponse(405, { jsonrpc: '2.0', error }, { Allow: 'POST' });
      }
      const answer = serveModernPost(this.server, request, auth, this.settings, this.options.maxBodyBytes, (done) =>
        this.track(done.then(noop, noop)),
      );
      this.track(answer.then(noop, noop));
      return answer.then((response) => this.stepUp(response));
    }
    if (version !== null && !isLegacyVersion(version)) {
      // Echo the request's id when it can be read, so the client can match the error to its request.
      const id = request.method === 'POST' ? await readableId(request, this.options.maxBodyBytes) : undefined;
      const error = unsupportedVersion(version).toErrorObject();
      return jsonResponse(400, id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error });
    }
    switch (request.method) {
      case 'POST': {
        // Tracked from the start, so a shutdown that begins while the body is read still waits for it.
        const answer = this.post(request, auth);
        this.track(answer.then(noop, noop));
        return answer.then((response) => this.stepUp(response));
      }
      case 'GET':
        return this.get(request, auth);
      case 'DELETE':
        return this.delete(request, auth);
      default:
        return bad(405, 'Method Not Allowed', { Allow: this.allowed() });
    }
  }

  private allowed(): string {
    return this.options.stateless ? 'POST' : this.options.enableGetStream ? 'GET, POST, DELETE' : 'POST, DELETE';
  }

  private async post(request: Request, auth: AuthInfo | undefined): Promise<Response> {
    if (!accepts(request, 'application/json') || !accepts(request, 'text/event-stream')) {
      return bad(406, 'Not Acceptable: Accept must list application/json and text/event-stream');
    }
    if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return bad(415, 'Unsupported Media Type: the body must be application/json');
    }
    const body = await readJsonBody(request, this.options.maxBodyBytes);
    if (!body.ok) return body.response;
    const messages: unknown[] = Array.isArray(body.value) ? body.value : [body.value];
    if (messages.length === 0) return bad(400, 'Invalid Request: empty batch');
    const requestIds: RequestId[] = [];
    let initialize = false;
    for (const message of messages) {
      const item = classify(message);
      // Without a readable id an error could not be routed to this POST: answer it here.
      if (item.kind === 'invalid' && item.id === null) return errorResponse(400, item.error.code, item.error.message);
      if (item.kind === 'request' || item.kind === 'invalid')
        requestIds.push(item.kind === 'request' ? item.message.id : (item.id as RequestId));
      if (item.kind === 'request' && item.message.method === 'initialize') initialize = true;
      if (item.kind === 'request' && isModernRequest(item.message.params)) {
        const meta = (item.message.params?._meta ?? {}) as Record<string, unknown>;
        const named = meta['io.modelcontextprotocol/protocolVersion'];
        // A per-request envelope naming a version we cannot serve statelessly is an unsupported version;
        // a modern one sent without the modern header is a header mismatch.
        const error = isModernVersion(named)
          ? {
              code: ErrorCode.HeaderMismatch,
              message: 'Header mismatch: a 2026-07-28 request needs MCP-Protocol-Version: 2026-07-28',
            }
          : unsupportedVersion(named).toErrorObject();
        return jsonResponse(400, { jsonrpc: '2.0', id: item.message.id, error });
      }
    }
    if (initialize && messages.length > 1) return bad(400, 'Invalid Request: initialize must not be part of a batch');
    const info: MessageInfo = { authInfo: auth, request: { url: request.url, headers: request.headers } };
    if (this.options.stateless) return this.stateless(request, body.value, requestIds, initialize, info);

    let session: HttpSession | Response;
    if (initialize) {
      if (this.sessions.size >= this.options.maxSessions) return bad(503, 'Service Unavailable: too many sessions');
      session = await this.createSession(auth);
    } else {
      session = await this.lookup(request, auth);
      if (session instanceof Response) return session;
    }
    if (requestIds.length === 0) {
      session.receive(body.value, info);
      this.cluster?.inbound(session.id, body.value);
      return new Response(null, { status: 202, headers: { 'Mcp-Session-Id': session.id } });
    }
    if (session.openStreams >= this.options.maxStreamsPerSession) {
      return bad(503, 'Service Unavailable: too many open streams for this session');
    }
    const exchange = session.openExchange(requestIds, { 'Mcp-Session-Id': session.id }, true, {
      statusOf: scopeStatus,
    });
    if (exchange === undefined) return bad(409, 'Conflict: a request with this id is already in flight');
    this.track(exchange.finished);
    session.receive(body.value, info);
    const response = await exchange.response;
    if (initialize && !session.session?.initialized) await session.close();
    return response;
  }

  private async stateless(
    request: Request,
    value: unknown,
    requestIds: RequestId[],
    initialize: boolean,
    info: MessageInfo,
  ): Promise<Response> {
    const version = request.headers.get(VERSION_HEADER) ?? '2025-03-26';
    const transport = new HttpSession(newStreamId(), this.settings, () => session.protocolVersion);
    const session: ServerSession = await this.server.connect(transport);
    if (!initialize) session.restore({ protocolVersion: version, clientCapabilities: {}, subscriptions: [] });
    if (requestIds.length === 0) {
      transport.receive(value, info);
      await session.close();
      return new Response(null, { status: 202 });
    }
    const exchange = transport.openExchange(requestIds, {}, false, { statusOf: scopeStatus });
    if (exchange === undefined) return bad(400, 'Invalid Request: duplicate request ids');
    this.track(exchange.finished.then(() => session.close()));
    transport.receive(value, info);
    return exchange.response;
  }

  private async get(request: Request, auth: AuthInfo | undefined): Promise<Response> {
    if (this.options.stateless || !this.options.enableGetStream) {
      return bad(405, 'Method Not Allowed: this endpoint has no GET stream', { Allow: this.allowed() });
    }
    if (!accepts(request, 'text/event-stream')) return bad(406, 'Not Acceptable: Accept must list text/event-stream');
    const session = await this.lookup(request, auth);
    if (session instanceof Response) return session;
    const lastEventId = request.headers.get('last-event-id') ?? undefined;
    if (lastEventId === undefined && session.hasStandalone) {
      return bad(409, 'Conflict: this session already has an open GET stream');
    }
    if (session.openStreams >= this.options.maxStreamsPerSession) {
      return bad(503, 'Service Unavailable: too many open streams for this session');
    }
    const connection = new SseConnection(this.options.keepAliveMs);
    request.signal?.addEventListener('abort', () => connection.close(), { once: true });
    if (!(await session.attach(connection, lastEventId))) {
      // An id we no longer know (evicted, or from before a restart): a fresh standalone stream.
      if (session.hasStandalone) {
        connection.close();
        return bad(409, 'Conflict: unknown Last-Event-ID and the session already has a GET stream');
      }
      await session.attach(connection);
    }
    return new Response(connection.stream, { status: 200, headers: sseHeaders({ 'Mcp-Session-Id': session.id }) });
  }

  private async delete(request: Request, auth: AuthInfo | undefined): Promise<Response> {
    if (this.options.stateless) return bad(405, 'Method Not Allowed: stateless endpoint', { Allow: 'POST' });
    const session = await this.lookup(request, auth);
    if (session instanceof Response) return session;
    await session.close(true);
    try {
      await this.options.sessionStore?.delete(session.id);
    } catch (error) {
      return storeDown(error);
    }
    this.cluster?.deleted(session.id);
    return new Response(null, { status: 200 });
  }

  private async createSession(auth: AuthInfo | undefined, id = newSessionId()): Promise<HttpSession> {
    const transport = new HttpSession(id, this.settings, () => session.protocolVersion);
    transport.owner = owner(auth);
    this.sessions.set(id, transport);
    const session = await this.server.connect(transport);
    transport.session = session;
    const store = this.options.sessionStore;
    session.onstatechange = () => {
      const stored = { state: session.snapshot(), owner: transport.owner };
      if (this.cluster) this.cluster.stateChanged(id, stored);
      else void store?.set(id, stored).catch(() => undefined);
    };
    session.onclose = () => {
      if (this.sessions.get(id) === transport) this.sessions.delete(id);
    };
    this.startSweeper();
    return transport;
  }

  private async lookup(request: Request, auth: AuthInfo | undefined): Promise<HttpSession | Response> {
    const id = request.headers.get(SESSION_HEADER);
    if (id === null || id === '') return bad(400, 'Bad Request: the Mcp-Session-Id header is required');
    let session = this.sessions.get(id);
    if (session === undefined && this.options.sessionStore) {
      let stored: Awaited<ReturnType<SessionStore['get']>>;
      try {
        stored = await this.options.sessionStore.get(id);
      } catch (error) {
        return storeDown(error);
      }
      // Looked up again: a concurrent request may have restored it meanwhile.
      session = this.sessions.get(id);
      if (session === undefined && stored) {
        session = await this.createSession(undefined, id);
        session.owner = stored.owner;
        session.session?.restore(stored.state);
      }
    }
    // Another principal's session id is answered exactly like an unknown one.
    if (session === undefined || (session.owner !== undefined && session.owner !== owner(auth))) {
      return bad(404, 'Not Found: unknown or expired session; send initialize to start a new one');
    }
    session.lastActive = Date.now();
    return session;
  }

  /** Adds the step-up challenge to a 403 raised by an insufficient-scope error (rare: the body is read only then). */
  private async stepUp(response: Response): Promise<Response> {
    if (response.status !== 403 || response.headers.has('www-authenticate')) return response;
    const scopes = insufficientScopeOf((await response.clone().json()) as JsonRpcMessage);
    if (scopes === undefined) return response;
    const challenge =
      this.options.auth?.insufficientScope?.(scopes) ?? bearerChallenge({ error: 'insufficient_scope', scopes });
    response.headers.set('WWW-Authenticate', challenge);
    return response;
  }

  private track(done: Promise<void>): void {
    this.active.add(done);
    void done.finally(() => this.active.delete(done));
  }

  private startSweeper(): void {
    if (this.sweeper !== undefined) return;
    const idle = this.options.sessionIdleTimeoutMs;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1_000, Math.min(idle / 2, 60_000)));
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  private sweep(): void {
    const cutoff = Date.now() - this.options.sessionIdleTimeoutMs;
    for (const session of this.sessions.values()) {
      if (session.lastActive < cutoff && session.openStreams === 0) void session.close();
    }
    if (this.sessions.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}
