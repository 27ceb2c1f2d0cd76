import { safeEqual } from '../crypto/random.js';
import { type Grant, issueTokens, redeemCode, redeemRefreshToken } from '../grants.js';
import type { ServerContext } from '../server-context.js';
import { s256, sameResource } from './authorize.js';
import { authenticateClient } from './client-auth.js';
import { json, oauthError, readForm } from './http-helpers.js';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** `POST /token`: the authorization code grant (PKCE S256) and the refresh token grant (rotating). */
export async function token(ctx: ServerContext, request: Request): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST', { Allow: 'POST' });
  const form = await readForm(request, ctx.maxBodyBytes);
  if (form instanceof Response) return form;
  const client = await authenticateClient(ctx, request, form);
  if (client instanceof Response) return client;
  if (form.resource !== undefined && !sameResource(form.resource, ctx.resource))
    return oauthError(400, 'invalid_target', 'this server issues tokens for its own resource only');
  switch (form.grant_type) {
    case 'authorization_code': {
      if (form.code === undefined) return oauthError(400, 'invalid_request', 'code is missing');
      if (form.code_verifier === undefined)
        return oauthError(400, 'invalid_request', 'code_verifier is missing (PKCE)');
      const code = await redeemCode(ctx, form.code);
      const bad = (why: string) => oauthError(400, 'invalid_grant', why);
      if (code === undefined) return bad('the code is invalid, expired or already used');
      if (code.clientId !== client.client_id) return bad('the code was issued to another client');
      if (form.redirect_uri !== code.redirectUri) return bad('redirect_uri differs from the authorization request');
      if (!VERIFIER.test(form.code_verifier) || !safeEqual(await s256(form.code_verifier), code.codeChallenge))
        return bad('the code_verifier does not match the code_challenge');
      return json(200, await issueTokens(ctx, grantOf(code)));
    }
    case 'refresh_token': {
      if (form.refresh_token === undefined) return oauthError(400, 'invalid_request', 'refresh_token is missing');
      const grant = await redeemRefreshToken(ctx, form.refresh_token);
      if (grant === undefined)
        return oauthError(400, 'invalid_grant', 'the refresh token is invalid, expired or revoked');
      if (grant.clientId !== client.client_id)
        return oauthError(400, 'invalid_grant', 'the refresh token was issued to another client');
      let scopes = grant.scopes;
      if (form.scope !== undefined) {
        const asked = form.scope.split(' ').filter((s) => s !== '');
        if (asked.some((s) => !grant.scopes.includes(s)))
          return oauthError(400, 'invalid_scope', 'a refresh may only narrow the scopes');
        scopes = asked;
      }
      return json(200, await issueTokens(ctx, { ...grantOf(grant), scopes }));
    }
    default:
      return oauthError(400, 'unsupported_grant_type', 'authorization_code and refresh_token are supported');
  }
}

const grantOf = (g: Grant): Grant => ({
  clientId: g.clientId,
  subject: g.subject,
  scopes: g.scopes,
  resource: g.resource,
  family: g.family,
});
