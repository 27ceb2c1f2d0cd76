// Streamable HTTP for modern-era (2026-07-28) traffic: POST only, no sessions, no resumption; one
// request per POST answered as JSON or as an SSE stream of that request's own messages, and a
// closed stream cancels the request. Envelope and header errors are HTTP 400, unknown methods 404.
import { type ConnectionAbilities, FULL_ABILITIES } from '../engine/channel.js';
import { andThen, type MaybePromise } from '../engine/maybe-promise.js';
import { META_VERSION, readEnvelope } from '../engine/modern/envelope.js';
import type { ModernRequest } from '../engine/modern/modern-request.js';
import { StatelessRequest } from '../engine/stateless-request.js';
import { classify } from '../jsonrpc/codec.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';
import type { AuthInfo } from '../transports/transport.js';
import type { BodyResult } from './body.js';
import type { EndpointDeps, HttpEndpoint } from './endpoint.js';
import { Exchange } from './exchange.js';
import { type ExchangeContext, exchangeContext } from './exchange-context.js';
import { acceptsPost, type HttpInput, type HttpReply, isJsonBody, messageInfo, type PlainReply } from './http-input.js';
import { jsonReply } from './responses.js';

const CLIENT_ERRORS = new Set<number>([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
]);

/** An HTTP error with a JSON-RPC error body; 2026-07-28 omits the id rather than sending null. */
function modernError(status: number, code: number, message: string, headers?: Record<string, string>): PlainReply {
  return jsonReply(status, { jsonrpc: '2.0', error: { code, message } }, headers);
}

/** The HTTP status of a modern JSON answer. */
function statusOf(message: JsonRpcMessage | JsonRpcMessage[]): number {
  const error = !Array.isArray(message) && 'error' in message ? message.error : undefined;
  if (error === undefined) return 200;
  if (error.code === ErrorCode.MethodNotFound) return 404;
  const envelope =
    typeof (error.data as { field?: unknown } | undefined)?.field === 'string' &&
    String((error.data as { field: string }).field).startsWith('_meta');
  return CLIENT_ERRORS.has(error.code) || envelope ? 400 : 200;
}

/**
 * The modern era's mode, beside either legacy mode: what selects it is the MCP-Protocol-Version
 * header. Each request says all it needs in its envelope, so subscriptions live in listen streams
 * and the log level in the request: the engine's modern codec honours both.
 */
export class ModernEndpoint implements HttpEndpoint {
  readonly abilities: ConnectionAbilities = FULL_ABILITIES;
  readonly allowed = 'POST';
  // The same for every request (no session, no event store): made once.
  private readonly context: ExchangeContext;

  constructor(private readonly deps: EndpointDeps) {
    this.context = exchangeContext(deps.options, undefined, { statusOf });
  }

  get(): HttpReply {
    return notAllowed();
  }

  delete(): HttpReply {
    return notAllowed();
  }

  async close(): Promise<void> {}

  /** Serves one modern POST: synchronous when the body is in memory and the handler answers at once. */
  post(input: HttpInput, auth: AuthInfo | undefined): MaybePromise<HttpReply> {
    if (!acceptsPost(input.headers)) {
      return modernError(
        406,
        ErrorCode.InvalidRequest,
        'Not Acceptable: Accept must list application/json and text/event-stream',
      );
    }
    if (!isJsonBody(input.headers)) {
      return modernError(415, ErrorCode.InvalidRequest, 'Unsupported Media Type: the body must be application/json');
    }
    return andThen(input.json(this.deps.options.maxBodyBytes), (body) =>
      serveModernBody(this.deps, this.context, input, auth, body),
    );
  }
}

const notAllowed = (): HttpReply =>
  modernError(405, ErrorCode.InvalidRequest, 'Method Not Allowed: protocol 2026-07-28 uses POST only', {
    Allow: 'POST',
  });

function serveModernBody(
  deps: EndpointDeps,
  context: ExchangeContext,
  request: HttpInput,
  auth: AuthInfo | undefined,
  body: BodyResult,
): HttpReply | Promise<HttpReply> {
  const { server, track } = deps;
  if (!body.ok) return modernError(body.status, body.code, body.message);
  if (Array.isArray(body.value))
    return modernError(400, ErrorCode.InvalidRequest, 'Invalid Request: batches are not part of protocol 2026-07-28');
  const item = classify(body.value);
  if (item.kind === 'invalid') {
    const answer =
      item.id === null ? { jsonrpc: '2.0', error: item.error } : { jsonrpc: '2.0', id: item.id, error: item.error };
    return jsonReply(400, answer);
  }
  if (item.kind !== 'request') return { status: 202, headers: {}, body: null }; // no client notification needs an answer here
  const message = item.message;
  // The envelope is read once, here at the edge, before anything runs, so its errors keep their 400 status.
  let envelope: ModernRequest;
  try {
    // Header and body must agree before the version itself is judged (a mismatch is -32020, not -32022).
    const meta = (message.params?._meta ?? {}) as Record<string, unknown>;
    const named = meta[META_VERSION];
    if (typeof named === 'string' && named !== request.headers.get('mcp-protocol-version')) {
      throw new McpError(
        ErrorCode.HeaderMismatch,
        `Header mismatch: MCP-Protocol-Version ${JSON.stringify(request.headers.get('mcp-protocol-version'))} does not match _meta "${named}"`,
      );
    }
    envelope = readEnvelope(message.params ?? {});
  } catch (error) {
    const answer = { jsonrpc: '2.0', id: message.id, error: (error as McpError).toErrorObject() } as const;
    return jsonReply(statusOf(answer), answer);
  }
  // One request, no session: a light request whose messages go to this POST's exchange.
  const info = messageInfo(request, auth);
  const exchange = new Exchange('', [message.id], context);
  const light = new StatelessRequest(message, info, exchange, {
    envelope,
    abilities: FULL_ABILITIES,
    transport: 'tcp',
  });
  server.stateless.serve(light);
  if (exchange.done) return exchange.reply;
  // Still running: a closed stream is the client cancelling (the handler is aborted, the exchange ends
  // unanswered). Hooked only now, so a request answered at once leaves nothing holding it.
  const cancel = () => {
    light.cancel('stream closed');
    exchange.abort();
  };
  exchange.ondisconnect = cancel;
  request.onAbort(() => !exchange.done && cancel());
  track(exchange.finished);
  return exchange.reply;
}
