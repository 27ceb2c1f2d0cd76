// What the Streamable HTTP endpoint reads of a request and what it answers. Each adapter builds one
// `HttpInput` — `fromRequest` for a Web `Request` (Bun, Deno, Workers, `handle()`), the Node adapter from
// `node:http` — and both go through the same `serve`; a plain JSON answer comes back as data, so the Node
// adapter writes it without building a `Response`.
import type { MaybePromise } from '../engine/maybe-promise.js';
import type { StepUp } from '../jsonrpc/errors.js';
import type { MessageInfo, ReplyChannel } from '../transports/transport.js';
import { type BodyResult, parseJsonBytes, readJsonBody } from './body.js';

/** Reads request headers by name (case-insensitive), as `Headers.get` does. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** What an adapter gives an {@link HttpInput} besides method, path and headers: the parts built on demand. */
export interface HttpSource {
  /** The whole body when the adapter already holds it; undefined to read it from {@link request}. */
  readonly body?: Uint8Array;
  /** The absolute request URL. */
  url(): string;
  /** The request as a Web `Request`. */
  request(): Request;
  /** The headers as Web `Headers`. */
  webHeaders(): Headers;
  /** Runs `listener` if the client goes away before the response is over. */
  onAbort(listener: () => void): void;
}

/**
 * A request as the endpoint sees it, whichever adapter it came from. The URL, the `Request` and the `Headers`
 * are built only if a hook or a handler asks for them.
 */
export class HttpInput {
  private built?: Request;
  private href?: string;

  constructor(
    readonly method: string,
    /** The request path (what the endpoint routes on). */
    readonly pathname: string,
    readonly headers: HeaderReader,
    private readonly source: HttpSource,
  ) {}

  /** The input of a Web `Request`. */
  static fromRequest(request: Request): HttpInput {
    // A `Request` has every part already.
    const source: HttpSource = {
      url: () => request.url,
      request: () => request,
      webHeaders: () => request.headers,
      onAbort: (listener) => request.signal?.addEventListener('abort', listener, { once: true }),
    };
    return new HttpInput(request.method, new URL(request.url).pathname, request.headers, source);
  }

  /** The absolute request URL. */
  get url(): string {
    this.href ??= this.source.url();
    return this.href;
  }

  /**
   * Reads the body as JSON, refusing more than `maxBytes` (413) and what is not UTF-8 JSON (400): at once when the
   * adapter holds the body already, else a promise.
   */
  json(maxBytes: number): MaybePromise<BodyResult> {
    const { body } = this.source;
    return body !== undefined ? parseJsonBytes(body, maxBytes) : readJsonBody(this.request(), maxBytes);
  }

  /** Runs `listener` if the client goes away before the response is over. */
  onAbort(listener: () => void): void {
    this.source.onAbort(listener);
  }

  /** The request as a Web `Request`, for hooks that take one (auth, the legacy endpoint); built once. */
  request(): Request {
    this.built ??= this.source.request();
    return this.built;
  }

  /** The headers as Web `Headers` (what {@link MessageInfo} exposes to handlers). */
  webHeaders(): Headers {
    return this.source.webHeaders();
  }
}

/** A response with a body already in memory (or none): what nearly every MCP POST gets. */
export interface PlainReply {
  status: number;
  headers: Record<string, string>;
  /** The body; null for none (202, 404 of an aborted exchange …). */
  body: string | null;
  /** Set on a 403 whose JSON-RPC error refused for want of scopes: the endpoint adds its challenge. */
  stepUp?: StepUp;
}

/** The endpoint's answer: plain, or a Web `Response` when it streams (SSE) or came from a hook. */
export type HttpReply = PlainReply | Response;

/**
 * True for a {@link PlainReply}. Told by shape, not `instanceof Response`: on Node the first read of the
 * `Response` global loads the Fetch implementation (undici), which a server answering plain JSON never needs.
 */
export function isPlain(reply: HttpReply): reply is PlainReply {
  return typeof (reply as { arrayBuffer?: unknown }).arrayBuffer !== 'function';
}

/** The Web `Response` of a reply. */
export function toResponse(reply: HttpReply): Response {
  if (!isPlain(reply)) return reply;
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/**
 * What handlers learn of the HTTP request; its `Headers` are only built if a handler reads them.
 * `classified` is the endpoint's classification of the body, which the engine then reuses.
 */
export function messageInfo(
  input: HttpInput,
  authInfo: MessageInfo['authInfo'],
  classified?: MessageInfo['classified'],
): MessageInfo {
  return new LazyMessageInfo(input, authInfo, classified);
}

class LazyMessageInfo implements MessageInfo {
  /** Set by the endpoint once it has the POST's exchange. */
  replyTo?: ReplyChannel;
  private built?: MessageInfo['request'];

  constructor(
    private readonly input: HttpInput,
    readonly authInfo: MessageInfo['authInfo'],
    readonly classified: MessageInfo['classified'],
  ) {}

  get request(): MessageInfo['request'] {
    this.built ??= { url: this.input.url, headers: this.input.webHeaders() };
    return this.built;
  }

  header(name: string): string | null {
    return this.input.headers.get(name);
  }
}

/** The Accept check of an MCP POST: both JSON and SSE must be listed. */
export function acceptsPost(headers: HeaderReader): boolean {
  return accepts(headers, 'application/json') && accepts(headers, 'text/event-stream');
}

/** True when the Content-Type is JSON (any parameters, any case: `Application/JSON; charset=utf-8`). */
export function isJsonBody(headers: HeaderReader): boolean {
  const type = headers.get('content-type');
  // What clients send, as is; only another spelling pays for lower-casing.
  return type !== null && (type.startsWith('application/json') || type.toLowerCase().startsWith('application/json'));
}

/** True when the Accept header lists `type`, its `major/*`, or `*\/*` (parameters ignored). */
export function accepts(headers: HeaderReader, type: string): boolean {
  const header = headers.get('accept');
  if (header === null) return false;
  const major = `${type.slice(0, type.indexOf('/'))}/*`;
  // A scan rather than split/map/some: it runs twice for every POST.
  for (let start = 0; start <= header.length; ) {
    let end = header.indexOf(',', start);
    if (end === -1) end = header.length;
    const semicolon = header.indexOf(';', start);
    let listed = header.slice(start, semicolon !== -1 && semicolon < end ? semicolon : end).trim();
    if (listed !== type) listed = listed.toLowerCase();
    if (listed === type || listed === major || listed === '*/*') return true;
    start = end + 1;
  }
  return false;
}

/**
 * A handler that serves {@link HttpInput} besides its Fetch `handle` (StreamableHttpHandler is one): the Node
 * adapter builds the input straight from `node:http` and writes plain replies without a `Response`.
 */
export interface HttpService {
  readonly handle: (request: Request) => Promise<Response>;
  /** The answer: the reply itself when the request was answered in the turn it arrived, else a promise of it. */
  serve(input: HttpInput): MaybePromise<HttpReply>;
}
