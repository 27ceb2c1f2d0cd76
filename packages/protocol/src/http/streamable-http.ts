import { bearerChallenge } from '../auth/challenge.js';
import { insufficientScopeOf } from '../auth/insufficient-scope.js';
import { unsupportedVersion } from '../engine/modern/envelope.js';
import type { ProtocolServer } from '../engine/server.js';
import { ErrorCode } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';
import type { AuthInfo } from '../transports/transport.js';
import { isLegacyVersion, isModernVersion } from '../versions.js';
import { ClusterLink } from './cluster-link.js';
import {
  accepts,
  type HttpInput,
  type HttpReply,
  isPlain,
  messageInfo,
  NATIVE_ENTRY,
  type NativeEntry,
  toResponse,
  WebInput,
} from './http-input.js';
import { HttpSession, type HttpSessionSettings } from './http-session.js';
import { LegacySseEndpoint } from './legacy-sse.js';
import { serveModernPost } from './modern-http.js';
import { type ResolvedHttpOptions, resolveHttpOptions, type StreamableHttpOptions } from './options.js';
import { type PostEndpoint, scopeStatus, servePost } from './post-handler.js';
import { badRequest, jsonReply, storeDown, tooManyStreams } from './responses.js';
import { originRefusal } from './security.js';
import { streamIdSource } from './session-id.js';
import { SessionRegistry } from './session-registry.js';
import { SseConnection, sseHeaders } from './sse.js';
import { statelessExchangeContext } from './stateless-post.js';

const VERSION_HEADER = 'mcp-protocol-version';
const noop = () => undefined;

/**
 * MCP's Streamable HTTP transport as a Web-standard handler: `handle(request) → Response` runs
 * unchanged on Node (through `@decorum/protocol/node`), Bun, Deno and Workers. On Node the adapter
 * feeds requests in without building a `Request` and takes plain JSON answers back without a
 * `Response`; both ways run the same code below.
 * @example
 * const http = new StreamableHttpHandler(server);
 * Bun.serve({ fetch: http.handle });
 */
export class StreamableHttpHandler {
  /** The Fetch handler (bound: pass it around as is). */
  readonly handle: (request: Request) => Promise<Response>;
  private readonly options: ResolvedHttpOptions;
  private readonly settings: HttpSessionSettings;
  private readonly sessions: SessionRegistry;
  private readonly active = new Set<Promise<void>>();
  private readonly legacy?: LegacySseEndpoint;
  private readonly cluster?: ClusterLink;
  private readonly endpoint: PostEndpoint;
  private closing = false;

  constructor(
    readonly server: ProtocolServer,
    options: StreamableHttpOptions = {},
  ) {
    this.options = resolveHttpOptions(options);
    this.settings = {
      eventStore: this.options.stateless ? null : this.options.eventStore,
      retryMs: this.options.retryMs,
      keepAliveMs: this.options.keepAliveMs,
      newId: streamIdSource(),
      cluster: undefined,
    };
    this.sessions = new SessionRegistry(server, this.options, this.settings, () => this.cluster);
    if (options.scaleOut && !this.options.stateless) {
      this.cluster = new ClusterLink(server, options.scaleOut, this.sessions.map);
      if (this.options.eventStore) this.settings.cluster = this.cluster;
    }
    if (options.legacySse) {
      this.legacy = new LegacySseEndpoint(server, options.legacySse === true ? {} : options.legacySse);
    }
    this.endpoint = {
      server,
      options: this.options,
      settings: this.settings,
      sessions: this.sessions,
      cluster: this.cluster,
      statelessContext: this.options.stateless ? statelessExchangeContext(this.settings, scopeStatus) : undefined,
      track: (done) => this.track(done),
    };
    const native: NativeEntry = (input) => this.route(input);
    this.handle = Object.assign((request: Request) => this.route(new WebInput(request)).then(toResponse), {
      [NATIVE_ENTRY]: native,
    });
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
    await this.sessions.closeAll();
    await this.legacy?.close();
    await this.cluster?.close();
  }

  private async route(input: HttpInput): Promise<HttpReply> {
    const metadata = this.options.auth?.serveMetadata?.(input.request());
    if (metadata) return metadata;
    const path = new URL(input.url).pathname;
    const legacy = this.legacy?.handles(path) === true;
    if (path !== this.options.path && !legacy) return badRequest(404, 'Not Found');
    if (this.closing) return badRequest(503, 'Service Unavailable: the server is shutting down');
    const blocked = originRefusal(input, this.options.originPolicy);
    if (blocked) return blocked;
    let auth: AuthInfo | undefined;
    const authenticate = this.options.auth?.authenticate ?? this.options.authenticate;
    if (authenticate) {
      const result = await authenticate(input.request());
      if (result instanceof Response) return result;
      auth = result;
    }
    if (legacy) {
      return (await this.legacy?.handle(input.request(), messageInfo(input, auth))) ?? badRequest(404, 'Not Found');
    }
    const version = input.headers.get(VERSION_HEADER);
    if (version !== null && isModernVersion(version)) {
      if (input.method !== 'POST') {
        const error = {
          code: ErrorCode.InvalidRequest,
          message: 'Method Not Allowed: protocol 2026-07-28 uses POST only',
        };
        return jsonReply(405, { jsonrpc: '2.0', error }, { Allow: 'POST' });
      }
      const answer = serveModernPost(this.server, input, auth, this.settings, this.options.maxBodyBytes, (done) =>
        this.track(done.then(noop, noop)),
      );
      this.track(answer.then(noop, noop));
      return answer.then((reply) => (reply.status === 403 ? this.stepUp(reply) : reply));
    }
    if (version !== null && !isLegacyVersion(version)) {
      // Echo the request's id when it can be read, so the client can match the error to its request.
      const id = input.method === 'POST' ? await readableId(input, this.options.maxBodyBytes) : undefined;
      const error = unsupportedVersion(version).toErrorObject();
      return jsonReply(400, id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error });
    }
    switch (input.method) {
      case 'POST': {
        // Tracked from the start, so a shutdown that begins while the body is read still waits for it.
        const answer = servePost(this.endpoint, input, auth);
        this.track(answer.then(noop, noop));
        return answer.then((reply) => (reply.status === 403 ? this.stepUp(reply) : reply));
      }
      case 'GET':
        return this.get(input, auth);
      case 'DELETE':
        return this.delete(input, auth);
      default:
        return badRequest(405, 'Method Not Allowed', { Allow: this.allowed() });
    }
  }

  private allowed(): string {
    return this.options.stateless ? 'POST' : this.options.enableGetStream ? 'GET, POST, DELETE' : 'POST, DELETE';
  }

  private async get(input: HttpInput, auth: AuthInfo | undefined): Promise<HttpReply> {
    if (this.options.stateless || !this.options.enableGetStream) {
      return badRequest(405, 'Method Not Allowed: this endpoint has no GET stream', { Allow: this.allowed() });
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
    if (session.openStreams >= this.options.maxStreamsPerSession) {
      return tooManyStreams(this.options.maxStreamsPerSession);
    }
    const connection = new SseConnection(this.options.keepAliveMs);
    input.onAbort(() => connection.close());
    if (!(await session.attach(connection, lastEventId))) {
      // An id we no longer know (evicted, or from before a restart): a fresh standalone stream.
      if (session.hasStandalone) {
        connection.close();
        return badRequest(409, 'Conflict: unknown Last-Event-ID and the session already has a GET stream');
      }
      await session.attach(connection);
    }
    return new Response(connection.stream, { status: 200, headers: sseHeaders({ 'Mcp-Session-Id': session.id }) });
  }

  private async delete(input: HttpInput, auth: AuthInfo | undefined): Promise<HttpReply> {
    if (this.options.stateless) return badRequest(405, 'Method Not Allowed: stateless endpoint', { Allow: 'POST' });
    const session = await this.sessions.lookup(input.headers, auth);
    if (!(session instanceof HttpSession)) return session;
    await session.close(true);
    try {
      await this.options.sessionStore?.delete(session.id);
    } catch (error) {
      return storeDown(error);
    }
    this.cluster?.deleted(session.id);
    return { status: 200, headers: {}, body: null };
  }

  /** Adds the step-up challenge to a 403 raised by an insufficient-scope error (rare: callers skip other statuses, sparing an async step per POST). */
  private async stepUp(reply: HttpReply): Promise<HttpReply> {
    if (reply.status !== 403) return reply;
    const plain = isPlain(reply);
    if (plain && reply.body === null) return reply;
    if (plain ? hasHeader(reply.headers, 'www-authenticate') : reply.headers.has('www-authenticate')) return reply;
    const body = plain ? JSON.parse(reply.body ?? 'null') : await reply.clone().json();
    const scopes = insufficientScopeOf(body as JsonRpcMessage);
    if (scopes === undefined) return reply;
    const challenge =
      this.options.auth?.insufficientScope?.(scopes) ?? bearerChallenge({ error: 'insufficient_scope', scopes });
    if (plain) reply.headers['WWW-Authenticate'] = challenge;
    else reply.headers.set('WWW-Authenticate', challenge);
    return reply;
  }

  private track(done: Promise<void>): void {
    this.active.add(done);
    void done.finally(() => this.active.delete(done));
  }
}

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

/** The id of a POSTed request, when its body reads as one (for errors raised before dispatch). */
async function readableId(input: HttpInput, maxBytes: number): Promise<string | number | undefined> {
  const body = await input.json(maxBytes);
  const id = body.ok ? (body.value as { id?: unknown } | null)?.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
