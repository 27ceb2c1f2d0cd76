// The JWT bearer grant (RFC 7523 §2.1) as a TokenProvider, for the extension grants of MCP authorization: workload
// identity federation (a platform-issued JWT as the assertion) and enterprise-managed authorization (SEP-990: an
// identity assertion authorization grant, ID-JAG, got from the enterprise IdP by token exchange, RFC 8693).

import { discoverTokenEndpoint } from '../oauth-discovery.js';
import type { TokenProvider } from '../token-provider.js';
import { type ClientIdentity, requestTokens } from './token-endpoint.js';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Where an assertion is for: the authorization server (its issuer is the audience) and the MCP server. */
export interface AssertionTarget {
  issuer: string;
  resource: string;
}

/** Options of {@link jwtBearer}. */
export interface JwtBearerOptions {
  /** The MCP server: where the token endpoint is discovered from, and the RFC 8707 resource. */
  resource: string | URL;
  /** The assertion JWT, or how to get one for a target (see {@link idJagAssertion}). */
  assertion: string | ((target: AssertionTarget) => Promise<string> | string);
  /** The client at the authorization server (none: no client_id sent); with a secret it authenticates with HTTP Basic. */
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  /** Renew this many ms before expiry. Default 30 000. */
  earlyRefreshMs?: number;
  fetch?: typeof fetch;
}

/**
 * Tokens from the JWT bearer grant, cached until shortly before they expire. A refused grant is final: it is not
 * retried, nor another grant tried (the assertion's issuer decides, not us).
 * @example const token = jwtBearer({ resource: url, clientId: 'svc', assertion: process.env.WORKLOAD_JWT });
 */
export function jwtBearer(options: JwtBearerOptions): TokenProvider {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const resource = String(options.resource);
  let cached: { value: string; expiresAt: number } | undefined;
  let refused: Error | undefined;
  let inflight: Promise<string> | undefined;
  const obtain = async (): Promise<string> => {
    const target = await discoverTokenEndpoint(new URL(resource), doFetch);
    const assertion =
      typeof options.assertion === 'string'
        ? options.assertion
        : await options.assertion({ issuer: target.issuer, resource });
    const client: ClientIdentity = { client_id: options.clientId ?? '' };
    if (options.clientSecret !== undefined) {
      client.client_secret = options.clientSecret;
      client.token_endpoint_auth_method = 'client_secret_basic';
    } else client.token_endpoint_auth_method = 'none';
    try {
      const tokens = await requestTokens({
        endpoint: target.tokenEndpoint,
        issuer: target.issuer,
        client,
        params: { grant_type: JWT_BEARER_GRANT, assertion, scope: options.scope, resource },
        fetch: doFetch,
      });
      const early = options.earlyRefreshMs ?? 30_000;
      cached = { value: tokens.access_token, expiresAt: (tokens.expires_at ?? Number.POSITIVE_INFINITY) - early };
      return tokens.access_token;
    } catch (error) {
      refused = error as Error;
      throw error;
    }
  };
  return {
    async token() {
      if (refused !== undefined) throw refused;
      if (cached !== undefined && Date.now() < cached.expiresAt) return cached.value;
      inflight ??= obtain().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

/** Options of {@link idJagAssertion}. */
export interface IdJagOptions {
  /** The enterprise IdP's token endpoint. */
  idpTokenEndpoint: string;
  /** The user's ID token from the IdP (the subject of the exchange). */
  idToken: string;
  /** This client at the IdP. */
  idpClientId: string;
  idpClientSecret?: string;
  fetch?: typeof fetch;
}

/**
 * SEP-990: exchanges the user's ID token at the IdP (RFC 8693) for an ID-JAG naming the authorization server as
 * audience and the MCP server as resource — the assertion of {@link jwtBearer}.
 * @example jwtBearer({ resource: url, clientId, clientSecret, assertion: idJagAssertion({ idpTokenEndpoint, idToken, idpClientId }) })
 */
export function idJagAssertion(options: IdJagOptions): (target: AssertionTarget) => Promise<string> {
  return async (target) => {
    const client: ClientIdentity = { client_id: options.idpClientId };
    if (options.idpClientSecret !== undefined) client.client_secret = options.idpClientSecret;
    else client.token_endpoint_auth_method = 'none';
    const answer = await requestTokens({
      endpoint: options.idpTokenEndpoint,
      issuer: options.idpTokenEndpoint,
      client,
      params: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        audience: target.issuer,
        resource: target.resource,
        subject_token: options.idToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      },
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    });
    return answer.access_token;
  };
}
