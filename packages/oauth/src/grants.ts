import { SignJWT } from 'jose';
import { randomToken, sha256 } from './crypto/random.js';
import { SIGNING_ALG } from './crypto/signing-keys.js';
import { nowSeconds, type ServerContext } from './server-context.js';
import { parseRecord, readJson } from './store/oauth-store.js';

/** What a code or a refresh token stands for. */
export interface Grant {
  clientId: string;
  subject: string;
  scopes: string[];
  resource: string;
  /** The token family: every refresh token and access token descended from one authorization. */
  family: string;
}

/** An authorization code's record: the grant plus what the token request must repeat. */
export interface CodeRecord extends Grant {
  redirectUri: string;
  codeChallenge: string;
}

/** How long a code may be exchanged, in seconds (short: it travels in a URL). */
export const CODE_TTL = 60;
/** How long a used code is remembered, so a replay is recognised and revokes what the code gave. */
const USED_CODE_TTL = 600;

/** Issues a code for `record`. */
export async function issueCode(ctx: ServerContext, record: CodeRecord): Promise<string> {
  const code = randomToken();
  await ctx.store.set(`code:${await sha256(code)}`, JSON.stringify(record), CODE_TTL);
  return code;
}

/**
 * Redeems a code once. A second use finds it gone and the "used" mark: the family it started is revoked
 * (OAuth 2.1 §4.1.3: the code was probably stolen), and both parties get `invalid_grant`.
 */
export async function redeemCode(ctx: ServerContext, code: string): Promise<CodeRecord | undefined> {
  const digest = await sha256(code);
  const record = parseRecord<CodeRecord>(await ctx.store.take(`code:${digest}`));
  if (record === undefined) {
    const family = await ctx.store.get(`codeused:${digest}`);
    if (family !== undefined) await revokeFamily(ctx, family);
    return undefined;
  }
  await ctx.store.set(`codeused:${digest}`, record.family, USED_CODE_TTL);
  return record;
}

/** Uses a refresh token once (rotation); a reused one revokes its whole family (OAuth 2.1 §4.3.1). */
export async function redeemRefreshToken(ctx: ServerContext, token: string): Promise<Grant | undefined> {
  const digest = await sha256(token);
  const grant = parseRecord<Grant>(await ctx.store.take(`rt:${digest}`));
  if (grant === undefined) {
    const family = await ctx.store.get(`rtused:${digest}`);
    if (family !== undefined) await revokeFamily(ctx, family);
    return undefined;
  }
  await ctx.store.set(`rtused:${digest}`, grant.family, ctx.refreshTokenTtl);
  if (await isRevoked(ctx, grant.family)) return undefined;
  return grant;
}

/** Reads a refresh token's grant without using it (revocation). */
export async function peekRefreshToken(ctx: ServerContext, token: string): Promise<Grant | undefined> {
  return readJson<Grant>(ctx.store, `rt:${await sha256(token)}`);
}

/** Revokes a family: its refresh tokens stop working, and so do its access tokens here. */
export async function revokeFamily(ctx: ServerContext, family: string): Promise<void> {
  await ctx.store.set(`famrevoked:${family}`, '1', ctx.refreshTokenTtl);
}

/** Whether a family was revoked. */
export async function isRevoked(ctx: ServerContext, family: string): Promise<boolean> {
  return (await ctx.store.get(`famrevoked:${family}`)) !== undefined;
}

/** The token response of a grant: an RFC 9068 access token and a new refresh token of the same family. */
export async function issueTokens(ctx: ServerContext, grant: Grant): Promise<Record<string, unknown>> {
  const key = await ctx.keys.current();
  const now = nowSeconds(ctx);
  const scope = grant.scopes.join(' ');
  const accessToken = await new SignJWT({
    client_id: grant.clientId,
    ...(scope !== '' && { scope }),
    // Ties the token to its family, so revoking the family refuses it at this resource server.
    fam: grant.family,
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
    .setIssuer(ctx.issuer)
    .setSubject(grant.subject)
    .setAudience(grant.resource)
    .setIssuedAt(now)
    .setExpirationTime(now + ctx.accessTokenTtl)
    .setJti(randomToken(16))
    .sign(key.privateKey);
  const refreshToken = randomToken();
  await ctx.store.set(`rt:${await sha256(refreshToken)}`, JSON.stringify(grant), ctx.refreshTokenTtl);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ctx.accessTokenTtl,
    refresh_token: refreshToken,
    ...(scope !== '' && { scope }),
  };
}
