// One whole request to a server we do not control, under every rule of the outgoing trust boundary at once: the
// redirect rule of fetchSameOrigin, a body read up to a limit, and one deadline over the wait for headers *and* the
// body read (a server that sends headers and then trickles is cut off like one that never answers). Failures come
// out as the engine's own error classes, with messages that name the request and an origin, never a URL's query,
// a header or a body: whatever was sent (a client secret, a code) cannot reach a log line through them.
import { DEFAULT_MAX_REDIRECTS, fetchSameOrigin, RedirectRefusedError, readBounded } from './bounded-fetch.js';
import { UpstreamClosedError, UpstreamError, UpstreamTimeoutError } from './upstream-error.js';

/** Limits of {@link fetchBounded}. */
export interface BoundedRequestLimits {
  /** Largest body read, in bytes; past it the connection is closed ({@link AnswerTooLargeError}). */
  maxBytes: number;
  /** Deadline of the whole exchange, body included, in ms; past it the request is aborted ({@link UpstreamTimeoutError}). */
  timeoutMs: number;
  /** Same-origin redirects followed (0: every redirect refused). Default {@link DEFAULT_MAX_REDIRECTS}. */
  maxRedirects?: number;
  /** Names the request in errors, e.g. `"the token answer"`: never a URL with its query, nor anything sent. */
  what: string;
}

/** A complete, bounded answer. */
export interface BoundedAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

/**
 * Sends one request and reads its whole answer within `limits`: redirects only within the URL's origin
 * ({@link RedirectRefusedError} otherwise), at most `maxBytes` of body ({@link AnswerTooLargeError}), all of it
 * within `timeoutMs` ({@link UpstreamTimeoutError}; the request and its body stream are aborted). A connection that
 * fails or drops is an {@link UpstreamClosedError}. An abort of the caller's own `init.signal` rejects with its reason.
 * @example
 * const { status, bytes } = await fetchBounded(fetch, tokenUrl, { method: 'POST', body }, {
 *   maxBytes: 256 * 1024, timeoutMs: 10_000, what: 'the token answer',
 * });
 */
export async function fetchBounded(
  doFetch: typeof fetch,
  url: string | URL,
  init: RequestInit,
  limits: BoundedRequestLimits,
): Promise<BoundedAnswer> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new UpstreamTimeoutError(limits.what, limits.timeoutMs)),
    limits.timeoutMs,
  );
  const outer = init.signal ?? undefined;
  const relay = () => deadline.abort(outer?.reason);
  if (outer?.aborted) relay();
  else outer?.addEventListener('abort', relay, { once: true });
  try {
    const response = await fetchSameOrigin(
      doFetch,
      url,
      { ...init, signal: deadline.signal },
      limits.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    );
    const bytes = await readBounded(response, limits.maxBytes, limits.what, deadline.signal);
    return { status: response.status, headers: response.headers, bytes };
  } catch (error) {
    if (deadline.signal.aborted) throw deadline.signal.reason;
    if (error instanceof RedirectRefusedError || error instanceof UpstreamError) throw error;
    // fetch's own failure ("fetch failed", a reset): its message and cause may quote an address, never the request.
    throw new UpstreamClosedError(limits.what, 'the connection failed or was closed');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', relay);
  }
}
