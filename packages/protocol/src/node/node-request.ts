import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { HeaderReader } from '../http/http-input.js';

// The request body is pulled in slices of at most this many bytes ahead of the handler.
const BODY_HIGH_WATER_MARK = 64 * 1024;
// host[:port] or [ipv6][:port]. Anything else (a '/', '?', '@' …) could smuggle a path into the URL.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~%!$&'()*+,;=]+)(?::\d{1,5})?$/;

/** A request that cannot become a Web `Request`; `status` lets Express's error handler answer 400 too. */
export class BadRequestError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'BadRequestError';
  }
}

/** What {@link toWebRequest} needs besides the Node request. */
export interface WebRequestContext {
  /** Becomes the Request's signal: aborts when the client disconnects before the response is finished. */
  signal: AbortSignal;
  /** Registers a callback for the end of the response, however it ended; an unread request body is then drained. */
  onResponseClosed(listener: () => void): void;
  /** Believe `X-Forwarded-Proto` / `X-Forwarded-Host`. */
  trustProxy: boolean;
}

/**
 * Builds the Web `Request` for a Node request; throws {@link BadRequestError} when it cannot. Internal to the
 * `./node` subpath: {@link toNodeHandler} is the public way in.
 */
export function toWebRequest(
  req: IncomingMessage,
  context: WebRequestContext,
  /** The whole body, when the caller already read it (the adapter reads a small body first). */
  bytes?: Uint8Array,
): Request {
  const method = req.method ?? 'GET';
  const url = requestLocation(req, context.trustProxy).href;
  const headers = toWebHeaders(req);
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: context.signal };
  if (bytes !== undefined) {
    init.body = bytes as BodyInit;
  } else if (method !== 'GET' && method !== 'HEAD') {
    const body = requestBody(req, headers, context);
    if (body !== null) {
      init.body = body;
      // Required by the Fetch spec for a streamed request body.
      if (body instanceof ReadableStream) init.duplex = 'half';
    }
  }
  try {
    return new Request(url, init);
  } catch (error) {
    throw new BadRequestError(`Cannot build a Request: ${(error as Error).message}`);
  }
}

/** The request's headers as Web `Headers`. */
export function toWebHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (':path' …) are not header names in the Fetch API.
    if (value === undefined || name.startsWith(':')) continue;
    // Node already joined repeated headers the HTTP way (', ', or '; ' for Cookie) and kept Set-Cookie as a list.
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** The absolute request URL, as {@link toWebRequest} gives it; throws {@link BadRequestError}. */
export function requestLocation(req: IncomingMessage, trustProxy: boolean): URL {
  const { scheme, host, target } = requestParts(req, trustProxy);
  try {
    return new URL(`${scheme}://${host}${target}`);
  } catch {
    throw new BadRequestError(`Invalid request URL: ${JSON.stringify(target)}`);
  }
}

// An origin-form target the URL parser would give back unchanged: no percent-escapes to normalise, no
// dot segments, no backslashes, only characters a path may carry as they are.
const PLAIN_TARGET = /^\/[A-Za-z0-9.\-_~!$&'()*+,;=:@/]*(?:\?.*)?$/;

/**
 * The path of the request URL, checked as {@link requestLocation} checks it; throws {@link BadRequestError}.
 * A plain target (what MCP clients send) is cut at its query without building a URL.
 */
export function requestPathname(req: IncomingMessage, trustProxy: boolean): string {
  const { target } = requestParts(req, trustProxy);
  if (!PLAIN_TARGET.test(target) || target.includes('/.')) return requestLocation(req, trustProxy).pathname;
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/** The scheme, host and target of a request, each checked; throws {@link BadRequestError}. */
function requestParts(req: IncomingMessage, trustProxy: boolean): { scheme: string; host: string; target: string } {
  let scheme = (req.socket as TLSSocket | null)?.encrypted === true ? 'https' : 'http';
  let host = req.headers.host ?? firstValue(req.headers[':authority']);
  if (trustProxy) {
    const proto = firstValue(req.headers['x-forwarded-proto'])?.toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
    host = firstValue(req.headers['x-forwarded-host']) ?? host;
  }
  host ||= socketAuthority(req);
  if (!HOST.test(host)) throw new BadRequestError(`Invalid Host header: ${JSON.stringify(host)}`);
  // Express strips the mount path from req.url; originalUrl is what the client asked for.
  const target = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  // Only origin-form ('/path?query'); concatenating rather than resolving keeps '//evil.example' a path.
  if (!target.startsWith('/')) throw new BadRequestError(`Unsupported request target: ${JSON.stringify(target)}`);
  return { scheme, host, target };
}

/** The first element of a comma-separated header value set by a chain of proxies. */
function firstValue(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.split(',')[0]?.trim() || undefined;
}

/** An HTTP/1.0 request may have no Host header: fall back to the address the client connected to. */
function socketAuthority(req: IncomingMessage): string {
  const address = req.socket?.localAddress;
  if (!address) return 'localhost';
  const host = address.includes(':') ? `[${address}]` : address;
  return `${host}:${req.socket.localPort}`;
}

function requestBody(
  req: IncomingMessage,
  headers: Headers,
  context: Pick<WebRequestContext, 'onResponseClosed'>,
): BodyInit | null {
  const consumed = req.readableDidRead || req.readableEnded;
  if (!consumed) {
    const announced = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
    // HTTP/2 has no framing headers to tell; an empty stream costs nothing there.
    return announced || req.httpVersionMajor >= 2 ? streamBody(req, context) : null;
  }
  // Someone read the stream; what they parsed is all that is left of the body.
  const parsed = (req as { body?: unknown }).body;
  if (parsed === undefined || parsed === null) return null;
  let bytes: string | Uint8Array;
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) bytes = parsed;
  else {
    bytes = JSON.stringify(parsed);
    if (!/json/i.test(headers.get('content-type') ?? '')) headers.set('content-type', 'application/json');
  }
  // The parser decoded and decompressed the original bytes; describe the bytes actually sent on.
  headers.delete('content-encoding');
  headers.delete('transfer-encoding');
  headers.set('content-length', String(typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength));
  return bytes as BodyInit;
}

/**
 * The request body as a byte stream that reads from the socket only as the handler consumes it. Unlike
 * `Readable.toWeb`, cancelling it (a handler refusing a large body) drains instead of destroying the socket,
 * so the handler's error response still reaches the client. Once the response is over, an unread rest is
 * drained too: Node only does that itself for bodies nobody started reading, and a paused body would stall
 * the keep-alive connection.
 */
function streamBody(
  req: IncomingMessage,
  context: Pick<WebRequestContext, 'onResponseClosed'>,
): ReadableStream<Uint8Array> {
  let settled = false;
  const listeners: Array<[string, (...args: any[]) => void]> = [];
  const detach = () => {
    settled = true;
    for (const [event, listener] of listeners) req.off(event, listener);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const on = (event: string, listener: (...args: any[]) => void) => {
          listeners.push([event, listener]);
          req.on(event, listener);
        };
        on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        on('end', () => {
          detach();
          controller.close();
        });
        on('error', (error: Error) => {
          detach();
          controller.error(error);
        });
        on('close', () => {
          if (settled) return;
          detach();
          controller.error(new Error('The client closed the connection before the request body ended'));
        });
        context.onResponseClosed(() => {
          if (settled) return;
          detach();
          controller.error(new Error('The response ended before the request body was read'));
          req.resume();
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.resume();
      },
    },
    { highWaterMark: BODY_HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}

// HTTP whitespace, which Headers strips from both ends of a value.
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const isHttpSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/** `Headers.get` over Node's parsed headers, without copying them. */
export class NodeHeaders implements HeaderReader {
  constructor(private readonly req: IncomingMessage) {}

  get(name: string): string | null {
    // Node's names are lower case, and so is nearly every name asked for: lower-cased only on a miss.
    const headers = this.req.headers;
    const value = headers[name] ?? headers[name.toLowerCase()];
    if (value === undefined) return null;
    const joined = Array.isArray(value) ? value.join(', ') : value;
    return isHttpSpace(joined.charCodeAt(0)) || isHttpSpace(joined.charCodeAt(joined.length - 1))
      ? joined.replace(OUTER_WHITESPACE, '')
      : joined;
  }
}
