import type { ToolDefinition } from '../engine/types.js';
import type { JsonRpcMessage, JsonRpcRequest, RequestId } from '../jsonrpc/types.js';
import type { MessageInfo, Transport } from '../transports/transport.js';
import { DEFAULT_MAX_ANSWER_BYTES, fetchSameOrigin, RedirectRefusedError } from './bounded-fetch.js';
import type { ClientClosed, CloseInfoSource } from './client-types.js';
import type { HttpClientTransportOptions } from './http-client-options.js';
import { isResponseTo, isResult, lostAnswer, parse, pause, readJsonAnswer, readRefusal } from './http-replies.js';
import { modernVersionOf, ToolHeaderIndex } from './request-headers.js';
import { readSse } from './sse-reader.js';
import { AuthorizationError, authorize, retryAuthorized, type TokenProvider } from './token-provider.js';
import { AnswerTooLargeError, UpstreamClosedError } from './upstream-error.js';

export type { HttpClientTransportOptions } from './http-client-options.js';

const ACCEPT = 'application/json, text/event-stream';

/**
 * The client side of Streamable HTTP, both eras. Legacy: the `Mcp-Session-Id` of initialize on every request, SSE
 * responses and a GET stream for the server's own messages, resumed with `Last-Event-ID` when they break, DELETE on
 * close. Modern (a request whose `_meta` names 2026-07-28): stateless POSTs with the metadata headers; cancelling
 * closes the POST. Every message the server sends on a POST's stream is delivered with `relatedRequestId`.
 * @example
 * const client = await connectClient(new HttpClientTransport('http://127.0.0.1:3000/mcp'));
 */
export class HttpClientTransport implements Transport, CloseInfoSource {
  readonly networkTransport = 'tcp' as const;
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly url: URL;
  private readonly doFetch: typeof fetch;
  private readonly tools = new ToolHeaderIndex();
  private readonly aborters = new Map<RequestId, AbortController>();
  private readonly modernIds = new Set<RequestId>();
  private readonly methods = new Map<RequestId, string>();
  private readonly background = new AbortController();
  private sessionId?: string;
  private protocolVersion?: string;
  private initializeId?: RequestId;
  private closed = false;
  private ending?: ClientClosed;

  constructor(
    url: string | URL,
    private readonly options: HttpClientTransportOptions = {},
  ) {
    this.url = new URL(url);
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The legacy session's id, once initialize has answered. */
  get session(): string | undefined {
    return this.sessionId;
  }

  async start(): Promise<void> {}

  /** Called by the client after `tools/list`: the `x-mcp-header` arguments to mirror. */
  rememberTools(tools: readonly ToolDefinition[]): void {
    this.tools.remember(tools);
  }

  closeInfo(): ClientClosed | undefined {
    return this.ending;
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closed) throw new Error('The HTTP transport is closed');
    const single = Array.isArray(message) ? undefined : message;
    const modern = single === undefined ? undefined : modernVersionOf(single);
    if (single !== undefined && 'method' in single && single.method === 'notifications/cancelled') {
      // Modern HTTP: closing the request's stream is the cancellation; no notification is posted.
      const id = single.params?.requestId as RequestId;
      const aborter = this.aborters.get(id);
      const modernId = this.modernIds.has(id);
      // The request's own stream (its SSE response, keep-alives and all) ends with it: a cancelled or timed-out
      // request must not hold a connection open.
      aborter?.abort();
      if (aborter !== undefined && modernId) return;
    }
    const headers = await this.headers();
    headers.set('content-type', 'application/json');
    headers.set('accept', ACCEPT);
    if (single !== undefined && 'method' in single && modern !== undefined) {
      this.tools.apply(headers, single as JsonRpcRequest, modern);
    }
    const id: RequestId | undefined =
      single !== undefined && 'method' in single && 'id' in single ? (single as JsonRpcRequest).id : undefined;
    if (single !== undefined && 'method' in single && single.method === 'initialize' && id !== undefined) {
      this.initializeId = id;
    }
    const aborter = new AbortController();
    if (id !== undefined) this.aborters.set(id, aborter);
    if (id !== undefined && modern !== undefined) this.modernIds.add(id);
    if (id !== undefined) this.methods.set(id, (single as JsonRpcRequest).method);
    const opensStream = single !== undefined && 'method' in single && single.method === 'notifications/initialized';
    const body = JSON.stringify(message);
    let response: Response;
    try {
      response = await this.post(headers, body, aborter.signal);
    } catch (error) {
      if (id !== undefined) this.forget(id, aborter);
      // Not reachable at all (refused, reset, DNS): the connection is over, and the owner should hear it. A refused
      // redirect or a failed authorization fails only its request.
      if (
        !aborter.signal.aborted &&
        !(error instanceof RedirectRefusedError) &&
        !(error instanceof AuthorizationError)
      ) {
        this.unreachable(error);
      }
      throw error;
    }
    const received = this.receive(response, id, aborter, modern !== undefined).finally(() => {
      if (id !== undefined) this.forget(id, aborter);
    });
    // Open before the opening completes: a server speaking on it at once would otherwise talk to no one.
    if (opensStream && response.ok) await received.then(() => this.openGetStream());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const aborter of this.aborters.values()) aborter.abort();
    this.background.abort();
    if (this.sessionId !== undefined && this.ending === undefined) {
      // Ends the session on the server; a server that does not allow it answers 405, which is fine.
      const headers = await this.headers('DELETE').catch(() => new Headers());
      await this.fetch({ method: 'DELETE', headers }).then(
        (r) => r.body?.cancel(),
        () => undefined,
      );
    }
    this.onclose?.();
  }

  /** POSTs, retrying with fresh credentials after a 401 or a 403 step-up when the token provider wants it. */
  private async post(headers: Headers, body: string, signal: AbortSignal): Promise<Response> {
    let response = await this.fetch({ method: 'POST', headers, body, signal });
    const provider = typeof this.options.token === 'object' ? this.options.token : undefined;
    for (let attempt = 0; provider !== undefined; attempt++) {
      if (!(await retryAuthorized(provider, response, headers, this.url, attempt))) break;
      response = await this.fetch({ method: 'POST', headers, body, signal });
    }
    return response;
  }

  /** Every request goes through here: redirects only within the server's origin. */
  private fetch(init: RequestInit): Promise<Response> {
    return fetchSameOrigin(this.doFetch, this.url, init, this.options.maxRedirects);
  }

  private async headers(method = 'POST'): Promise<Headers> {
    const headers = new Headers(this.options.headers);
    await authorize(headers, this.options.token, method, this.url);
    if (this.sessionId !== undefined) headers.set('mcp-session-id', this.sessionId);
    if (this.protocolVersion !== undefined) headers.set('mcp-protocol-version', this.protocolVersion);
    return headers;
  }

  private async receive(response: Response, id: RequestId | undefined, aborter: AbortController, modern: boolean) {
    const type = response.headers.get('content-type') ?? '';
    if (id !== undefined && id === this.initializeId && response.ok) {
      this.sessionId = response.headers.get('mcp-session-id') ?? undefined;
    }
    if (response.status === 404 && this.sessionId !== undefined && !modern) {
      await response.body?.cancel();
      return this.end({ reason: 'server', message: 'The server ended the session (HTTP 404)' });
    }
    if (!response.ok) return this.refused(response, id);
    if (response.status === 202 || id === undefined) {
      await response.body?.cancel();
      return;
    }
    const method = this.methods.get(id) ?? 'request';
    if (type.includes('text/event-stream') && response.body) {
      // Only a limit ends a stream by throwing (breaks are resumed or reported below).
      const answered = await this.stream(response.body, id, aborter.signal).catch((error: Error) => error);
      if (answered instanceof Error) return this.deliver(lostAnswer(id, answered.message, undefined, answered), id);
      if (answered || aborter.signal.aborted || this.closed) return;
      const closed = new UpstreamClosedError(method, 'the response stream ended before the response');
      this.deliver(lostAnswer(id, closed.message, undefined, closed), id);
      return;
    }
    const answer = await readJsonAnswer(response, id, method, this.options.maxBodyBytes ?? DEFAULT_MAX_ANSWER_BYTES);
    if (!aborter.signal.aborted) this.deliver(answer, id);
  }

  /** Reads one SSE stream; resumes it with Last-Event-ID when it breaks (legacy). True once `id` was answered. */
  private async stream(body: ReadableStream<Uint8Array>, id: RequestId | undefined, signal: AbortSignal) {
    let lastEventId: string | undefined;
    let delay = this.options.reconnectDelayMs ?? 250;
    let failures = 0;
    let current: ReadableStream<Uint8Array> | undefined = body;
    for (;;) {
      let answered = false;
      try {
        for await (const event of readSse(current, { maxEventBytes: this.options.maxEventBytes })) {
          if (event.id !== undefined) lastEventId = event.id;
          if (event.retry !== undefined) delay = event.retry;
          if (event.data === '') continue;
          failures = 0;
          const value = parse(event.data);
          if (value === undefined) continue;
          if (id !== undefined && isResponseTo(value, id)) answered = true;
          this.deliver(value, id);
        }
      } catch (error) {
        if (error instanceof AnswerTooLargeError) throw error;
        // an aborted or broken connection: resumed below when possible
      }
      if (answered || signal.aborted || this.closed) return answered;
      // Only a legacy stream with event ids can be resumed; the modern era has no resumption.
      if (lastEventId === undefined || this.protocolVersion === undefined) return false;
      if (failures++ >= (this.options.maxReconnects ?? 5)) return false;
      await pause(delay, signal);
      delay *= 2;
      current = await this.get(lastEventId, signal);
      if (current === undefined) return false;
    }
  }

  /** A GET stream (resumed after `lastEventId` when given); undefined when the server offers none. */
  private async get(lastEventId: string | undefined, signal: AbortSignal) {
    const headers = await this.headers('GET');
    headers.set('accept', 'text/event-stream');
    if (lastEventId !== undefined) headers.set('last-event-id', lastEventId);
    const response = await this.fetch({ method: 'GET', headers, signal }).catch((error) => {
      if (!signal.aborted && !(error instanceof RedirectRefusedError)) this.unreachable(error);
      return undefined;
    });
    if (response === undefined) return undefined;
    if (response.status === 404 && this.sessionId !== undefined) {
      this.end({ reason: 'server', message: 'The server ended the session (HTTP 404)' });
      return undefined;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return undefined;
    }
    return response.body;
  }

  /** After notifications/initialized: the stream of the server's own messages (legacy); resolves once answered. */
  private async openGetStream(): Promise<void> {
    if (this.options.getStream === false || this.closed || this.sessionId === undefined) return;
    const signal = this.background.signal;
    let body = await this.get(undefined, signal);
    // The stream ends when the server restarts it or goes away: reopened until a GET fails, which for a dead
    // server is how the client learns the connection is over.
    void (async () => {
      while (body !== undefined && !signal.aborted && !this.closed) {
        try {
          await this.stream(body, undefined, signal);
        } catch (error) {
          // An event over the limit: the stream is closed and not reopened (it would only send it again).
          this.onerror?.(error as Error);
          return;
        }
        if (signal.aborted || this.closed) return;
        await pause(this.options.reconnectDelayMs ?? 250, signal);
        body = await this.get(undefined, signal);
      }
    })();
  }

  private forget(id: RequestId, aborter: AbortController): void {
    if (this.aborters.get(id) !== aborter) return;
    this.aborters.delete(id);
    this.modernIds.delete(id);
    this.methods.delete(id);
  }

  private async refused(response: Response, id: RequestId | undefined): Promise<void> {
    const refusal = await readRefusal(response, id);
    if ('reply' in refusal) this.deliver(refusal.reply, id);
    else if (id !== undefined) this.deliver(lostAnswer(id, refusal.message, response.status), id);
    else this.onerror?.(new Error(`The server refused a notification: ${refusal.message}`));
  }

  private deliver(value: unknown, relatedRequestId: RequestId | undefined): void {
    if (this.closed) return;
    if (relatedRequestId !== undefined && relatedRequestId === this.initializeId && isResult(value)) {
      const version = (value as { result: { protocolVersion?: unknown } }).result.protocolVersion;
      if (typeof version === 'string') this.protocolVersion = version;
    }
    const info = { relatedRequestId } as MessageInfo;
    this.onmessage?.(value, relatedRequestId === undefined ? undefined : info);
  }

  private unreachable(error: unknown): void {
    const cause = error instanceof Error ? error : new Error(String(error));
    const why = (cause.cause as Error | undefined)?.message ?? cause.message;
    this.end({ reason: 'error', message: `The server at ${this.url.href} cannot be reached: ${why}`, error: cause });
  }

  private end(info: ClientClosed): void {
    if (this.ending !== undefined || this.closed) return;
    this.ending = info;
    void this.close();
  }
}
