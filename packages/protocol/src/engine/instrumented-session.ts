// A session that tells an Instrumentation what it does. The server makes one instead of a plain
// ServerSession only when an instrumentation is configured, so a server without one runs exactly
// the code it ran before: no check, no wrapper, not even a property read per request.
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo, Transport } from '../transports/transport.js';
import type { OutgoingOptions } from './channel.js';
import type { Instrumentation, OutgoingFacts, RequestFacts, SessionFacts } from './instrumentation.js';
import { isModernRequest, META_VERSION } from './modern/envelope.js';
import type { Router } from './router.js';
import { ServerSession, type SessionOptions } from './session.js';
import type { JsonObject } from './types.js';

/** @internal a {@link ServerSession} observed by an {@link Instrumentation}. */
export class InstrumentedSession extends ServerSession {
  private opened = false;

  constructor(
    router: Router,
    transport: Transport,
    options: SessionOptions,
    private readonly instrumentation: Instrumentation,
  ) {
    super(router, transport, options);
    // Each request inside its span: the router's dispatcher, wrapped.
    const dispatch = this.handleRequest;
    this.handleRequest = (request, cancellation, info) =>
      instrumentation.request(this.requestFacts(request, info), () => dispatch(request, cancellation, info));
  }

  /** initialize is the first state change: a session opens then, on a connection that keeps state. */
  override stateChanged(): void {
    if (!this.opened && this.initialized && (this.abilities.subscriptions || this.abilities.logging)) {
      this.opened = true;
      this.instrumentation.sessionOpened?.(this.sessionFacts());
    }
    super.stateChanged();
  }

  override handleClose(): void {
    super.handleClose();
    if (this.opened) this.instrumentation.sessionClosed?.(this.sessionFacts());
    this.opened = false;
  }

  override createMessage(params: JsonObject, options?: OutgoingOptions): Promise<JsonObject> {
    return this.outgoing('sampling/createMessage', params, (sent) => super.createMessage(sent ?? params, options));
  }

  override elicit(params: JsonObject, options?: OutgoingOptions): Promise<JsonObject> {
    return this.outgoing('elicitation/create', params, (sent) => super.elicit(sent ?? params, options));
  }

  // roots/list has no params of its own, but its `_meta` carries the trace context like any request's.
  override listRoots(options?: OutgoingOptions, params?: JsonObject): Promise<JsonObject> {
    return this.outgoing('roots/list', params, (sent) => super.listRoots(options, sent ?? params));
  }

  private outgoing(
    method: string,
    params: JsonObject | undefined,
    send: (params: JsonObject | undefined) => Promise<JsonObject>,
  ): Promise<JsonObject> {
    if (this.instrumentation.outgoing === undefined) return send(params);
    const facts: OutgoingFacts = { method, params, protocolVersion: this.protocolVersion };
    return this.instrumentation.outgoing(facts, send);
  }

  private requestFacts(request: JsonRpcRequest, info: MessageInfo | undefined): RequestFacts {
    const params = request.params ?? {};
    const version = isModernRequest(params) ? (params._meta as JsonObject)[META_VERSION] : undefined;
    // `header` where the transport has it: `request` builds a Web Headers on the Node path.
    const sessionId = info?.header ? info.header('mcp-session-id') : info?.request?.headers.get('mcp-session-id');
    return {
      request,
      info,
      protocolVersion: typeof version === 'string' ? version : this.protocolVersion,
      sessionId: sessionId ?? undefined,
      transport: this.peer.transport.networkTransport,
    };
  }

  private sessionFacts(): SessionFacts {
    return { key: this, protocolVersion: this.protocolVersion, transport: this.peer.transport.networkTransport };
  }
}
