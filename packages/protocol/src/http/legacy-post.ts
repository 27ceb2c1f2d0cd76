// What every legacy-era POST checks before an endpoint serves it (Accept, Content-Type, the body),
// and the one classification of its messages: the endpoint reads the ids it must answer from it,
// and the engine's peer takes it as is (MessageInfo.classified) instead of classifying again.
import { andThen, type MaybePromise } from '../engine/maybe-promise.js';
import { isModernRequest, unsupportedVersion } from '../engine/modern/envelope.js';
import { type Classified, classify } from '../jsonrpc/codec.js';
import { ErrorCode } from '../jsonrpc/errors.js';
import type { RequestId } from '../jsonrpc/types.js';
import type { AuthInfo, MessageInfo } from '../transports/transport.js';
import { isModernVersion } from '../versions.js';
import type { BodyResult } from './body.js';
import { acceptsPost, type HttpInput, type HttpReply, isJsonBody, messageInfo } from './http-input.js';
import { badRequest, errorReply, jsonReply } from './responses.js';

/** A legacy POST that passed the checks. */
export interface LegacyPost {
  /** The body as parsed: one message, or a batch. */
  readonly value: unknown;
  readonly batch: boolean;
  /** The ids of the requests (and unreadable requests with an id) the answer must carry. */
  readonly requestIds: RequestId[];
  readonly initialize: boolean;
  /** What handlers learn of the HTTP request, with the classification the peer reuses. */
  readonly info: MessageInfo;
}

/** JSON-RPC batches exist in 2025-03-26 only (2024-11-05 had none on this transport, 2025-06-18 removed them). */
export const batchAllowed = (version: string | undefined): boolean => version === '2025-03-26';

/** The answer to a batch the negotiated (or, stateless, the declared) version does not allow. */
export const batchRefused = (): HttpReply =>
  badRequest(400, 'Invalid Request: batches are not supported in the negotiated protocol version');

/**
 * Checks and reads a legacy-era POST; the reply to send instead when it does not pass. Synchronous when the
 * body is already in memory (the Node adapter's way in), a promise when it is still to be read.
 */
export function readLegacyPost(
  input: HttpInput,
  auth: AuthInfo | undefined,
  maxBodyBytes: number,
): MaybePromise<LegacyPost | HttpReply> {
  if (!acceptsPost(input.headers)) {
    return badRequest(406, 'Not Acceptable: Accept must list application/json and text/event-stream');
  }
  if (!isJsonBody(input.headers)) {
    return badRequest(415, 'Unsupported Media Type: the body must be application/json');
  }
  return andThen(input.json(maxBodyBytes), (body) => readMessages(body, input, auth));
}

/** The messages of a body that passed the header checks. */
function readMessages(body: BodyResult, input: HttpInput, auth: AuthInfo | undefined): LegacyPost | HttpReply {
  if (!body.ok) return errorReply(body.status, body.code, body.message);
  const { value } = body;
  const batch = Array.isArray(value);
  const list: unknown[] = batch ? value : [value];
  if (list.length === 0) return badRequest(400, 'Invalid Request: empty batch');
  const classified: Classified[] = [];
  const requestIds: RequestId[] = [];
  let initialize = false;
  for (const message of list) {
    const item = classify(message);
    const refused = refusal(item);
    if (refused) return refused;
    classified.push(item);
    if (item.kind === 'request') {
      requestIds.push(item.message.id);
      if (item.message.method === 'initialize') initialize = true;
    } else if (item.kind === 'invalid') requestIds.push(item.id as RequestId);
  }
  if (initialize && list.length > 1) return badRequest(400, 'Invalid Request: initialize must not be part of a batch');
  // Answers to one id twice could not be told apart, in either mode.
  if (requestIds.length > 1 && new Set(requestIds).size !== requestIds.length) {
    return badRequest(400, 'Invalid Request: duplicate request ids');
  }
  return { value, batch, requestIds, initialize, info: messageInfo(input, auth, classified) };
}

/** A message this POST must answer itself, before any session sees it. */
function refusal(item: Classified): HttpReply | undefined {
  // Without a readable id an error could not be routed to this POST: answer it here.
  if (item.kind === 'invalid' && item.id === null) return errorReply(400, item.error.code, item.error.message);
  if (item.kind !== 'request' || !isModernRequest(item.message.params)) return undefined;
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
  return jsonReply(400, { jsonrpc: '2.0', id: item.message.id, error });
}
