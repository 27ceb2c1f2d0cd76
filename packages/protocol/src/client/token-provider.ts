import { discoverTokenEndpoint } from './oauth-discovery.js';

/**
 * Where an HTTP client gets its bearer token. `token()` is asked before each request (cache inside);
 * `invalidate()` is called after a 401, and the request is retried once with a fresh token.
 */
export interface TokenProvider {
  token(): Promise<string | undefined> | string | undefined;
  invalidate?(): void;
}

/** Options of {@link clientCredentials}. */
export interface ClientCredentialsOptions {
  /**
   * The authorization server's token endpoint. Without it, it is discovered from `resource`: the MCP server's
   * protected resource metadata (RFC 9728) names the authorization server, whose metadata names the endpoint.
   */
  tokenUrl?: string | URL;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for. */
  scope?: string;
  /** The MCP server's URL: sent as the RFC 8707 resource indicator, and where `tokenUrl` is discovered from. */
  resource?: string | URL;
  /** `basic` (default, RFC 6749 §2.3.1) sends the credentials in an Authorization header; `post` in the body. */
  authMethod?: 'basic' | 'post';
  /** Renew this many ms before expiry. Default 30 000. */
  earlyRefreshMs?: number;
  fetch?: typeof fetch;
}

/**
 * The OAuth 2.0 client credentials grant as a {@link TokenProvider}: a token is fetched on first use, cached until
 * shortly before `expires_in`, and fetched again after a 401.
 * @example
 * const client = await connectHttp(url, {
 *   token: clientCredentials({ tokenUrl: 'https://auth.example.com/token', clientId, clientSecret, scope: 'mcp' }),
 * });
 */
export function clientCredentials(options: ClientCredentialsOptions): TokenProvider {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  if (options.tokenUrl === undefined && options.resource === undefined) {
    throw new TypeError('clientCredentials needs a tokenUrl, or the resource to discover it from');
  }
  let tokenUrl: string | URL | undefined = options.tokenUrl;
  const early = options.earlyRefreshMs ?? 30_000;
  let cached: { value: string; expiresAt: number } | undefined;
  let inflight: Promise<string> | undefined;
  const obtain = async (): Promise<string> => {
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (options.scope !== undefined) body.set('scope', options.scope);
    if (options.resource !== undefined) body.set('resource', String(options.resource));
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (options.authMethod === 'post') {
      body.set('client_id', options.clientId);
      body.set('client_secret', options.clientSecret);
    } else {
      const pair = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`;
      headers.authorization = `Basic ${btoa(pair)}`;
    }
    tokenUrl ??= await discoverTokenEndpoint(new URL(options.resource as string | URL), doFetch);
    const response = await doFetch(tokenUrl, { method: 'POST', headers, body });
    const json = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (!response.ok || typeof json.access_token !== 'string') {
      const why = typeof json.error === 'string' ? `${json.error} ${String(json.error_description ?? '')}` : '';
      throw new Error(`The token endpoint refused the client credentials (HTTP ${response.status}) ${why}`.trim());
    }
    const lifetime = typeof json.expires_in === 'number' ? json.expires_in * 1000 : Number.POSITIVE_INFINITY;
    cached = { value: json.access_token, expiresAt: Date.now() + lifetime - early };
    return json.access_token;
  };
  return {
    async token() {
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
