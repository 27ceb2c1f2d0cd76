import type { AuthInfo } from '../transports/transport.js';

/**
 * Checks the credentials of a request. Return the caller's {@link AuthInfo} (it reaches handlers
 * as `ctx.authInfo`), undefined for an anonymous caller, or a Response (401/403) to send instead.
 */
export type Authenticate = (
  request: Request,
) => AuthInfo | Response | undefined | Promise<AuthInfo | Response | undefined>;

/**
 * What the Streamable HTTP endpoint asks of an authentication scheme (the `auth` option):
 * checking credentials, serving its discovery documents, and the challenge of a 403 step-up.
 * {@link ResourceServer} is the OAuth 2.1 implementation; write your own for anything else.
 */
export interface HttpAuth {
  /** Checks the credentials of a request: the caller, undefined (anonymous), or a Response to send instead. */
  readonly authenticate: Authenticate;
  /**
   * Answers the request when it is for a discovery document (RFC 9728 metadata) or another route of the
   * scheme (an authorization server's endpoints, whose answers may take a promise); undefined otherwise,
   * decided at once from the request line.
   */
  serveMetadata?(request: Request): Response | Promise<Response> | undefined;
  /** The `WWW-Authenticate` value of a 403 answer to a request that lacked `scopes`. */
  insufficientScope?(scopes: readonly string[]): string;
}
