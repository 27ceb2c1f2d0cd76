import type { ProtocolServer } from '../engine/server.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';
import type { FrameError, MessageInfo, Transport } from '../transports/transport.js';
import { readJsonBody } from './body.js';
import { accepts, isJsonBody } from './http-input.js';
import { errorResponse } from './responses.js';
import { newSessionId, ownerOf } from './session-id.js';
import { SseConnection, sseHeaders } from './sse.js';

/**
 * Options of a {@link LegacySseEndpoint}.
 * @example new LegacySseEndpoint(server, { ssePath: '/mcp/sse', messagesPath: '/mcp/messages' })
 */
export interface LegacySseOptions {
  /** Where clients open the event stream (GET). Default `/sse`. */
  ssePath?: string;
  /** Where clients POST their messages, as announced in the `endpoint` event. Default `/messages`. */
  messagesPath?: string;
  /** The largest POST body accepted, in bytes; larger ones get 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Open streams allowed at once; past it a new stream gets 503. Default 1000. */
  maxSessions?: number;
  /** Interval of the keep-alive comment on idle streams, in ms; 0 turns it off. Default 15 000. */
  keepAliveMs?: number;
}

type ResolvedOptions = Required<LegacySseOptions>;

/**
 * The HTTP+SSE transport of protocol revision 2024-11-05, for clients that predate Streamable HTTP:
 * a GET opens an event stream that carries every server message, and the client POSTs its own
 * messages to the URI announced in the stream's first (`endpoint`) event. Web-standard
 * (`Request` → `Response`), so it runs wherever `fetch` does.
 * @example
 * const legacy = new LegacySseEndpoint(server);
 * export default {
 *   fetch: async (request: Request) => (await legacy.handle(request)) ?? new Response('Not Found', { status: 404 }),
 * };
 */
export class LegacySseEndpoint {
  private readonly options: ResolvedOptions;
  private readonly sessions = new Map<string, SseSessionTransport>();
  private closed = false;

  constructor(
    private readonly server: ProtocolServer,
    options: LegacySseOptions = {},
  ) {
    this.options = {
      ssePath: options.ssePath ?? '/sse',
      messagesPath: options.messagesPath ?? '/messages',
      maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
      maxSessions: options.maxSessions ?? 1000,
      keepAliveMs: options.keepAliveMs ?? 15_000,
    };
    const { ssePath, messagesPath, maxBodyBytes, maxSessions, keepAliveMs } = this.options;
    if (!ssePath.startsWith('/') || !messagesPath.startsWith('/')) {
      throw new RangeError(`ssePath and messagesPath must start with "/", got ${ssePath} and ${messagesPath}`);
    }
    if (![maxBodyBytes, maxSessions].every((n) => Number.isSafeInteger(n) && n > 0)) {
      throw new RangeError('maxBodyBytes and maxSessions must be positive integers');
    }
    if (!Number.isFinite(keepAliveMs) || keepAliveMs < 0) throw new RangeError('keepAliveMs must be 0 or more');
  }

  /** Number of open streams (one per session). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** True for the two paths this endpoint serves. */
  handles(path: string): boolean {
    return path === this.options.ssePath || path === this.options.messagesPath;
  }

  /** Answers requests for the two legacy paths; resolves undefined for any other path so a router can fall through. */
  async handle(request: Request, info?: MessageInfo): Promise<Response | undefined> {
    const url = new URL(request.url);
    const isSse = url.pathname === this.options.ssePath;
    const isMessages = url.pathname === this.options.messagesPath;
    if (!isSse && !isMessages) return undefined;
    if (isSse && request.method === 'GET') return this.openStream(request, info);
    if (isMessages && request.method === 'POST') return this.receive(request, url, info);
    const allow = [isSse ? 'GET' : '', isMessages ? 'POST' : ''].filter(Boolean).join(', ');
    return textResponse(405, `Method Not Allowed: use ${allow}`, { Allow: allow });
  }

  /** Closes every open stream and session; later streams are refused with 503. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.sessions.values()].map((transport) => transport.close()));
  }

  private async openStream(request: Request, info: MessageInfo | undefined): Promise<Response> {
    if (!accepts(request.headers, 'text/event-stream')) {
      return textResponse(406, 'Not Acceptable: the SSE endpoint answers "Accept: text/event-stream" only');
    }
    if (this.closed) return textResponse(503, 'Service Unavailable: the endpoint is closed');
    if (this.sessions.size >= this.options.maxSessions) {
      return textResponse(503, 'Service Unavailable: too many open sessions');
    }
    const id = newSessionId();
    const { signal } = request;
    const onAbort = () => void transport.close();
    const transport = new SseSessionTransport(this.options.keepAliveMs, () => {
      this.sessions.delete(id);
      signal.removeEventListener('abort', onAbort);
    });
    // Bound to its principal like a Streamable HTTP session: the id travels in URLs (logs, proxies).
    transport.owner = ownerOf(info?.authInfo);
    this.sessions.set(id, transport);
    // Relative, as in the spec's examples: the client resolves it against the URL it connected to.
    transport.writeEvent('endpoint', `${this.options.messagesPath}?sessionId=${id}`);
    try {
      await this.server.connect(transport);
    } catch {
      await transport.close();
      return textResponse(500, 'Internal Server Error: could not start the session');
    }
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) await transport.close();
    return new Response(transport.stream, { status: 200, headers: sseHeaders() });
  }

  private async receive(request: Request, url: URL, info: MessageInfo | undefined): Promise<Response> {
    const id = url.searchParams.get('sessionId');
    if (!id) return textResponse(400, 'Bad Request: the "sessionId" query parameter is missing');
    // Another principal's session (its calls, or answers to its elicitation) is answered like an unknown one.
    if (!this.admits(this.sessions.get(id), info)) return textResponse(404, 'Not Found: no open session with this id');
    if (!isJsonBody(request.headers)) {
      return textResponse(415, 'Unsupported Media Type: send "Content-Type: application/json"');
    }
    const body = await readJsonBody(request, this.options.maxBodyBytes);
    if (!body.ok) return errorResponse(body.status, body.code, body.message);
    const value = body.value;
    // Looked up again: the stream may have closed while the body was arriving.
    const transport = this.sessions.get(id);
    if (transport === undefined || !this.admits(transport, info) || !transport.deliver(value, info)) {
      return textResponse(404, 'Not Found: no open session with this id');
    }
    return new Response(null, { status: 202 });
  }

  /** True when the session exists and belongs to the caller (or to nobody: no authentication). */
  private admits(transport: SseSessionTransport | undefined, info: MessageInfo | undefined): boolean {
    return transport !== undefined && (transport.owner === undefined || transport.owner === ownerOf(info?.authInfo));
  }
}

/**
 * One session's half of the legacy transport: outgoing messages become `message` events on the
 * stream; incoming ones are handed over by the endpoint from the POSTs.
 */
class SseSessionTransport implements Transport {
  readonly networkTransport = 'tcp' as const;
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onframeerror?: (error: FrameError) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  /** Who the session belongs to when requests are authenticated; other credentials cannot use it. */
  owner?: string;
  // Keep-alive comments: an idle stream looks dead to proxies and load balancers, which cut it after a minute or so.
  private readonly connection: SseConnection;

  constructor(keepAliveMs: number, onend: () => void) {
    this.connection = new SseConnection(keepAliveMs);
    // The client went away, or the stream was closed from here: either way the session ends, once.
    this.connection.onclose = () => {
      onend();
      this.onclose?.();
    };
  }

  get stream(): ReadableStream<Uint8Array> {
    return this.connection.stream;
  }

  async start(): Promise<void> {}

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.connection.closed) throw new Error('SSE stream is closed');
    // JSON.stringify escapes line breaks inside strings, so the payload is always one `data:` line.
    this.connection.send({ event: 'message', data: JSON.stringify(message) });
    // A client that stops reading slows its own session, not the server.
    await this.connection.drained();
  }

  async close(): Promise<void> {
    this.connection.close();
  }

  /** Hands a parsed POST body to the engine; false once the session is closed. */
  deliver(value: unknown, info?: MessageInfo): boolean {
    if (this.connection.closed) return false;
    this.onmessage?.(value, info);
    return true;
  }

  /** Queues one event; `data` must hold no line break. */
  writeEvent(event: string, data: string): void {
    this.connection.send({ event, data });
  }
}

function textResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}
