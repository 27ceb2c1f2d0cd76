// What the Streamable HTTP endpoint reads of a request and what it answers, independent of where
// the request came from: a Web `Request` (Bun, Deno, Workers, `handle()`), or straight from
// `node:http`, where building a `Request` and a `Response` per POST cost more than the MCP work.
import type { MaybePromise } from '../engine/maybe-promise.js';
import type { StepUp } from '../jsonrpc/errors.js';
import type { MessageInfo } from '../transports/transport.js';
import { type BodyResult, readJsonBody } from './body.js';

/** Reads request headers by name (case-insensitive), as `Headers.get` does. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A request as the endpoint sees it. */
export interface HttpInput {
  readonly method: string;
  /** The absolute request URL. */
  readonly url: string;
  /** Its path (parsed once, with the URL). */
  readonly pathname: string;
  readonly headers: HeaderReader;
  /**
   * Reads the body as JSON, refusing more than `maxBytes` (413) and what is not UTF-8 JSON (400). A body
   * already in memory is read at once (no promise); one still arriving gives a promise.
   */
  json(maxBytes: number): MaybePromise<BodyResult>;
  /** Runs `listener` if the client goes away before the response is over. */
  onAbort(listener: () => void): void;
  /** The request as a Web `Request`, for hooks that take one (auth, the legacy endpoint); built once on demand. */
  request(): Request;
  /** The headers as a Web `Headers` (what {@link MessageInfo} exposes to handlers); built once on demand. */
  webHeaders(): Headers;
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
 * `Response` global loads the Fetch implementation (undici, half a megabyte of heap), which a server
 * answering plain JSON never needs.
 */
export function isPlain(reply: HttpReply): reply is PlainReply {
  return typeof (reply as { arrayBuffer?: unknown }).arrayBuffer !== 'function';
}

/** The Web `Response` of a reply. */
export function toResponse(reply: HttpReply): Response {
  if (!isPlain(reply)) return reply;
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/** The endpoint's view of a Web `Request` (a class: see the note on closures in the node adapter's input). */
export class WebInput implements HttpInput {
  readonly method: string;
  readonly url: string;
  readonly pathname: string;
  readonly headers: Headers;

  constructor(private readonly original: Request) {
    this.method = original.method;
    this.url = original.url;
    this.pathname = new URL(original.url).pathname;
    this.headers = original.headers;
  }

  json(maxBytes: number): Promise<BodyResult> {
    return readJsonBody(this.original, maxBytes);
  }

  onAbort(listener: () => void): void {
    this.original.signal?.addEventListener('abort', listener, { once: true });
  }

  request(): Request {
    return this.original;
  }

  webHeaders(): Headers {
    return this.original.headers;
  }
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

// A class rather than an object literal with a getter: the literal defines its accessor anew for
// every request.
class LazyMessageInfo implements MessageInfo {
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

/**
 * Whether a POST's Accept header lists both JSON and SSE, remembering the last header that did:
 * a client sends the same Accept on every request, so the scan runs about once per client.
 * One per endpoint.
 */
export class PostAccept {
  private lastAccepted?: string;

  ok(headers: HeaderReader): boolean {
    const header = headers.get('accept');
    if (header !== null && header === this.lastAccepted) return true;
    if (!accepts(headers, 'application/json') || !accepts(headers, 'text/event-stream')) return false;
    this.lastAccepted = header ?? undefined;
    return true;
  }
}

/** True when the Content-Type is JSON (any parameters, any case: `Application/JSON; charset=utf-8`). */
export function isJsonBody(headers: HeaderReader): boolean {
  const type = headers.get('content-type');
  if (type === null) return false;
  // What clients send, as is; only another spelling pays for lower-casing.
  return type.startsWith('application/json') || type.toLowerCase().startsWith('application/json');
}

/** True when the Accept header lists `type`, its `major/*`, or `*\/*` (parameters ignored). */
export function accepts(headers: HeaderReader, type: string): boolean {
  const header = headers.get('accept');
  if (header === null) return false;
  const major = `${type.slice(0, type.indexOf('/'))}/*`;
  // A scan instead of split/map/some: this runs twice for every POST.
  let start = 0;
  while (start <= header.length) {
    let end = header.indexOf(',', start);
    if (end === -1) end = header.length;
    const semicolon = header.indexOf(';', start);
    const listed = header
      .slice(start, semicolon !== -1 && semicolon < end ? semicolon : end)
      .trim()
      .toLowerCase();
    if (listed === type || listed === major || listed === '*/*') return true;
    start = end + 1;
  }
  return false;
}

/**
 * A handler that serves {@link HttpInput} directly besides its Fetch `handle` (StreamableHttpHandler
 * is one). Given one, the Node adapter feeds requests in without building a `Request` and writes
 * plain replies without a `Response`: the same code answers, with less work per request.
 */
export interface HttpService {
  readonly handle: (request: Request) => Promise<Response>;
  /** The answer: the reply itself when the request was answered in the turn it arrived, else a promise of it. */
  serve(input: HttpInput): MaybePromise<HttpReply>;
}
