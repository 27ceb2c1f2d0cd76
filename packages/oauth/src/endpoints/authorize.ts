import { ClientError, type ClientRecord } from '../clients/client-record.js';
import { matchRedirectUri } from '../clients/redirect-uri.js';
import { randomToken, sha256 } from '../crypto/random.js';
import { issueCode } from '../grants.js';
import { PENDING_TTL, type PendingAuthorization, type ServerContext, txCookie } from '../server-context.js';
import { UpstreamError } from '../upstream/upstream-provider.js';
import { cookie, errorPage, redirect, singleParams, withParams } from './http-helpers.js';

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** Longest `state` echoed back: enough for any client's own encoding, short enough to bound the URL. */
const MAX_STATE = 2048;

/** Normalises a resource URI for comparison (RFC 8707 allows a trailing-slash difference nowhere else). */
export const sameResource = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * `GET /authorize`. Nothing redirects until the client and its redirect URI are known and matched: an unknown
 * client or a mismatched `redirect_uri` gets an error page here (redirecting there would be an open redirect).
 * Past that, errors go back to the client with `state` and `iss`; a valid request starts the upstream login.
 */
export async function authorize(ctx: ServerContext, request: Request): Promise<Response> {
  if (request.method !== 'GET') return errorPage(405, 'Method not allowed', 'Use GET.');
  const params = singleParams(new URL(request.url).searchParams);
  if (params instanceof Response) return errorPage(400, 'Invalid request', 'A parameter is repeated.');
  const clientId = params.client_id ?? '';
  let client: ClientRecord;
  try {
    client = await ctx.clients.find(clientId);
  } catch (error) {
    const detail = error instanceof ClientError ? error.message : 'the client could not be loaded';
    return errorPage(400, 'Unknown client', detail);
  }
  const redirectUri = params.redirect_uri ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0] : undefined);
  if (redirectUri === undefined || !matchRedirectUri(redirectUri, client.redirect_uris)) {
    return errorPage(400, 'Invalid redirect URI', 'The redirect_uri is not one the client registered.');
  }
  const state = params.state !== undefined && params.state.length <= MAX_STATE ? params.state : undefined;
  const fail = (error: string, description: string) =>
    redirect(withParams(redirectUri, { error, error_description: description, state, iss: ctx.issuer }));
  if (params.state !== undefined && state === undefined) return fail('invalid_request', 'state is too long');
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'only response_type=code');
  if (params.code_challenge === undefined) return fail('invalid_request', 'PKCE is required: send code_challenge');
  if (params.code_challenge_method !== 'S256')
    return fail('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)');
  if (!PKCE_CHALLENGE.test(params.code_challenge)) return fail('invalid_request', 'code_challenge is malformed');
  const resource = params.resource ?? ctx.resource;
  if (!sameResource(resource, ctx.resource))
    return fail('invalid_target', 'this server issues tokens for its own resource only');
  const requested =
    params.scope === undefined ? [...ctx.defaultScopes] : params.scope.split(' ').filter((s) => s !== '');
  const unknown = requested.filter((s) => !ctx.scopesSupported.includes(s));
  if (unknown.length > 0) return fail('invalid_scope', `unknown scope: ${unknown.join(' ')}`.slice(0, 200));

  const id = randomToken(18);
  const upstreamState = randomToken();
  const pending: PendingAuthorization = {
    clientId: client.client_id,
    clientName: client.client_name,
    redirectUri,
    state,
    codeChallenge: params.code_challenge,
    scopes: [...new Set(requested)],
    resource: ctx.resource,
    csrf: randomToken(),
    upstreamVerifier: randomToken(48),
    nonce: randomToken(),
  };
  await ctx.store.set(`req:${id}`, JSON.stringify(pending), PENDING_TTL);
  await ctx.store.set(`up:${upstreamState}`, id, PENDING_TTL);
  let upstreamUrl: URL;
  try {
    upstreamUrl = await ctx.upstream.authorizationUrl({
      redirectUri: ctx.endpoints.callback,
      state: upstreamState,
      codeChallenge: await s256(pending.upstreamVerifier),
      nonce: pending.nonce,
      scopes: pending.scopes,
    });
  } catch (error) {
    ctx.warn(
      `${ctx.upstream.id}: no authorization URL (${error instanceof UpstreamError ? error.message : 'unexpected error'})`,
    );
    return fail('temporarily_unavailable', `${ctx.upstream.displayName} cannot be reached`);
  }
  return redirect(upstreamUrl.href, 302, {
    'Set-Cookie': cookie(txCookie(id), pending.csrf, ctx.cookiePath, ctx.secure, PENDING_TTL),
  });
}

/** The PKCE S256 challenge of a verifier. */
export const s256 = (verifier: string): Promise<string> => sha256(verifier);

/** Ends an approved authorization: a code to the client's redirect URI, with `state` and `iss` (RFC 9207). */
export async function approve(ctx: ServerContext, pending: PendingAuthorization, id: string): Promise<Response> {
  const user = pending.user as NonNullable<PendingAuthorization['user']>;
  const code = await issueCode(ctx, {
    clientId: pending.clientId,
    subject: user.subject,
    scopes: pending.scopes,
    resource: pending.resource,
    family: randomToken(16),
    redirectUri: pending.redirectUri,
    codeChallenge: pending.codeChallenge,
  });
  return redirect(withParams(pending.redirectUri, { code, state: pending.state, iss: ctx.issuer }), 302, {
    'Set-Cookie': cookie(txCookie(id), '', ctx.cookiePath, ctx.secure, 0),
  });
}

/** Ends a refused authorization: `access_denied` to the client. */
export function deny(ctx: ServerContext, pending: PendingAuthorization, description: string): Response {
  return redirect(
    withParams(pending.redirectUri, {
      error: 'access_denied',
      error_description: description,
      state: pending.state,
      iss: ctx.issuer,
    }),
  );
}
