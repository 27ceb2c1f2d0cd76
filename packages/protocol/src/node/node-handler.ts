import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService } from '../http/http-input.js';
import { NodeExchange } from './node-exchange.js';

/** A Web-standard HTTP handler: what Decorum's Streamable HTTP transport exposes, and what Bun, Deno and Workers serve. */
export type WebHandler = (request: Request) => Promise<Response>;

/** What the adapter serves: a Fetch handler, or an {@link HttpService} (a `StreamableHttpHandler`), served without `Request`. */
export type NodeServable = WebHandler | HttpService;

/** A `node:http` request listener that also fits Express and Connect middleware (`next` receives errors). */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** Options of {@link toNodeHandler}. */
export interface NodeHandlerOptions {
  /**
   * Called with every error the adapter catches: a rejected handler (unless `next` takes it), a response body
   * that fails mid-stream, an unwritable response. Default: log to stderr (never stdout, which stdio servers own).
   */
  onError?: (error: unknown) => void;
  /**
   * Take the scheme and host of the request URL from `X-Forwarded-Proto` / `X-Forwarded-Host`. Default false:
   * only enable it behind a proxy that sets these headers, or any client can choose the URL the handler sees.
   */
  trustProxy?: boolean;
}

const logToStderr = (error: unknown) => console.error('[decorum] HTTP handler error:', error);

/**
 * Bridges a handler to `node:http`. Every request becomes an `HttpInput` (a small body read whole first); an
 * {@link HttpService} (a `StreamableHttpHandler`) serves it as it is, a Fetch handler gets the `Request` built from
 * it (absolute URL, headers, streamed body, an `AbortSignal` that fires when the client goes away). A plain reply is
 * written at once; a `Response` is streamed back with backpressure, so Server-Sent Events reach the client as they
 * are written.
 *
 * If a framework already consumed the body (`express.json()` sets `req.body`), the adapter re-serializes it:
 * strings and Buffers as they are, anything else with `JSON.stringify` (and `content-type: application/json`).
 * The bytes may then differ from what the client sent, so prefer mounting the handler before body parsers.
 * @example
 * import { createServer } from 'node:http';
 * createServer(toNodeHandler(new StreamableHttpHandler(server))).listen(3000, '127.0.0.1');
 * // Express: app.all('/mcp', toNodeHandler(handle));
 */
export function toNodeHandler(target: NodeServable, options: NodeHandlerOptions = {}): NodeRequestListener {
  const settings = {
    serve:
      typeof target === 'function'
        ? (input: { request(): Request }) => target(input.request())
        : target.serve.bind(target),
    report: (error: unknown) => {
      try {
        (options.onError ?? logToStderr)(error);
      } catch {
        // A failing error reporter must not take the server down.
      }
    },
    trustProxy: options.trustProxy === true,
  };
  return (req, res, next) => new NodeExchange(settings, req, res, next).start();
}
