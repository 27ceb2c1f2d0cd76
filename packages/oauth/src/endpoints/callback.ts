import { isLoopbackRedirect } from '../clients/redirect-uri.js';
import { safeEqual, sha256 } from '../crypto/random.js';
import { PENDING_TTL, type PendingAuthorization, type ServerContext, txCookie } from '../server-context.js';
import { parseRecord } from '../store/oauth-store.js';
import { UpstreamError } from '../upstream/upstream-provider.js';
import { approve, deny } from './authorize.js';
import { errorPage, readCookie, redirect } from './http-helpers.js';

/** Loads a pending authorization and checks it belongs to this browser (the cookie set by `/authorize`). */
export async function pendingFor(
  ctx: ServerContext,
  request: Request,
  id: string,
): Promise<PendingAuthorization | undefined> {
  const pending = parseRecord<PendingAuthorization>(await ctx.store.get(`req:${id}`));
  const bound = readCookie(request, txCookie(id));
  if (pending === undefined || bound === undefined || !safeEqual(bound, pending.csrf)) return undefined;
  return pending;
}

/** The key remembering a user's consent to a client. */
export async function consentKey(subject: string, clientId: string): Promise<string> {
  return `consent:${await sha256(`${subject}\n${clientId}`)}`;
}

/**
 * `GET /callback`: the upstream provider sends the browser back. The upstream `state` is single-use and must
 * come back in the browser that started the login (its cookie); the code is exchanged with PKCE, the user's
 * upstream tokens go to the vault, and the user consents (or already did for these scopes).
 */
export async function callback(ctx: ServerContext, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const id = await ctx.store.take(`up:${params.get('state') ?? ''}`);
  const pending = id === undefined ? undefined : await pendingFor(ctx, request, id);
  if (id === undefined || pending === undefined) {
    return errorPage(
      400,
      'Sign-in expired',
      'This sign-in is unknown, already used, or was started in another browser.',
    );
  }
  if (params.get('error') !== null || params.get('code') === null) {
    await ctx.store.delete(`req:${id}`);
    return deny(ctx, pending, `the sign-in with ${ctx.upstream.displayName} was not completed`);
  }
  let subject: string;
  let name: string | undefined;
  try {
    const login = await ctx.upstream.exchange({
      code: params.get('code') as string,
      redirectUri: ctx.endpoints.callback,
      codeVerifier: pending.upstreamVerifier,
      nonce: pending.nonce,
    });
    subject = `${ctx.upstream.id}:${login.user.id}`;
    name = login.user.name ?? login.user.login ?? login.user.email;
    await ctx.vault.put(subject, login.tokens);
  } catch (error) {
    await ctx.store.delete(`req:${id}`);
    // UpstreamError messages are written to hold no token or body; anything else stays unnamed.
    const detail = error instanceof UpstreamError ? error.message : 'the sign-in could not be completed';
    ctx.warn(
      `sign-in with ${ctx.upstream.id} failed: ${error instanceof UpstreamError ? error.message : 'unexpected error'}`,
    );
    return errorPage(502, `Sign-in with ${ctx.upstream.displayName} failed`, detail);
  }
  pending.user = { subject, name };
  // A loopback redirect can be claimed by any program on the machine (MCP authorization, "Localhost Redirect URI
  // Risks"): such a client always gets the consent page and its warning, remembered or not.
  if (ctx.rememberConsent > 0 && !isLoopbackRedirect(new URL(pending.redirectUri))) {
    const remembered = parseRecord<string[]>(await ctx.store.get(await consentKey(subject, pending.clientId)));
    if (remembered !== undefined && pending.scopes.every((s) => remembered.includes(s))) {
      await ctx.store.delete(`req:${id}`);
      return approve(ctx, pending, id);
    }
  }
  await ctx.store.set(`req:${id}`, JSON.stringify(pending), PENDING_TTL);
  return redirect(`${ctx.endpoints.consent}?request=${encodeURIComponent(id)}`, 303);
}
