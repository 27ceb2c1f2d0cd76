import {
  type AuthInfo,
  type HttpAuth,
  InvalidTokenError,
  JwtVerifier,
  ResourceServer,
  type TokenVerifier,
} from '@decorum/protocol';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { ClientRegistry } from './clients/client-registry.js';
import type { DocumentFetcher } from './clients/metadata-document.js';
import { Sealer } from './crypto/sealer.js';
import { SIGNING_ALG, SigningKeys } from './crypto/signing-keys.js';
import { authorize } from './endpoints/authorize.js';
import { callback } from './endpoints/callback.js';
import { consentAnswer, consentPage } from './endpoints/consent-page.js';
import { errorPage, MAX_BODY_BYTES } from './endpoints/http-helpers.js';
import { metadataDocument, metadataPaths, publicJson } from './endpoints/metadata.js';
import { register } from './endpoints/register.js';
import { revoke } from './endpoints/revoke.js';
import { token } from './endpoints/token.js';
import { isRevoked } from './grants.js';
import type { OAuthServerOptions } from './options.js';
import type { ServerContext } from './server-context.js';
import { MemoryOAuthStore } from './store/oauth-store.js';
import { TokenVault } from './upstream/token-vault.js';
import { upstreamAccessor } from './upstream-access.js';

type Route = (request: Request) => Promise<Response>;

/**
 * Makes a Decorum app its own OAuth 2.1 authorization server in front of an upstream identity provider, and the
 * resource server of its MCP endpoint: pass it as the HTTP `auth` option. It serves both metadata documents,
 * `/oauth/authorize`, `/oauth/token`, `/oauth/register`, `/oauth/revoke`, `/oauth/jwks.json`, the consent page
 * and the upstream callback; it issues RFC 9068 access tokens for the MCP endpoint and keeps each user's upstream
 * tokens sealed in its vault, which tools reach with {@link upstreamToken}.
 * @example
 * await app.listen({ http: { port: 3000, auth: (endpoint) => new OAuthServer({
 *   issuer: endpoint.origin, resource: endpoint,
 *   upstream: github({ clientId: process.env.GITHUB_CLIENT_ID!, clientSecret: process.env.GITHUB_CLIENT_SECRET }),
 *   encryptionKeys: [process.env.OAUTH_ENCRYPTION_KEY!],
 * }) } });
 */
export class OAuthServer implements HttpAuth {
  /** The issuer, as it appears in tokens and metadata. */
  readonly issuer: string;
  /** The resource server of the MCP endpoint (RFC 9728 metadata, bearer checks). */
  readonly resourceServer: ResourceServer;
  /** Each user's upstream tokens. */
  readonly vault: TokenVault;
  private readonly ctx: ServerContext;
  private readonly routes = new Map<string, Route>();
  private readonly verifiers = new Map<string, JwtVerifier>();

  constructor(options: OAuthServerOptions) {
    const issuerUrl = new URL(options.issuer);
    if (issuerUrl.search !== '' || issuerUrl.hash !== '')
      throw new TypeError('OAuthServer: the issuer has no query or fragment');
    if (issuerUrl.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname))
      throw new TypeError('OAuthServer: the issuer must be https (http only on localhost)');
    this.issuer = issuerUrl.href.replace(/\/+$/, '');
    const resource = String(options.resource);
    const store = options.store ?? new MemoryOAuthStore(options.now);
    const sealer = new Sealer(options.encryptionKeys);
    const now = options.now ?? Date.now;
    const accessTokenTtl = options.accessTokenTtlSeconds ?? 300;
    const rotation = options.keyRotationSeconds ?? 86_400;
    if (rotation < accessTokenTtl * 2)
      throw new TypeError('OAuthServer: keyRotationSeconds must be at least twice the access-token lifetime');
    const prefix = `${issuerUrl.pathname.replace(/\/+$/, '')}${options.pathPrefix ?? '/oauth'}`;
    const at = (path: string) => new URL(`${prefix}${path}`, issuerUrl).href;
    const documents = options.clientIdMetadataDocuments ?? true;
    const dcr = options.dynamicRegistration ?? true;
    this.vault = new TokenVault({ store, sealer, provider: options.upstream, now });
    this.ctx = {
      issuer: this.issuer,
      resource,
      endpoints: {
        authorize: at('/authorize'),
        token: at('/token'),
        register: at('/register'),
        revoke: at('/revoke'),
        jwks: at('/jwks.json'),
        consent: at('/consent'),
        callback: at('/callback'),
      },
      cookiePath: prefix,
      secure: issuerUrl.protocol === 'https:',
      scopesSupported: options.scopesSupported ?? [],
      defaultScopes: options.defaultScopes ?? options.scopesSupported ?? [],
      accessTokenTtl,
      refreshTokenTtl: options.refreshTokenTtlSeconds ?? 30 * 86_400,
      rememberConsent: options.rememberConsentSeconds ?? 90 * 86_400,
      registration:
        dcr === false
          ? undefined
          : {
              maxPerMinute: (dcr === true ? undefined : dcr.maxPerMinute) ?? 20,
              ttlSeconds: (dcr === true ? undefined : dcr.ttlSeconds) ?? 90 * 86_400,
            },
      store,
      sealer,
      keys: new SigningKeys(store, sealer, rotation, now),
      clients: new ClientRegistry(
        store,
        options.clients ?? [],
        documents === false ? undefined : documents === true ? {} : documents,
        loadNodeFetcher,
      ),
      upstream: options.upstream,
      vault: this.vault,
      consent: options.consent,
      maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
      warn: (message) =>
        (options.logger ?? { warn: (m: string) => console.warn(m) }).warn(`[decorum/oauth] ${message}`),
      now,
    };
    this.resourceServer = new ResourceServer({
      resource,
      authorizationServers: [this.issuer],
      scopesSupported: options.scopesSupported,
      requiredScopes: options.requiredScopes,
      scopesFor: options.scopesFor,
      verifyToken: this.verifyAccessToken,
    });
    const document = () => metadataDocument(this.ctx);
    for (const path of metadataPaths(issuerUrl)) this.routes.set(path, async (r) => publicJson(document(), r));
    const e = this.ctx.endpoints;
    const route = (url: string, handler: Route) => this.routes.set(new URL(url).pathname, handler);
    route(e.jwks, async (r) => publicJson(await this.ctx.keys.jwks(), r));
    route(e.authorize, (r) => authorize(this.ctx, r));
    route(e.callback, (r) => callback(this.ctx, r));
    route(e.consent, (r) => (r.method === 'POST' ? consentAnswer(this.ctx, r) : consentPage(this.ctx, r)));
    route(
      e.token,
      withCors((r) => token(this.ctx, r)),
    );
    route(
      e.register,
      withCors((r) => register(this.ctx, r)),
    );
    route(
      e.revoke,
      withCors((r) => revoke(this.ctx, r, this.ownToken)),
    );
  }

  /** Checks an MCP request's bearer token; the caller's `extra.upstream` gives a tool the user's upstream token. */
  readonly authenticate = async (request: Request): Promise<AuthInfo | Response | undefined> => {
    const result = await this.resourceServer.authenticate(request);
    if (result === undefined || result instanceof Response || result.subject === undefined) return result;
    return { ...result, extra: { ...result.extra, upstream: upstreamAccessor(this.vault, result.subject) } };
  };

  /** Serves the authorization server's endpoints and both metadata documents; undefined for other paths. */
  serveMetadata(request: Request): Response | Promise<Response> | undefined {
    const resourceMetadata = this.resourceServer.serveMetadata(request);
    if (resourceMetadata !== undefined) return resourceMetadata;
    const handler = this.routes.get(new URL(request.url).pathname);
    if (handler === undefined) return undefined;
    // Whatever fails inside answers a page without details: no token or secret can reach it.
    return handler(request).catch((error: unknown) => {
      // The error's class only: a message could quote a value a collaborator was given.
      this.ctx.warn(`${new URL(request.url).pathname} failed: ${error instanceof Error ? error.name : typeof error}`);
      return errorPage(500, 'Server error', 'The request could not be completed.');
    });
  }

  /** The challenge of a 403 step-up. */
  insufficientScope(scopes: readonly string[]): string {
    return this.resourceServer.insufficientScope(scopes);
  }

  /** Verifies our own access tokens: signature (current keys), issuer, audience, `at+jwt`, and a live family. */
  private readonly verifyAccessToken: TokenVerifier = async (value) => {
    const jwks = await this.ctx.keys.jwks();
    const id = jwks.keys.map((k) => k.kid).join(',');
    let verifier = this.verifiers.get(id);
    if (verifier === undefined) {
      verifier = new JwtVerifier({
        keys: jwks,
        issuer: this.issuer,
        audience: this.ctx.resource,
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
      });
      this.verifiers.clear();
      this.verifiers.set(id, verifier);
    }
    const principal = await verifier.verify(value);
    const family = principal.claims?.fam;
    if (typeof family === 'string' && (await isRevoked(this.ctx, family)))
      throw new InvalidTokenError('the token was revoked');
    return principal;
  };

  /** Claims of a token this server signed (any audience), or undefined. */
  private readonly ownToken = async (value: string): Promise<Record<string, unknown> | undefined> => {
    const jwks = await this.ctx.keys.jwks();
    try {
      const { payload } = await jwtVerify(value, createLocalJWKSet(jwks), {
        issuer: this.issuer,
        algorithms: [SIGNING_ALG],
      });
      return payload as Record<string, unknown>;
    } catch {
      return undefined;
    }
  };
}

/** CORS for the endpoints browser-based clients call directly (no cookies are read there). */
function withCors(handler: Route): Route {
  const headers = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'authorization, content-type, mcp-protocol-version',
  };
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers });
    const response = await handler(request);
    for (const [key, value] of Object.entries(headers)) response.headers.set(key, value);
    return response;
  };
}

/** The Node fetcher of metadata documents, loaded only when a document is first fetched (the root entry stays runtime-neutral). */
async function loadNodeFetcher(): Promise<DocumentFetcher> {
  const { nodeDocumentFetcher } = await import('./node/document-fetcher.js');
  return nodeDocumentFetcher();
}
