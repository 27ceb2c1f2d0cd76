// The Node-native way into the Streamable HTTP endpoint: method, URL, headers and the body bytes go
// in as they are, and a plain JSON answer comes back as status, headers and a string. Building an
// undici Request and Response per POST (each with a ReadableStream, on Node 20 each made
// transferable) cost more than serving the MCP request; SSE answers still come as a Response.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BodyResult, parseJsonBytes } from '../http/body.js';
import type { HeaderReader, HttpInput, PlainReply } from '../http/http-input.js';
import {
  requestLocation,
  requestPathname,
  toWebHeaders,
  toWebRequest,
  type WebRequestContext,
} from './node-request.js';

// HTTP whitespace, which Headers strips from both ends of a value.
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const isHttpSpace = (code: number | undefined) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/** `Headers.get` over Node's parsed headers, without copying them. */
class NodeHeaders implements HeaderReader {
  constructor(private readonly req: IncomingMessage) {}

  get(name: string): string | null {
    // Node's names are lower case, and so is nearly every name asked for: lower-cased only on a miss.
    const headers = this.req.headers;
    const value = headers[name] ?? headers[name.toLowerCase()];
    if (value === undefined) return null;
    const joined = Array.isArray(value) ? value.join(', ') : value;
    const last = joined.charCodeAt(joined.length - 1);
    return isHttpSpace(joined.charCodeAt(0)) || isHttpSpace(last) ? joined.replace(OUTER_WHITESPACE, '') : joined;
  }
}

/**
 * Whether a request can take the native way: a POST whose body is already in memory, or a GET or
 * DELETE without a body. Anything else (streamed or consumed bodies, HEAD, OPTIONS, HTTP/2) goes
 * through `Request`, where the adapter handles those cases.
 */
export function takesNativePath(req: IncomingMessage, bytes: Uint8Array | undefined): boolean {
  if (req.httpVersionMajor >= 2) return false;
  if (bytes !== undefined) return req.method === 'POST';
  if (req.method !== 'GET' && req.method !== 'DELETE') return false;
  if (req.readableDidRead || req.readableEnded) return false;
  return req.headers['transfer-encoding'] === undefined && !(Number(req.headers['content-length']) > 0);
}

/**
 * The endpoint's view of a Node request. The URL is checked at once, so a bad Host fails here exactly as
 * it does when building a `Request`, but built only when read; the `Request` and `Headers` themselves
 * are built only if a hook or a handler asks for them. A class, not an object of closures: the
 * build names each closure kept in a property (`keepNames`), at a cost per request.
 */
export class NativeInput implements HttpInput {
  readonly method: string;
  readonly pathname: string;
  readonly headers: HeaderReader;
  private built?: Request;
  private webHeadersBuilt?: Headers;
  private href?: string;

  constructor(
    private readonly req: IncomingMessage,
    private readonly context: WebRequestContext,
    private readonly bytes: Uint8Array | undefined,
  ) {
    this.method = req.method ?? 'GET';
    this.pathname = requestPathname(req, context.trustProxy, context.seen);
    this.headers = new NodeHeaders(req);
  }

  /** The absolute URL: built on first use (hooks, handlers reading `request.url`), already checked. */
  get url(): string {
    this.href ??= requestLocation(this.req, this.context.trustProxy).href;
    return this.href;
  }

  json(maxBytes: number): BodyResult {
    return parseJsonBytes(this.bytes ?? new Uint8Array(0), maxBytes);
  }

  onAbort(listener: () => void): void {
    this.context.onDisconnect(listener);
  }

  request(): Request {
    this.built ??= toWebRequest(this.req, this.context, this.bytes);
    return this.built;
  }

  webHeaders(): Headers {
    this.webHeadersBuilt ??= toWebHeaders(this.req);
    return this.webHeadersBuilt;
  }
}

/**
 * Writes a plain reply as the adapter writes the equivalent `Response`: lower-case header names in
 * `Headers` order, then Content-Length for a body. The header list of a frozen headers object (what the
 * endpoints share between their answers, one per session) is worked out once and kept in `lists`.
 */
export function writePlain(
  res: ServerResponse,
  reply: PlainReply,
  method: string | undefined,
  lists: WeakMap<object, readonly string[]>,
): void {
  const { headers } = reply;
  let list = lists.get(headers);
  if (list === undefined) {
    list = headerList(headers);
    if (Object.isFrozen(headers)) lists.set(headers, list);
  }
  if (reply.body === null || method === 'HEAD') {
    res.writeHead(reply.status, [...list]);
    res.end();
    return;
  }
  // One flat [name, value, …] list to writeHead: Node stores it as is, without a header map per response.
  res.writeHead(reply.status, [...list, 'content-length', String(Buffer.byteLength(reply.body))]);
  res.end(reply.body);
}

/** Headers as a flat [name, value, …] list, names lower-cased and sorted (the order of `Headers`). */
function headerList(headers: Record<string, string>): string[] {
  const entries = Object.keys(headers).map((name) => [name.toLowerCase(), headers[name] as string] as const);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const flat: string[] = [];
  for (const [name, value] of entries) flat.push(name, value);
  return flat;
}
