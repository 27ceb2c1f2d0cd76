import { insufficientScopeOf } from '../auth/insufficient-scope.js';
import type { ProtocolServer } from '../engine/server.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';
import type { ClusterLink } from './cluster-link.js';
import type { ExchangeContext } from './exchange.js';
import type { HttpSessionSettings } from './http-session.js';
import type { ResolvedHttpOptions } from './options.js';
import type { SessionRegistry } from './session-registry.js';

/** What a POST needs of its endpoint. */
export interface PostEndpoint {
  server: ProtocolServer;
  options: ResolvedHttpOptions;
  settings: HttpSessionSettings;
  sessions: SessionRegistry;
  cluster?: ClusterLink;
  /** Stateless mode: the exchange settings every POST shares (see `statelessExchangeContext`). */
  statelessContext?: ExchangeContext;
  /** Keeps a shutdown waiting until `done` settles. */
  track(done: Promise<void>): void;
}

/** A lone insufficient-scope error is answered 403, so the client can step up. */
export const scopeStatus = (message: JsonRpcMessage | JsonRpcMessage[]): number =>
  insufficientScopeOf(message) === undefined ? 200 : 403;
