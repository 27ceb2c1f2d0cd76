// Where an MCP server's tokens come from: its protected resource metadata (RFC 9728) names the authorization server,
// whose metadata (RFC 8414, or OpenID Connect discovery) names the token endpoint.
import { discoverAuthServer, discoverResource } from './oauth/metadata.js';

/**
 * The issuer and token endpoint of the authorization server that protects `resource` (an MCP endpoint URL).
 * @example await discoverTokenEndpoint(new URL('https://mcp.example.com/mcp'), fetch);
 */
export async function discoverTokenEndpoint(
  resource: URL,
  doFetch: typeof fetch,
): Promise<{ issuer: string; tokenEndpoint: string }> {
  const issuer = (await discoverResource(resource, undefined, doFetch))?.authorization_servers[0];
  if (issuer === undefined) {
    throw new Error(`${resource.href} publishes no protected resource metadata naming an authorization server`);
  }
  const server = await discoverAuthServer(issuer, doFetch);
  if (server === undefined)
    throw new Error(`The authorization server ${issuer} publishes no metadata with a token_endpoint`);
  return { issuer, tokenEndpoint: server.token_endpoint };
}
