import { isModernRequest, unsupportedVersion } from '../engine/modern/envelope.js';
import { classify } from '../jsonrpc/codec.js';
import { ErrorCode } from '../jsonrpc/errors.js';
import type { RequestId } from '../jsonrpc/types.js';
import type { AuthInfo } from '../transports/transport.js';
import { isModernVersion } from '../versions.js';
import { accepts, type HttpInput, type HttpReply, messageInfo } from './http-input.js';
import { HttpSession } from './http-session.js';
import type { PostEndpoint } from './post-endpoint.js';
import { scopeStatus } from './post-endpoint.js';
import { badRequest, errorReply, jsonReply, tooManyStreams } from './responses.js';
import { batchAllowed, batchRefused, serveStateless } from './stateless-post.js';

export { type PostEndpoint, scopeStatus } from './post-endpoint.js';

/** What the body holds: the ids to answer, and whether it is an initialize. Or the error to answer instead. */
type Scan = { requestIds: RequestId[]; initialize: boolean } | { refused: HttpReply };

function scan(messages: unknown[]): Scan {
  const requestIds: RequestId[] = [];
  let initialize = false;
  for (const message of messages) {
    const item = classify(message);
    // Without a readable id an error could not be routed to this POST: answer it here.
    if (item.kind === 'invalid' && item.id === null)
      return { refused: errorReply(400, item.error.code, item.error.message) };
    if (item.kind === 'request' || item.kind === 'invalid')
      requestIds.push(item.kind === 'request' ? item.message.id : (item.id as RequestId));
    if (item.kind === 'request' && item.message.method === 'initialize') initialize = true;
    if (item.kind === 'request' && isModernRequest(item.message.params)) {
      const meta = (item.message.params?._meta ?? {}) as Record<string, unknown>;
      const named = meta['io.modelcontextprotocol/protocolVersion'];
      // A per-request envelope naming a version we cannot serve statelessly is an unsupported version;
      // a modern one sent without the modern header is a header mismatch.
      const error = isModernVersion(named)
        ? {
            code: ErrorCode.HeaderMismatch,
            message: 'Header mismatch: a 2026-07-28 request needs MCP-Protocol-Version: 2026-07-28',
          }
        : unsupportedVersion(named).toErrorObject();
      return { refused: jsonReply(400, { jsonrpc: '2.0', id: item.message.id, error }) };
    }
  }
  return { requestIds, initialize };
}

/** Serves one legacy-era POST. */
export async function servePost(
  endpoint: PostEndpoint,
  input: HttpInput,
  auth: AuthInfo | undefined,
): Promise<HttpReply> {
  const { options, sessions } = endpoint;
  if (!accepts(input.headers, 'application/json') || !accepts(input.headers, 'text/event-stream')) {
    return badRequest(406, 'Not Acceptable: Accept must list application/json and text/event-stream');
  }
  if (!(input.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return badRequest(415, 'Unsupported Media Type: the body must be application/json');
  }
  const body = await input.json(options.maxBodyBytes);
  if (!body.ok) return errorReply(body.status, body.code, body.message);
  const messages: unknown[] = Array.isArray(body.value) ? body.value : [body.value];
  if (messages.length === 0) return badRequest(400, 'Invalid Request: empty batch');
  const scanned = scan(messages);
  if ('refused' in scanned) return scanned.refused;
  const { requestIds, initialize } = scanned;
  if (initialize && messages.length > 1)
    return badRequest(400, 'Invalid Request: initialize must not be part of a batch');
  const info = messageInfo(input, auth);
  if (options.stateless) return serveStateless(endpoint, input, body.value, requestIds, initialize, info);

  let session: HttpSession | HttpReply;
  if (initialize) {
    if (sessions.size >= options.maxSessions) return badRequest(503, 'Service Unavailable: too many sessions');
    session = await sessions.create(auth);
  } else {
    session = await sessions.lookup(input.headers, auth);
    if (!(session instanceof HttpSession)) return session;
  }
  // The engine answers such a batch with one error of id null, which no POST stream could carry.
  if (Array.isArray(body.value) && !batchAllowed(session.session?.protocolVersion)) return batchRefused();
  if (requestIds.length === 0) {
    session.receive(body.value, info);
    endpoint.cluster?.inbound(session.id, body.value);
    return { status: 202, headers: { 'Mcp-Session-Id': session.id }, body: null };
  }
  if (session.openStreams >= options.maxStreamsPerSession) {
    return tooManyStreams(options.maxStreamsPerSession);
  }
  const exchange = session.openExchange(requestIds, { 'Mcp-Session-Id': session.id }, true, {
    statusOf: scopeStatus,
  });
  if (exchange === undefined) return badRequest(409, 'Conflict: a request with this id is already in flight');
  endpoint.track(exchange.finished);
  session.receive(body.value, info);
  const response = await exchange.response;
  if (initialize && !session.session?.initialized) await session.close();
  return response;
}
