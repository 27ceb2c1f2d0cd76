// Discovery (2025-11-25 / 2026-07-28 authorization, "Authorization Server Discovery"): the MCP server's protected
// resource metadata (RFC 9728) names its authorization server, whose metadata (RFC 8414, or OpenID Connect
// discovery) names the endpoints. Servers of 2025-03-26 publish neither: their origin is the authorization server.
import { wellKnownPaths } from '../../auth/resource-metadata.js';
import { getJson } from './fetch-json.js';

/** Protected resource metadata, as far as the client uses it. */
export interface ResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported?: string[];
  /** RFC 9449 §5.2 (via RFC 9728): the resource takes DPoP proofs signed with these. */
  dpop_signing_alg_values_supported?: string[];
  dpop_bound_access_tokens_required?: boolean;
}

/** Authorization server metadata, as far as the client uses it. */
export interface AuthServerMetadata {
  issuer: string;
  /** Absent on a server that only issues tokens to machines (client credentials). */
  authorization_endpoint?: string;
  token_endpoint: string;
  registration_endpoint?: string;
  scopes_supported?: string[];
  grant_types_supported?: string[];
  code_challenge_methods_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  client_id_metadata_document_supported?: boolean;
  authorization_response_iss_parameter_supported?: boolean;
  dpop_signing_alg_values_supported?: string[];
  [key: string]: unknown;
}

/** Thrown when discovery finds something the client must not go on with (a wrong resource, a wrong issuer). */
export class OAuthDiscoveryError extends Error {
  override name = 'OAuthDiscoveryError';
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;

/**
 * The protected resource metadata of `server`: at the URL its challenge named, else at the path-suffixed then the
 * root well-known location. Its `resource` must be the server's own URL or a parent of it (RFC 9728 §3.3), or
 * tokens for it would be tokens for something else.
 */
export async function discoverResource(
  server: URL,
  named: string | undefined,
  doFetch: typeof fetch,
): Promise<ResourceMetadata | undefined> {
  const candidates =
    named !== undefined ? [new URL(named, server)] : wellKnownPaths(server).map((path) => new URL(path, server));
  for (const url of candidates) {
    const document = await getJson(doFetch, url);
    if (document === undefined) continue;
    const servers = strings(document.authorization_servers);
    if (typeof document.resource !== 'string' || servers === undefined || servers.length === 0) continue;
    if (!coversResource(document.resource, server)) {
      throw new OAuthDiscoveryError(
        `The protected resource metadata at ${url.href} is for ${document.resource}, not for ${server.href}`,
      );
    }
    const metadata: ResourceMetadata = { resource: document.resource, authorization_servers: servers };
    const scopes = strings(document.scopes_supported);
    if (scopes !== undefined) metadata.scopes_supported = scopes;
    const algorithms = strings(document.dpop_signing_alg_values_supported);
    if (algorithms !== undefined) metadata.dpop_signing_alg_values_supported = algorithms;
    if (document.dpop_bound_access_tokens_required === true) metadata.dpop_bound_access_tokens_required = true;
    return metadata;
  }
  return undefined;
}

/** True when `resource` is `server` itself or a path prefix of it on the same origin. */
export function coversResource(resource: string, server: URL): boolean {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return false;
  }
  if (url.origin !== server.origin) return false;
  const base = url.pathname.replace(/\/+$/, '');
  const path = server.pathname.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}

/** The well-known metadata URLs of an issuer, in the order the MCP authorization spec gives. */
export function authServerMetadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname.replace(/\/+$/, '');
  const paths =
    path === ''
      ? ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']
      : [
          `/.well-known/oauth-authorization-server${path}`,
          `/.well-known/openid-configuration${path}`,
          `${path}/.well-known/openid-configuration`,
        ];
  return paths.map((p) => new URL(p, issuer.origin));
}

/**
 * The metadata of the authorization server `issuer`. Its `issuer` must be exactly the identifier it was found
 * from (RFC 8414 §3.3), or the document is someone else's. Undefined when no location answers.
 */
export async function discoverAuthServer(
  issuer: string,
  doFetch: typeof fetch,
): Promise<AuthServerMetadata | undefined> {
  for (const url of authServerMetadataUrls(new URL(issuer))) {
    const document = await getJson(doFetch, url);
    if (document === undefined) continue;
    if (document.issuer !== issuer) {
      throw new OAuthDiscoveryError(
        `The authorization server metadata at ${url.href} names the issuer ${JSON.stringify(document.issuer)}, not ${issuer}`,
      );
    }
    if (typeof document.token_endpoint !== 'string') continue;
    // Codes, secrets and tokens only ever go over TLS (or stay on this machine).
    for (const key of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const) {
      const endpoint = document[key];
      if (endpoint !== undefined && (typeof endpoint !== 'string' || !isSecureEndpoint(endpoint))) {
        throw new OAuthDiscoveryError(`The ${key} of ${issuer} is not an https URL: ${String(endpoint).slice(0, 200)}`);
      }
    }
    return document as AuthServerMetadata;
  }
  return undefined;
}

/** True for an https URL, or an http one on the loopback interface (the spec's only exception, for development). */
export function isSecureEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** 2025-03-26 servers without any metadata: the default endpoints at the server's origin. */
export function fallbackAuthServer(server: URL): AuthServerMetadata {
  return {
    issuer: server.origin,
    authorization_endpoint: new URL('/authorize', server.origin).href,
    token_endpoint: new URL('/token', server.origin).href,
    registration_endpoint: new URL('/register', server.origin).href,
    // 2025-03-26 makes PKCE mandatory for every client and server.
    code_challenge_methods_supported: ['S256'],
  };
}
