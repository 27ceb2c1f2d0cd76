import type { ClientAuthMethod, ClientRecord } from '../clients/client-record.js';
import { redirectUriProblem } from '../clients/redirect-uri.js';
import { randomToken, sha256 } from '../crypto/random.js';
import { nowSeconds, type ServerContext } from '../server-context.js';
import { bodyRefused, json, oauthError, readBodyText } from './http-helpers.js';

const METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_post', 'client_secret_basic'];

/**
 * `POST /register` (RFC 7591). Rate-limited per server (a fixed one-minute window shared by every instance
 * through the store): registration is unauthenticated, so it is also the cheapest way to fill the store.
 */
export async function register(ctx: ServerContext, request: Request): Promise<Response> {
  const settings = ctx.registration;
  if (settings === undefined) return oauthError(404, 'invalid_request', 'dynamic client registration is off');
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST', { Allow: 'POST' });
  const window = Math.floor(nowSeconds(ctx) / 60);
  if ((await ctx.store.increment(`dcr:${window}`, 120)) > settings.maxPerMinute)
    return oauthError(429, 'temporarily_unavailable', 'too many registrations; try again in a minute', {
      'Retry-After': '60',
    });
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
    return oauthError(400, 'invalid_client_metadata', 'the body must be application/json');
  const body = await readBodyText(request, ctx.maxBodyBytes);
  if ('refused' in body) return bodyRefused(body.refused, ctx.maxBodyBytes);
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(body.text) as Record<string, unknown>;
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) throw new TypeError();
  } catch {
    return oauthError(400, 'invalid_client_metadata', 'the body is not a JSON object');
  }
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 20 || !uris.every((u) => typeof u === 'string'))
    return oauthError(400, 'invalid_redirect_uri', 'redirect_uris must list 1 to 20 URIs');
  for (const uri of uris as string[]) {
    const problem = redirectUriProblem(uri);
    if (problem !== undefined) return oauthError(400, 'invalid_redirect_uri', `a redirect URI ${problem}`);
  }
  const method = (meta.token_endpoint_auth_method ?? 'client_secret_basic') as ClientAuthMethod;
  if (!METHODS.includes(method))
    return oauthError(
      400,
      'invalid_client_metadata',
      `token_endpoint_auth_method must be one of ${METHODS.join(', ')}`,
    );
  const grants = (meta.grant_types ?? ['authorization_code']) as unknown[];
  if (!Array.isArray(grants) || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
    return oauthError(400, 'invalid_client_metadata', 'grant_types may be authorization_code and refresh_token');
  const responses = (meta.response_types ?? ['code']) as unknown[];
  if (!Array.isArray(responses) || responses.some((r) => r !== 'code'))
    return oauthError(400, 'invalid_client_metadata', 'response_types may only be code');
  const text200 = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : undefined);
  const clientId = randomToken(16);
  const secret = method === 'none' ? undefined : randomToken();
  const record: ClientRecord = {
    client_id: clientId,
    client_name: text200(meta.client_name, 200),
    client_uri: text200(meta.client_uri, 2000),
    logo_uri: text200(meta.logo_uri, 2000),
    redirect_uris: uris as string[],
    token_endpoint_auth_method: method,
    client_secret_hash: secret === undefined ? undefined : await sha256(secret),
    scope: text200(meta.scope, 2000),
    source: 'dynamic',
  };
  await ctx.store.set(`client:${clientId}`, JSON.stringify(record), settings.ttlSeconds);
  const { client_secret_hash: _hash, source: _source, ...published } = record;
  return json(201, {
    ...published,
    client_id_issued_at: nowSeconds(ctx),
    ...(secret !== undefined && { client_secret: secret, client_secret_expires_at: 0 }),
    grant_types: grants,
    response_types: ['code'],
  });
}
