/**
 * `@decorum/protocol/fetch`: the outgoing trust boundary's HTTP rules on their own, for any package that calls a
 * server it does not control (the MCP client, OpenAPI tools, `@decorum/oauth`'s upstream calls) — without loading
 * the MCP client. Redirects only within the request's origin, bodies read up to a limit, one deadline over the
 * headers and the body, and errors that carry no part of what was sent. Runs in any JavaScript runtime.
 * @example
 * import { fetchBounded } from '@decorum/protocol/fetch';
 * const { status, bytes } = await fetchBounded(fetch, url, { method: 'GET' }, {
 *   maxBytes: 256 * 1024, timeoutMs: 10_000, what: 'the discovery document',
 * });
 */

export {
  type BoundedBody,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_MAX_REDIRECTS,
  fetchSameOrigin,
  RedirectRefusedError,
  readBounded,
  readBoundedText,
} from './client/bounded-fetch.js';
export { type BoundedAnswer, type BoundedRequestLimits, fetchBounded } from './client/bounded-request.js';
export {
  AnswerTooLargeError,
  UpstreamClosedError,
  UpstreamError,
  type UpstreamFailure,
  UpstreamTimeoutError,
} from './client/upstream-error.js';
