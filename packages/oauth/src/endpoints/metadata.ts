import type { ServerContext } from '../server-context.js';
import { json } from './http-helpers.js';

/** The RFC 8414 path of an issuer's metadata: `/.well-known/oauth-authorization-server` + the issuer's path. */
export function metadataPaths(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/+$/, '');
  return [`/.well-known/oauth-authorization-server${path}`, `/.well-known/openid-configuration${path}`];
}

/** The authorization server metadata document (RFC 8414), with MCP's `client_id_metadata_document_supported`. */
export function metadataDocument(ctx: ServerContext): Record<string, unknown> {
  const e = ctx.endpoints;
  return {
    issuer: ctx.issuer,
    authorization_endpoint: e.authorize,
    token_endpoint: e.token,
    ...(ctx.registration && { registration_endpoint: e.register }),
    revocation_endpoint: e.revoke,
    jwks_uri: e.jwks,
    ...(ctx.scopesSupported.length > 0 && { scopes_supported: [...ctx.scopesSupported] }),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: ctx.clients.metadataDocuments,
  };
}

/** A public, cacheable JSON document readable from any origin (discovery runs in browsers too). */
export function publicJson(body: unknown, request: Request): Response {
  const headers = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, OPTIONS',
    'Access-Control-Allow-Headers': 'mcp-protocol-version',
  };
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response(null, { status: 405, headers: { ...headers, Allow: 'GET, HEAD, OPTIONS' } });
  return json(200, body, { ...headers, 'Cache-Control': 'public, max-age=300' });
}
