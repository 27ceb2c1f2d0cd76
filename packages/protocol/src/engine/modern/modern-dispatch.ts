// The modern era's codec (2026-07-28): a request is stateless, described entirely by its `_meta` envelope
// (read once where it came in). Methods reuse the legacy handlers and add what the revision requires:
// resultType, cache hints, serverInfo, multi-round-trip input_required results, and subscriptions/listen.
import { ErrorCode, McpError } from '../../jsonrpc/errors.js';
import type { JsonRpcRequest } from '../../jsonrpc/types.js';
import type { MessageInfo } from '../../transports/transport.js';
import type { Cancellation } from '../cancellation.js';
import { FULL_ABILITIES, type RequestChannel } from '../channel.js';
import { createRequestContext, type RequestContext } from '../context.js';
import { checkListenStreams, checkSubscriptionCount } from '../limits.js';
import { authorizedSubscriptions, readableUpdatesOnly } from '../listen-access.js';
import { andThen, isThenable, type MaybePromise } from '../maybe-promise.js';
import type { EraCodec, Router } from '../router.js';
import type { JsonObject } from '../types.js';
import { type CacheableMethod, isCacheable } from './cache-hints.js';
import { META_SERVER_INFO, META_SUBSCRIPTION } from './envelope.js';
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

/**
 * The modern era: serves a request whose envelope was read where it came in (the call's `envelope`), on any
 * channel (a legacy connection that sent one, or a stateless request's own stream).
 */
export const modernCodec: EraCodec<RequestChannel> = {
  serve(router, call, channel) {
    const { request, cancellation, info, envelope } = call;
    return dispatchModern(router, channel, request, cancellation, info, envelope as ModernRequest);
  },
};

/**
 * Serves a request that carries the modern envelope (`modern`, already read and checked). Throws (or rejects
 * with) McpError for JSON-RPC errors. Not async: a handler that answers at once is answered at once, as in the
 * legacy era.
 */
function dispatchModern(
  server: Router,
  channel: RequestChannel,
  request: JsonRpcRequest,
  cancellation: Cancellation,
  info: MessageInfo | undefined,
  modern: ModernRequest,
): MaybePromise<JsonObject> {
  const params = request.params ?? {};
  const ctx = createRequestContext(channel, request, cancellation, info, modern);
  // Read one header at a time when the transport can (no Web Headers, nor URL, built per request).
  const headers =
    info?.header !== undefined ? { get: (name: string) => info.header?.(name) ?? null } : info?.request?.headers;
  const serve = () => serveModern(server, channel, request, cancellation, info, modern, ctx);
  if (headers === undefined) return serve();
  const tools = request.method === 'tools/call' ? server.catalog.tools : undefined;
  if (tools === undefined) {
    checkHeaders(headers, request.method, params, modern.version, undefined);
    return serve();
  }
  // The tool's header mapping is computed once per tools list, not per call.
  return andThen(tools.list(ctx), (list) => {
    checkHeaders(headers, request.method, params, modern.version, server.catalog.findTool(list, params.name)?.headers);
    return serve();
  });
}

function serveModern(
  server: Router,
  channel: RequestChannel,
  request: JsonRpcRequest,
  cancellation: Cancellation,
  info: MessageInfo | undefined,
  modern: ModernRequest,
  ctx: RequestContext,
): MaybePromise<JsonObject> {
  const params = request.params ?? {};
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
    // An extension's own method (tasks/get, skills/list, …), when one is mounted.
    const method = server.extensionMethod(request.method, modern.version);
    if (method === undefined) throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    return andThen(method(params, ctx, { scope: server, connection: undefined, info }), (result) => finish(result));
  }
  // Through the extensions' call wrappers (a tools/call that may become a task: questions before it are
  // this loop's, after it the task's); a call no wrapper applies to runs straight.
  const run = () => server.call(handler, request, ctx, channel, cancellation, info, undefined);
  if (!MRTR.has(request.method)) return andThen(run(), (r) => finish(r));
  const rounds = new Rounds(server, ctx, modern, params);
  return andThen(rounds.run(run), (result) => finish(result, request.method === 'resources/read'));
}

/**
 * One round of a handler that may ask the client for input: answers input_required until it has everything.
 * The answers already given arrive signed in `requestState` (checked first, which takes a promise); a first
 * round whose handler answers at once is answered at once.
 */
class Rounds {
  private digest?: Promise<string>;
  private readonly signer: RequestStateSigner;
  private readonly who: string | undefined;

  constructor(
    server: Router,
    private readonly ctx: RequestContext,
    private readonly modern: ModernRequest,
    private readonly params: JsonObject,
  ) {
    this.signer = server.requestStateSigner();
    this.who = principal(ctx);
  }

  run(handler: () => MaybePromise<JsonObject>): MaybePromise<JsonObject> {
    if (this.params.requestState === undefined) return this.runWith(handler);
    return this.verified().then(() => this.runWith(handler));
  }

  /** The digest binds a state to its request: hashed only to verify a state or to issue one. */
  private digestOf(): Promise<string> {
    this.digest ??= RequestStateSigner.hash(RequestStateSigner.salient(this.ctx.method, this.params));
    return this.digest;
  }

  private async verified(): Promise<void> {
    const expect = { method: this.ctx.method, digest: await this.digestOf(), principal: this.who };
    const state = await this.signer.verify(this.params.requestState, expect);
    Object.assign(this.modern.answers, state.answers);
  }

  private runWith(handler: () => MaybePromise<JsonObject>): MaybePromise<JsonObject> {
    const responses = this.params.inputResponses;
    if (responses !== undefined && (responses === null || typeof responses !== 'object' || Array.isArray(responses))) {
      throw new McpError(
        ErrorCode.InvalidParams,
        'Invalid params: "inputResponses" must be an object keyed by input request',
      );
    }
    Object.assign(this.modern.answers, responses as JsonObject | undefined);
    if (this.ctx.cancelled) this.ctx.signal.throwIfAborted(); // cancelled before it started: do not run it at all
    let result: MaybePromise<JsonObject>;
    try {
      result = handler();
    } catch (error) {
      return this.interrupted(error);
    }
    return isThenable(result) ? result.then(undefined, (error: unknown) => this.interrupted(error)) : result;
  }

  /** The handler stopped: for want of input (answered input_required), or for good (rethrown). */
  private async interrupted(error: unknown): Promise<JsonObject> {
    const { modern, ctx } = this;
    if (modern.pending.size === 0 || !(error instanceof InputRequiredSignal || isSignal(error))) {
      if (error instanceof McpError && error.code === ErrorCode.ResourceNotFound) {
        throw new McpError(ErrorCode.InvalidParams, error.message, error.data);
      }
      throw error;
    }
    const answers: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(modern.answers)) if (!modern.pending.has(key)) answers[key] = value;
    const requestState = await this.signer.sign({
      method: ctx.method,
      digest: await this.digestOf(),
      principal: this.who,
      exp: Date.now() + this.signer.ttlMs,
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
  // What extensions follow on the stream (tasks: `taskIds`, answered -32021 to a request without the extension).
  const extra = await server.listen(wanted as JsonObject, ctx);
  for (const contribution of extra) Object.assign(honored, contribution.honored);
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
  // Followed tasks stop with the stream, whichever side ends it.
  const following = new AbortController();
  for (const contribution of extra) {
    contribution.follow((method, more) => {
      void channel.notify(method, { ...more, _meta: tag }, ctx.requestId).catch(() => undefined);
    }, following.signal);
  }
  try {
    await done;
  } finally {
    following.abort();
    remove();
  }
  if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('cancelled');
  return finish({ _meta: tag }, false);
}
