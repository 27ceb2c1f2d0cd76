import { decodeHeaderValue } from '../engine/modern/http-headers.js';
import type { Authenticate } from '../http/options.js';
import type { AuthInfo } from '../transports/transport.js';
import { type ApiKeyOptions, lookupApiKey } from './api-key.js';
import { authChallengeResponse, type BearerChallenge, bearerChallenge } from './challenge.js';
import type { HttpAuth } from './http-auth.js';
import { JwtVerifier, type JwtVerifierOptions } from './jwt-verifier.js';
import { protectedResourceMetadata, WELL_KNOWN_PRM, wellKnownPaths } from './resource-metadata.js';
import { InvalidTokenError, type TokenVerifier } from './token-verifier.js';

/** Options of {@link ResourceServer}. */
export interface ResourceServerOptions {
  /** This server's canonical URI (RFC 8707), e.g. `https://mcp.example.com/mcp`: tokens must name it as audience. */
  resource: string | URL;
  /** The authorization servers whose tokens are accepted (their issuer URLs), for clients to discover. */
  authorizationServers: readonly string[];
  /** The scopes a client needs for basic use, advertised in the metadata. */
  scopesSupported?: readonly string[];
  /** Scopes every request needs (else 403); also the `scope` hint of a 401. Default: none. */
  requiredScopes?: readonly string[];
  /**
   * The scopes one primitive needs (what `@Authorized` asks for), or undefined when not known. A 401
   * to a request that names its primitive (2026-07-28: the `Mcp-Method` and `Mcp-Name` headers)
   * then hints those scopes besides `requiredScopes`, so a client asks the user for no more than the
   * call needs. Without either, a 401 carries no `scope` (clients fall back to the metadata's
   * `scopes_supported`).
   * @example scopesFor: ({ method, name }) => (method === 'tools/call' && name === 'remove' ? ['notes:write'] : undefined)
   */
  scopesFor?: (primitive: { method: string; name?: string }) => readonly string[] | undefined;
  /** Verify bearer tokens as JWTs; `audience` defaults to `resource`. */
  jwt?: Omit<JwtVerifierOptions, 'audience'> & { audience?: JwtVerifierOptions['audience'] };
  /** Verify bearer tokens another way (opaque tokens: {@link IntrospectionVerifier}). */
  verifyToken?: TokenVerifier;
  /** Accept API keys in a header. */
  apiKey?: ApiKeyOptions;
  /** Anything else: tried last, for requests that carry neither a bearer token nor an API key. */
  authenticate?: Authenticate;
  /** Let requests without credentials through (handlers see no `authInfo`). Default false. */
  allowAnonymous?: boolean;
  /** More RFC 9728 fields for the metadata document (`resource_name`, `resource_documentation`, …). */
  metadata?: Record<string, unknown>;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * An OAuth 2.1 resource server for the Streamable HTTP endpoint: serves Protected Resource
 * Metadata (RFC 9728), checks bearer tokens (JWT or introspection), API keys or your own scheme,
 * and answers refusals with the challenges MCP clients follow (401 → discovery, 403 → step-up).
 * @example
 * const auth = new ResourceServer({
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   scopesSupported: ['notes:read'],
 *   jwt: { jwksUrl: 'https://auth.example.com/jwks.json', issuer: 'https://auth.example.com' },
 * });
 * await app.listen({ http: { port: 3000, auth } });
 */
export class ResourceServer implements HttpAuth {
  /** Where the metadata document is served (path-suffixed form), as named in challenges. */
  readonly metadataUrl: string;
  private readonly resource: URL;
  private readonly document: string;
  private readonly paths: readonly string[];
  private readonly verifyToken?: TokenVerifier;

  constructor(private readonly options: ResourceServerOptions) {
    this.resource = new URL(options.resource);
    if (this.resource.hash !== '') throw new TypeError('ResourceServer: the resource URI may not have a fragment');
    if (options.authorizationServers.length === 0)
      throw new TypeError('ResourceServer: name at least one authorization server');
    if (options.jwt !== undefined && options.verifyToken !== undefined)
      throw new TypeError('ResourceServer: give jwt or verifyToken, not both');
    const resource = String(options.resource);
    this.verifyToken =
      options.verifyToken ??
      (options.jwt && new JwtVerifier({ audience: resource, ...options.jwt } as JwtVerifierOptions).verify);
    this.paths = wellKnownPaths(this.resource);
    this.metadataUrl = new URL(this.paths[0] as string, this.resource).href;
    this.document = JSON.stringify(
      protectedResourceMetadata({
        resource,
        authorizationServers: options.authorizationServers,
        scopesSupported: options.scopesSupported,
        extra: options.metadata,
      }),
    );
  }

  /** Checks a request's credentials (bound: it is the `authenticate` of the endpoint). */
  readonly authenticate = async (request: Request): Promise<AuthInfo | Response | undefined> => {
    const o = this.options;
    // Tokens in URLs end up in logs and referrers: refused outright (OAuth 2.1 §5.1.1).
    if (new URL(request.url).searchParams.has('access_token')) {
      return this.refuse({
        error: 'invalid_request',
        description: 'access tokens are not accepted in the query string',
      });
    }
    const authorization = request.headers.get('authorization');
    if (authorization !== null && /^bearer(?: |$)/i.test(authorization) && this.verifyToken !== undefined) {
      const token = BEARER.exec(authorization)?.[1];
      if (token === undefined) {
        return this.refuse({ error: 'invalid_request', description: 'malformed bearer token' }, request);
      }
      let principal: AuthInfo;
      try {
        principal = await this.verifyToken(token);
      } catch (error) {
        const description = error instanceof InvalidTokenError ? error.message : 'the token is invalid';
        return this.refuse({ error: 'invalid_token', description }, request);
      }
      return this.checkScopes(principal);
    }
    const keyHeader = o.apiKey?.header ?? 'x-api-key';
    const key = o.apiKey === undefined ? null : request.headers.get(keyHeader);
    if (o.apiKey !== undefined && key !== null) {
      const principal = await lookupApiKey(o.apiKey, key);
      return principal === undefined
        ? this.refuse({ error: 'invalid_token', description: 'unknown API key' }, request)
        : this.checkScopes(principal);
    }
    if (o.authenticate !== undefined) {
      const result = await o.authenticate(request);
      if (result !== undefined) return result instanceof Response ? result : this.checkScopes(result);
    }
    if (o.allowAnonymous) return undefined;
    return this.refuse({}, request);
  };

  /** The metadata document (RFC 9728) at both well-known paths; undefined for any other request. */
  serveMetadata(request: Request): Response | undefined {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(WELL_KNOWN_PRM) || !this.paths.includes(path)) return undefined;
    // Public and cacheable; browsers on other origins read it during discovery.
    const headers = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, OPTIONS',
      'Access-Control-Allow-Headers': 'mcp-protocol-version',
    };
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { ...headers, Allow: 'GET, HEAD, OPTIONS' } });
    }
    return new Response(request.method === 'HEAD' ? null : this.document, {
      status: 200,
      headers: { ...headers, 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' },
    });
  }

  /** The challenge of a 403 step-up: every scope the operation needs, and where the metadata is. */
  insufficientScope(scopes: readonly string[]): string {
    return bearerChallenge({ error: 'insufficient_scope', scopes, resourceMetadata: this.metadataUrl });
  }

  private checkScopes(principal: AuthInfo): AuthInfo | Response {
    const required = this.options.requiredScopes ?? [];
    const granted = new Set(principal.scopes ?? []);
    if (required.every((s) => granted.has(s))) return principal;
    return this.refuse({ error: 'insufficient_scope', scopes: required });
  }

  private refuse(challenge: BearerChallenge, request?: Request): Response {
    // Least privilege: a 401 asks for what this request needs, never every supported scope.
    const scopes = challenge.scopes ?? this.hintFor(request);
    return authChallengeResponse({ ...challenge, scopes, resourceMetadata: this.metadataUrl });
  }

  /** `requiredScopes`, plus those of the primitive the request names when it can be told. */
  private hintFor(request: Request | undefined): readonly string[] {
    const required = this.options.requiredScopes ?? [];
    const method = request?.headers.get('mcp-method');
    if (this.options.scopesFor === undefined || method === null || method === undefined) return required;
    const header = request?.headers.get('mcp-name');
    let name: string | undefined;
    try {
      name = header === null || header === undefined ? undefined : decodeHeaderValue(header, 'Mcp-Name');
    } catch {
      return required; // a malformed name names nothing
    }
    const needed = this.options.scopesFor({ method, name }) ?? [];
    return [...new Set([...required, ...needed])];
  }
}
