// Streamable HTTP without sessions, in the legacy era: each request of a POST is a light request
// (no session, no peer), taken as initialized under the POST's version (unless it is initialize). It
// keeps nothing between requests, so it says so to the engine: no subscriptions, no log level, and
// the capabilities leave them out.
import type { ConnectionAbilities } from '../engine/channel.js';
import { andThen, type MaybePromise } from '../engine/maybe-promise.js';
import { StatelessRequest } from '../engine/stateless-request.js';
import type { AuthInfo } from '../transports/transport.js';
import type { EndpointDeps, HttpEndpoint } from './endpoint.js';
import { Exchange } from './exchange.js';
import { type ExchangeContext, exchangeContext } from './exchange-context.js';
import type { HttpInput, HttpReply } from './http-input.js';
import { batchAllowed, batchRefused, type LegacyPost, readLegacyPost } from './legacy-post.js';
import { badRequest } from './responses.js';

/** A stateless POST keeps nothing between requests: no subscriptions, no log level. */
export const STATELESS_ABILITIES: ConnectionAbilities = Object.freeze({ subscriptions: false, logging: false });

/** The stateless mode (`stateless: true`): POST only. */
export class StatelessEndpoint implements HttpEndpoint {
  readonly abilities = STATELESS_ABILITIES;
  readonly allowed = 'POST';
  // Nothing in it depends on the request (no session id, no headers, no event store): made once.
  private readonly context: ExchangeContext;

  constructor(private readonly deps: EndpointDeps) {
    this.context = exchangeContext(deps.options);
  }

  /** Serves a POST; synchronous, like a session's, when the body is in memory and the handlers answer at once. */
  post(input: HttpInput, auth: AuthInfo | undefined): MaybePromise<HttpReply> {
    return andThen(readLegacyPost(input, auth, this.deps.options.maxBodyBytes), (read) => this.serveRead(input, read));
  }

  private serveRead(input: HttpInput, read: LegacyPost | HttpReply): MaybePromise<HttpReply> {
    if (!('requestIds' in read)) return read;
    const { requestIds, info } = read;
    const version = input.headers.get('mcp-protocol-version') ?? '2025-03-26';
    if (read.batch && !batchAllowed(version)) return batchRefused();
    // Notifications and responses alone: nothing to answer, and nothing to keep them for.
    if (requestIds.length === 0) return { status: 202, headers: {}, body: null };
    const exchange = new Exchange('', requestIds, this.context);
    const options = { protocolVersion: version, abilities: STATELESS_ABILITIES, transport: 'tcp' } as const;
    // Each request is a light request answering into the POST's exchange (no session, no peer).
    for (const item of info.classified ?? []) {
      if (item.kind === 'request') {
        this.deps.server.stateless.serve(new StatelessRequest(item.message, info, exchange, options));
      } else if (item.kind === 'invalid') {
        void exchange.deliver({ jsonrpc: '2.0', id: item.id, error: item.error });
      }
    }
    if (!exchange.done) this.deps.track(exchange.finished);
    return exchange.reply;
  }

  get(): HttpReply {
    return badRequest(405, 'Method Not Allowed: this endpoint has no GET stream', { Allow: this.allowed });
  }

  delete(): HttpReply {
    return badRequest(405, 'Method Not Allowed: stateless endpoint', { Allow: this.allowed });
  }

  async close(): Promise<void> {}
}
