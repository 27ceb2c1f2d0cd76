import type { TokenProvider } from './token-provider.js';

/** Options of an {@link HttpClientTransport}. */
export interface HttpClientTransportOptions {
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** A bearer token, or where to get one (see `clientCredentials`). */
  token?: string | TokenProvider;
  /** Legacy era: reconnections of a broken stream in a row before giving up. Default 5. */
  maxReconnects?: number;
  /** Legacy era: first reconnection delay when the server gave no `retry:`, in ms (doubles each time). Default 250. */
  reconnectDelayMs?: number;
  /** Legacy era: open the GET stream for server notifications after initialize. Default true. */
  getStream?: boolean;
  /** Largest JSON answer read, in bytes; a larger one fails its request with `AnswerTooLargeError`. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Largest SSE event (or line) read, in characters; a larger one fails likewise. Default 4 MiB. */
  maxEventBytes?: number;
  /** Same-origin redirects followed per request (one to another origin is never followed). Default 5. */
  maxRedirects?: number;
  fetch?: typeof fetch;
}
