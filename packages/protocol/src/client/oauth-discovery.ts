// Where an MCP server's tokens come from: its protected resource metadata (RFC 9728) names the authorization server,
// whose metadata (RFC 8414, or OpenID Connect discovery) names the token endpoint.
import { wellKnownPaths } from '../auth/resource-metadata.js';

async function json(doFetch: typeof fetch, url: URL): Promise<Record<string, unknown> | undefined> {
  const response = await doFetch(url, { headers: { accept: 'application/json' } }).catch(() => undefined);
  if (response === undefined) return undefined;
  if (!response.ok) {
    await response.body?.cancel();
    return undefined;
  }
  return (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
}

/**
 * The token endpoint of the authorization server that protects `resource` (an MCP endpoint URL).
 * @example await discoverTokenEndpoint(new URL('https://mcp.example.com/mcp'), fetch);
 */
export async function discoverTokenEndpoint(resource: URL, doFetch: typeof fetch): Promise<string> {
  let issuer: string | undefined;
  for (const path of wellKnownPaths(resource)) {
    const servers = (await json(doFetch, new URL(path, resource)))?.authorization_servers;
    if (Array.isArray(servers) && typeof servers[0] === 'string') {
      issuer = servers[0];
      break;
    }
  }
  if (issuer === undefined) {
    throw new Error(`${resource.href} publishes no protected resource metadata naming an authorization server`);
  }
  const base = new URL(issuer);
  const path = base.pathname.replace(/\/+$/, '');
  const candidates = [
    `/.well-known/oauth-authorization-server${path}`,
    `/.well-known/openid-configuration${path}`,
    ...(path === '' ? [] : [`${path}/.well-known/openid-configuration`]),
  ];
  for (const candidate of candidates) {
    const endpoint = (await json(doFetch, new URL(candidate, base)))?.token_endpoint;
    if (typeof endpoint === 'string') return endpoint;
  }
  throw new Error(`The authorization server ${issuer} publishes no metadata with a token_endpoint`);
}
