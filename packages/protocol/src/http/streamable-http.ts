import { bearerChallenge } from '../auth/challenge.js';
import { identified } from '../auth/principal.js';
import { andThen, isThenable, type MaybePromise } from '../engine/maybe-promise.js';
import { unsupportedVersion } from '../engine/modern/envelope.js';
import type { ProtocolServer } from '../engine/server.js';
import { ServerCardEndpoint } from '../server-card/server-card-endpoint.js';
import type { AuthInfo } from '../transports/transport.js';
import { isLegacyVersion, isModernVersion } from '../versions.js';
import type { EndpointDeps, HttpEndpoint } from './endpoint.js';
import { HttpInput, type HttpReply, type HttpService, messageInfo, type PlainReply, toResponse } from './http-input.js';
import { LegacySseEndpoint } from './legacy-sse.js';
import { ModernEndpoint } from './modern-endpoint.js';
import { type ResolvedHttpOptions, resolveHttpOptions, type StreamableHttpOptions } from './options.js';
import { badRequest, jsonReply } from './responses.js';
import { OriginGuard } from './security.js';
import { SessionEndpoint } from './session-endpoint.js';
import { StatelessEndpoint } from './stateless-endpoint.js';

const VERSION_HEADER = 'mcp-protocol-version';
const UNNAMED_REFUSAL =
  'Forbidden: the credential names no principal (no subject, client id or token), so what it opens could not be kept from other callers';

/**
 * MCP's Streamable HTTP transport as a Web-standard handler: `handle(request) → Response` runs
 * unchanged on Node (through `@decorum/protocol/node`), Bun, Deno and Workers. Both ways in meet
 * at {@link serve}, which takes an {@link HttpInput}: `handle` builds one from a `Request`, the Node
 * adapter from `node:http` (no `Request`, no `Response` for plain JSON).
 * Each mode is an endpoint that declares what it can honour: sessions or stateless (legacy era),
 * 2026-07-28 (by its version header), and optionally the 2024-11-05 HTTP+SSE transport.
 * @example
 * const http = new StreamableHttpHandler(server);
 * Bun.serve({ fetch: http.handle });
 */
export class StreamableHttpHandler implements HttpService {
  /** The Fetch handler (bound: pass it around as is). */
  readonly handle: (request: Request) => Promise<Response>;
  private readonly options: ResolvedHttpOptions;
  /** Requests and exchanges in flight; a shutdown waits for them. */
  private inflight = 0;
  private drained?: () => void;
  /** The legacy-era mode: sessions, or stateless. */
  private readonly legacyEra: SessionEndpoint | StatelessEndpoint;
  private readonly modern: ModernEndpoint;
  private readonly legacySse?: LegacySseEndpoint;
  private closing = false;
  private timedOut = false;
  /** The Host and Origin checks, parsed once from the options. */
  private readonly origins: OriginGuard;
  /** The Server Card and its catalog entry, when `serverCard` is set (public: answered before auth). */
  private readonly card?: ServerCardEndpoint;

  constructor(
    readonly server: ProtocolServer,
    options: StreamableHttpOptions = {},
  ) {
    this.options = resolveHttpOptions(options);
    this.origins = new OriginGuard(this.options.originPolicy);
    if (this.options.stateless) this.options.eventStore = null;
    const deps: EndpointDeps = { server, options: this.options, track: (done) => this.track(done) };
    this.legacyEra = this.options.stateless ? new StatelessEndpoint(deps) : new SessionEndpoint(deps, options.scaleOut);
    this.modern = new ModernEndpoint(deps);
    if (options.legacySse) {
      this.legacySse = new LegacySseEndpoint(server, options.legacySse === true ? {} : options.legacySse);
    }
    if (options.serverCard) this.card = new ServerCardEndpoint(server, this.options.path, options.serverCard);
    this.handle = async (request: Request) => toResponse(await this.serve(HttpInput.fromRequest(request)));
  }

  /** Sessions currently held by this instance. */
  get sessionCount(): number {
    return this.legacyEra instanceof SessionEndpoint ? this.legacyEra.size : 0;
  }

  /**
   * Serves one request as the endpoint sees it (the seam both `handle` and the Node adapter use):
   * a plain reply for bodies in memory, a `Response` for streams and hooks' answers. The reply
   * itself when it was decided in this turn (no authentication hook, the body in memory, a handler
   * that answered at once), else a promise of it.
   */
  serve(input: HttpInput): MaybePromise<HttpReply> {
    const { auth } = this.options;
    if (auth !== undefined) {
      const metadata = auth.serveMetadata?.(input.request());
      if (metadata) return metadata;
    }
    const card = this.card?.reply(input);
    if (card !== undefined) return card;
    const path = input.pathname;
    const legacySse = this.legacySse?.handles(path) === true;
    if (path !== this.options.path && !legacySse) return badRequest(404, 'Not Found');
    if (this.closing) return badRequest(503, 'Service Unavailable: the server is shutting down');
    const blocked = this.origins.refusal(input);
    if (blocked) return blocked;
    const authenticate = auth?.authenticate ?? this.options.authenticate;
    if (authenticate !== undefined || legacySse) return this.serveAuthenticated(input, authenticate, legacySse);
    return this.route(input, undefined);
  }

  /** The rest of {@link serve} once the request's principal is known (an authentication hook is async). */
  private async serveAuthenticated(
    input: HttpInput,
    authenticate: ResolvedHttpOptions['authenticate'],
    legacySse: boolean,
  ): Promise<HttpReply> {
    let auth: AuthInfo | undefined;
    if (authenticate) {
      const result = await authenticate(input.request());
      if (result instanceof Response) return result;
      auth = result;
      // A principal that names nobody would open sessions any other such caller could use.
      if (auth !== undefined && auth.subject === undefined && auth.clientId === undefined) {
        auth = await identified(auth);
        if (auth === undefined) return badRequest(403, UNNAMED_REFUSAL);
      }
    }
    if (legacySse) {
      const answer = await this.legacySse?.handle(input.request(), messageInfo(input, auth));
      return answer ?? badRequest(404, 'Not Found');
    }
    return this.route(input, auth);
  }

  /** Picks the endpoint by the protocol version header, then by method. */
  private route(input: HttpInput, auth: AuthInfo | undefined): MaybePromise<HttpReply> {
    const version = input.headers.get(VERSION_HEADER);
    const modern = version !== null && isModernVersion(version);
    if (version !== null && !modern && !isLegacyVersion(version)) return this.unsupported(input, version);
    const endpoint: HttpEndpoint = modern ? this.modern : this.legacyEra;
    switch (input.method) {
      case 'POST':
        // Tracked from the start, so a shutdown that begins while the body is read still waits for it.
        return this.track(andThen(endpoint.post(input, auth), this.challenged));
      case 'GET':
        return endpoint.get(input, auth);
      case 'DELETE':
        return endpoint.delete(input, auth);
      default:
        return modern ? endpoint.get(input, auth) : badRequest(405, 'Method Not Allowed', { Allow: endpoint.allowed });
    }
  }

  /** A version this server cannot serve; the request's id is echoed when it can be read, so the client can match the error. */
  private async unsupported(input: HttpInput, version: string): Promise<HttpReply> {
    const id = input.method === 'POST' ? await readableId(input, this.options.maxBodyBytes) : undefined;
    const error = unsupportedVersion(version).toErrorObject();
    return jsonReply(400, id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error });
  }

  /** Only a plain reply can carry a step-up (a Response has no such field): one property read per POST. */
  private readonly challenged = (reply: HttpReply): HttpReply =>
    (reply as PlainReply).stepUp !== undefined ? this.challenge(reply as PlainReply) : reply;

  /**
   * Stops accepting requests, lets in-flight ones finish (up to the timeout), then closes every
   * session; requests still unanswered get a JSON-RPC error (and {@link drainTimedOut} becomes true).
   */
  async close(): Promise<void> {
    this.closing = true;
    // Listen streams never end on their own: end them with their result, as a graceful close.
    this.server.listeners.endAll();
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (this.inflight > 0) {
      const idle = new Promise<boolean>((resolve) => {
        this.drained = () => resolve(true);
      });
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(resolve, this.options.shutdownTimeoutMs, false);
      });
      this.timedOut = !(await Promise.race([idle, late]));
      clearTimeout(timer);
    }
    await this.legacyEra.close();
    await this.legacySse?.close();
  }

  /** True once a {@link close} had to cut requests still running at `shutdownTimeoutMs`. */
  get drainTimedOut(): boolean {
    return this.timedOut;
  }

  /** A 403 that refused for want of scopes gets the scheme's challenge, from the step-up the engine attached. */
  private challenge(reply: PlainReply): PlainReply {
    const scopes = reply.stepUp?.scopes ?? [];
    if (Object.keys(reply.headers).some((key) => key.toLowerCase() === 'www-authenticate')) return reply;
    const challenge =
      this.options.auth?.insufficientScope?.(scopes) ?? bearerChallenge({ error: 'insufficient_scope', scopes });
    // A copy: a reply's headers may be an object its endpoint shares between answers.
    reply.headers = { ...reply.headers, 'WWW-Authenticate': challenge };
    return reply;
  }

  /** Keeps a shutdown waiting for `done` when it is a promise (a count, no set of promises); gives it back. */
  private track<T>(done: MaybePromise<T>): MaybePromise<T> {
    if (!isThenable(done)) return done;
    this.inflight++;
    done.then(this.release, this.release);
    return done;
  }

  private readonly release = (): void => {
    if (--this.inflight === 0) this.drained?.();
  };
}

/** The id of a POSTed request, when its body reads as one (for errors raised before dispatch). */
async function readableId(input: HttpInput, maxBytes: number): Promise<string | number | undefined> {
  const body = await input.json(maxBytes);
  const id = body.ok ? (body.value as { id?: unknown } | null)?.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
