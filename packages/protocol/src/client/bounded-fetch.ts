// The outgoing trust boundary's HTTP rules, written once for every request Decorum sends to a server it does not
// control (the MCP client, OpenAPI tools): redirects are followed by hand and only within the request's origin,
// so credentials, custom headers and the body never reach another origin; bodies are read up to a limit and the
// connection is closed as soon as one is over it.
import { AnswerTooLargeError } from './upstream-error.js';

/** Default limit of one JSON body or SSE event read from a server: 4 MiB (the engine's own request and stdio frame limit). */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Default number of same-origin redirects followed for one request. */
export const DEFAULT_MAX_REDIRECTS = 5;

/**
 * A server answered with a redirect that was not followed: to another origin (which would carry the request's
 * credentials, custom headers and body there), to a non-HTTP URL, or one too many.
 * @example
 * catch (error) { if (error instanceof RedirectRefusedError) console.error(error.message); }
 */
export class RedirectRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'RedirectRefusedError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch` with redirects followed by hand, within the first URL's origin only (up to `maxRedirects`). A 303 (or a
 * 301/302 answering a POST) continues as a GET without a body, as browsers do; 307/308 repeat the request.
 * @example
 * const response = await fetchSameOrigin(fetch, url, { method: 'POST', headers, body });
 */
export async function fetchSameOrigin(
  doFetch: typeof fetch,
  url: string | URL,
  init: RequestInit,
  maxRedirects = DEFAULT_MAX_REDIRECTS,
): Promise<Response> {
  const origin = new URL(url).origin;
  let target = new URL(url);
  let current: RequestInit = { ...init, redirect: 'manual' };
  for (let hops = 0; ; hops++) {
    const response = await doFetch(target, current);
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw new RedirectRefusedError(
        `The server redirected to an invalid URL (HTTP ${response.status})`,
        response.status,
      );
    }
    // Only the origin is named: the path and query of a foreign location may carry anything.
    if (next.origin !== origin) {
      throw new RedirectRefusedError(
        `The server at ${origin} redirected to another origin (${next.protocol === 'http:' || next.protocol === 'https:' ? next.origin : next.protocol}); not followed, so nothing of the request leaves ${origin}`,
        response.status,
      );
    }
    if (hops >= maxRedirects) {
      throw new RedirectRefusedError(
        `The server at ${origin} redirected more than ${maxRedirects} times`,
        response.status,
      );
    }
    const method = (current.method ?? 'GET').toUpperCase();
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      const headers = new Headers(current.headers);
      headers.delete('content-type');
      current = { ...current, method: method === 'HEAD' ? 'HEAD' : 'GET', body: undefined, headers };
    }
    target = next;
  }
}

/** What {@link readBounded} reads: a fetch `Response`, or an incoming `Request` (the same body and headers). */
export type BoundedBody = Pick<Response, 'body' | 'headers'>;

/**
 * A body's bytes, read up to `limitBytes`: a declared `Content-Length` over it, or the first chunk that passes it,
 * cancels the body (closing the connection) and throws {@link AnswerTooLargeError} — the rest is never read. When
 * `signal` aborts first, the body is cancelled the same way and the signal's reason is thrown: a deadline covers the
 * body read too, not only the wait for headers.
 * @example
 * const bytes = await readBounded(response, 1024 * 1024, 'the JSON body');
 */
export async function readBounded(
  response: BoundedBody,
  limitBytes: number,
  what: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limitBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLargeError(`${what} (${declared} bytes declared)`, limitBytes);
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  // A pending read() ends (done, or an error) once the body is cancelled; the loop then throws the reason.
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { value, done } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await reader.cancel().catch(() => undefined);
        throw new AnswerTooLargeError(what, limitBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw signal?.aborted ? signal.reason : error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A body as UTF-8 text, read up to `limitBytes` (see {@link readBounded}). */
export async function readBoundedText(
  response: BoundedBody,
  limitBytes: number,
  what: string,
  signal?: AbortSignal,
): Promise<string> {
  return new TextDecoder().decode(await readBounded(response, limitBytes, what, signal));
}
