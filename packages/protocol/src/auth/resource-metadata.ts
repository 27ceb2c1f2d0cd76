// OAuth 2.0 Protected Resource Metadata (RFC 9728): the document and where it is served.

/** The well-known path prefix of RFC 9728. */
export const WELL_KNOWN_PRM = '/.well-known/oauth-protected-resource';

/** Inputs of {@link protectedResourceMetadata}. */
export interface ResourceMetadataInput {
  resource: string;
  authorizationServers: readonly string[];
  scopesSupported?: readonly string[];
  extra?: Record<string, unknown>;
}

/**
 * The metadata document: `resource`, `authorization_servers`, `scopes_supported`, and bearer
 * tokens accepted in the Authorization header only.
 * @example protectedResourceMetadata({ resource: 'https://mcp.example.com/mcp', authorizationServers: ['https://auth.example.com'] });
 */
export function protectedResourceMetadata(input: ResourceMetadataInput): Record<string, unknown> {
  return {
    ...input.extra,
    resource: input.resource,
    authorization_servers: [...input.authorizationServers],
    ...(input.scopesSupported && { scopes_supported: [...input.scopesSupported] }),
    bearer_methods_supported: ['header'],
  };
}

/**
 * Where the document is served for a resource: the path-suffixed form first (RFC 9728 §3.1,
 * `/.well-known/oauth-protected-resource/mcp` for `…/mcp`), then the root form.
 */
export function wellKnownPaths(resource: URL): string[] {
  const path = resource.pathname.replace(/\/+$/, '');
  return path === '' ? [WELL_KNOWN_PRM] : [`${WELL_KNOWN_PRM}${path}`, WELL_KNOWN_PRM];
}
