// The shape every Streamable HTTP mode shares. Each mode (sessions, stateless, modern 2026-07-28)
// is one class behind this interface: StreamableHttpHandler routes to it after the checks common
// to all (path, origin, authentication, the protocol version header) and turns its replies'
// step-ups into challenges. (The 2024-11-05 HTTP+SSE transport is LegacySseEndpoint, on its paths.)
import type { ConnectionAbilities } from '../engine/channel.js';
import type { MaybePromise } from '../engine/maybe-promise.js';
import type { ProtocolServer } from '../engine/server.js';
import type { AuthInfo } from '../transports/transport.js';
import type { HttpInput, HttpReply } from './http-input.js';
import type { ResolvedHttpOptions } from './options.js';

/** One mode of the MCP endpoint. */
export interface HttpEndpoint {
  /** What a connection of this mode can honour: the engine advertises capabilities from it. */
  readonly abilities: ConnectionAbilities;
  /** What the Allow header of a 405 lists. */
  readonly allowed: string;
  /** A POST's answer: the reply itself when it was decided in this turn, else a promise of it. */
  post(input: HttpInput, auth: AuthInfo | undefined): MaybePromise<HttpReply>;
  get(input: HttpInput, auth: AuthInfo | undefined): Promise<HttpReply> | HttpReply;
  delete(input: HttpInput, auth: AuthInfo | undefined): Promise<HttpReply> | HttpReply;
  /** Closes what the endpoint holds (sessions, links); in-flight requests were waited for already. */
  close(): Promise<void>;
}

/** What an endpoint is built with. */
export interface EndpointDeps {
  readonly server: ProtocolServer;
  readonly options: ResolvedHttpOptions;
  /** Keeps a shutdown waiting until `done` settles (resolved or rejected). */
  track(done: Promise<unknown>): void;
}
