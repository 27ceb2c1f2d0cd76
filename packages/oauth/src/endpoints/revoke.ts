import { decodeJwt } from 'jose';
import { peekRefreshToken, revokeFamily } from '../grants.js';
import type { ServerContext } from '../server-context.js';
import { authenticateClient } from './client-auth.js';
import { oauthError, readForm } from './http-helpers.js';

/** Checks a token we signed (any current key), without the audience: revocation needs only who it belongs to. */
export type OwnTokenCheck = (token: string) => Promise<Record<string, unknown> | undefined>;

/**
 * `POST /revoke` (RFC 7009): a refresh token or an access token of the calling client revokes its whole
 * family. Unknown tokens and other clients' tokens get the same 200, so the endpoint tells nothing.
 */
export async function revoke(ctx: ServerContext, request: Request, ownToken: OwnTokenCheck): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST', { Allow: 'POST' });
  const form = await readForm(request, ctx.maxBodyBytes);
  if (form instanceof Response) return form;
  const client = await authenticateClient(ctx, request, form);
  if (client instanceof Response) return client;
  const value = form.token;
  if (value === undefined) return oauthError(400, 'invalid_request', 'token is missing');
  const grant = await peekRefreshToken(ctx, value);
  if (grant !== undefined) {
    if (grant.clientId === client.client_id) await revokeFamily(ctx, grant.family);
  } else if (looksLikeJwt(value)) {
    const claims = await ownToken(value);
    if (claims?.client_id === client.client_id && typeof claims.fam === 'string') await revokeFamily(ctx, claims.fam);
  }
  return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
}

function looksLikeJwt(value: string): boolean {
  try {
    decodeJwt(value);
    return true;
  } catch {
    return false;
  }
}
