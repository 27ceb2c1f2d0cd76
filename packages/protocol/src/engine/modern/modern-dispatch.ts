// Serving one modern-era (2026-07-28) request: stateless, described entirely by its `_meta`
// envelope. Methods reuse the legacy handlers and add what the revision requires: resultType,
// cache hints, serverInfo, multi-round-trip input_required results, and subscriptions/listen.
import { ErrorCode, McpError } from '../../jsonrpc/errors.js';
import type { JsonRpcRequest } from '../../jsonrpc/types.js';
import type { MessageInfo } from '../../transports/transport.js';
import type { Cancellation } from '../cancellation.js';
import { FULL_ABILITIES, type RequestChannel } from '../channel.js';
import { createRequestContext, type RequestContext } from '../context.js';
import { checkListenStreams, checkSubscriptionCount } from '../limits.js';
import { authorizedSubscriptions, readableUpdatesOnly } from '../listen-access.js';
import type { MaybePromise } from '../maybe-promise.js';
import type { Router } from '../router.js';
import type { JsonObject } from '../types.js';
import { type CacheableMethod, isCacheable } from './cache-hints.js';
import { META_SERVER_INFO, META_SUBSCRIPTION, readEnvelope } from './envelope.js';
import { checkHeaders } from './http-headers.js';
import { InputRequiredSignal, type ModernRequest } from './modern-request.js';
import { RequestStateSigner } from './request-state.js';
import type { SubscriptionFilter } from './subscriptions.js';

const MRTR = new Set(['tools/call', 'prompts/get', 'resources/read']);
// Kept between requests by the legacy era only: a modern request carries all it needs.
const STATEFUL = new Set(['logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);

function principal(ctx: RequestContext): string | undefined {
  return ctx.authInfo?.subject ?? ctx.authInfo?.clientId;
}

/** Serves a request that carries the modern envelope. Throws McpError for JSON-RPC errors. */
export async function dispatchModern(
  server: Router,
  channel: RequestChannel,
  request: JsonRpcRequest,
  cancellation: Cancellation,
  info: MessageInfo | undefined,
): Promise<JsonObject> {
  const params = request.params ?? {};
  const modern = readEnvelope(params);
  const ctx = createRequestContext(channel, request, cancellation, info, modern);
  // Read one header at a time when the transport can (no Web Headers, nor URL, built per request).
  const headers =
    info?.header !== undefined ? { get: (name: string) => info.header?.(name) ?? null } : info?.request?.headers;
  if (headers) {
    const tools = request.method === 'tools/call' ? server.catalog.tools : undefined;
    // The tool's header mapping is computed once per tools list, not per call.
    const tool = tools ? server.catalog.findTool(await tools.list(ctx), params.name) : undefined;
    checkHeaders(headers, request.method, params, modern.version, tool?.headers);
  }
  const finish = (result: JsonObject, cacheable = isCacheable(request.method)): JsonObject => {
    const out: JsonObject = { resultType: 'complete', ...result };
    // Interim input_required results are never cacheable and carry no hints.
    if (cacheable && out.ttlMs === undefined && out.resultType === 'complete') {
      const hint = server.cacheHint(request.method as CacheableMethod, principal(ctx) !== undefined);
      out.ttlMs = hint.ttlMs;
      out.cacheScope = hint.cacheScope;
    }
    out._meta = { ...(result._meta as JsonObject | undefined), [META_SERVER_INFO]: server.options.serverInfo };
    return out;
  };

  if (request.method === 'server/discover') {
    const result: JsonObject = {
      supportedVersions: server.supportedVersions(),
      capabilities: server.capabilities(modern.version),
    };
    if (server.options.instructions !== undefined) result.instructions = server.options.instructions;
    return finish(result);
  }
  if (request.method === 'subscriptions/listen') return listen(server, channel, ctx, params, finish);
  const handler = STATEFUL.has(request.method) ? undefined : server.method(request.method, FULL_ABILITIES);
  if (handler === undefined) {
    // The tasks extension's own methods (tasks/get, tasks/update, tasks/cancel), when it is mounted.
    const task = server.tasks?.method(request.method, modern.version);
    if (task === undefined) throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    return finish(await task(params, ctx));
  }
  if (!MRTR.has(request.method)) return finish(await handler.handle(params, ctx, server, undefined));
  // A tools/call may become a task: questions before it are this loop's, after it the task's.
  const run =
    request.method === 'tools/call' && server.tasks
      ? () => server.toolCall(handler, request, cancellation, info, channel, modern, undefined)
      : () => handler.handle(params, ctx, server, undefined);
  return finish(await multiRound(server, ctx, modern, params, run), request.method === 'resources/read');
}

/** Runs a handler that may ask the client for input; answers input_required until it has everything. */
async function multiRound(
  server: Router,
  ctx: RequestContext,
  modern: ModernRequest,
  params: JsonObject,
  run: () => MaybePromise<JsonObject>,
): Promise<JsonObject> {
  const signer = server.requestStateSigner();
  // The digest binds a state to its request: hashed only to verify a state or to issue one.
  const salient = RequestStateSigner.salient(ctx.method, params);
  let digest: Promise<string> | undefined;
  const digestOf = () => {
    digest ??= RequestStateSigner.hash(salient);
    return digest;
  };
  const who = principal(ctx);
  if (params.requestState !== undefined) {
    const expect = { method: ctx.method, digest: await digestOf(), principal: who };
    const state = await signer.verify(params.requestState, expect);
    Object.assign(modern.answers, state.answers);
  }
  const responses = params.inputResponses;
  if (responses !== undefined && (responses === null || typeof responses !== 'object' || Array.isArray(responses))) {
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid params: "inputResponses" must be an object keyed by input request',
    );
  }
  Object.assign(modern.answers, responses as JsonObject | undefined);
  if (ctx.cancelled) ctx.signal.throwIfAborted(); // cancelled before it started: do not run it at all
  try {
    return await run();
  } catch (error) {
    if (modern.pending.size === 0 || !(error instanceof InputRequiredSignal || isSignal(error))) {
      if (error instanceof McpError && error.code === ErrorCode.ResourceNotFound) {
        throw new McpError(ErrorCode.InvalidParams, error.message, error.data);
      }
      throw error;
    }
    const answers: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(modern.answers)) if (!modern.pending.has(key)) answers[key] = value;
    const requestState = await signer.sign({
      method: ctx.method,
      digest: await digestOf(),
      principal: who,
      exp: Date.now() + signer.ttlMs,
      answers,
    });
    return { resultType: 'input_required', inputRequests: Object.fromEntries(modern.pending), requestState };
  }
}

// A handler may wrap the signal in its own error (a framework's "internal error" path): look inside.
function isSignal(error: unknown): boolean {
  return error instanceof Error && (error.cause instanceof InputRequiredSignal || error.name === 'InputRequiredSignal');
}

/** subscriptions/listen: acknowledge, stream tagged notifications, end when cancelled or the server closes. */
async function listen(
  server: Router,
  channel: RequestChannel,
  ctx: RequestContext,
  params: JsonObject,
  finish: (result: JsonObject, cacheable: boolean) => JsonObject,
): Promise<JsonObject> {
  const wanted = params.notifications as SubscriptionFilter | undefined;
  if (wanted === null || typeof wanted !== 'object' || Array.isArray(wanted)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid params: subscriptions/listen needs a "notifications" filter object',
    );
  }
  checkListenStreams(server.options, server.listeners.size);
  const caps = server.capabilities(ctx.protocolVersion);
  const honored: SubscriptionFilter = {};
  if (wanted.toolsListChanged && caps.tools?.listChanged) honored.toolsListChanged = true;
  if (wanted.promptsListChanged && caps.prompts?.listChanged) honored.promptsListChanged = true;
  if (wanted.resourcesListChanged && caps.resources?.listChanged) honored.resourcesListChanged = true;
  if (Array.isArray(wanted.resourceSubscriptions) && caps.resources?.subscribe) {
    const asked = wanted.resourceSubscriptions.filter((u): u is string => typeof u === 'string');
    checkSubscriptionCount(server.options, asked.length);
    // The same authorization as resources/subscribe: what the caller may not read is left out.
    honored.resourceSubscriptions = await authorizedSubscriptions(server.catalog.resources, asked, ctx);
  }
  const tag = { [META_SUBSCRIPTION]: ctx.requestId };
  await channel.notify(
    'notifications/subscriptions/acknowledged',
    { _meta: tag, notifications: honored as JsonObject },
    ctx.requestId,
  );
  let ended!: () => void;
  const done = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const remove = server.listeners.add({
    filter: honored,
    send: readableUpdatesOnly(server.catalog.resources, ctx, (method, extra = {}) => {
      void channel.notify(method, { ...extra, _meta: tag }, ctx.requestId).catch(() => undefined);
    }),
    end: ended,
  });
  ctx.signal.addEventListener('abort', ended, { once: true });
  try {
    await done;
  } finally {
    remove();
  }
  if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('cancelled');
  return finish({ _meta: tag }, false);
}
