import { isLoopbackRedirect } from '../clients/redirect-uri.js';
import { safeEqual } from '../crypto/random.js';
import type { PendingAuthorization, ServerContext } from '../server-context.js';
import { approve, deny } from './authorize.js';
import { consentKey, pendingFor } from './callback.js';
import type { ConsentBranding, ConsentView } from './consent-types.js';
import { errorPage, escapeHtml, PAGE_HEADERS, readBodyText, singleParams } from './http-helpers.js';

/** `GET /consent?request=…`: the page, for the browser that started the authorization. */
export async function consentPage(ctx: ServerContext, request: Request): Promise<Response> {
  const id = new URL(request.url).searchParams.get('request') ?? '';
  const pending = await pendingFor(ctx, request, id);
  if (pending?.user === undefined) return errorPage(400, 'Consent expired', 'Start the sign-in again from your app.');
  const view = viewOf(ctx, pending, id);
  const html = ctx.consent?.render ? ctx.consent.render(view) : defaultPage(view, ctx.consent);
  return new Response(html, { status: 200, headers: PAGE_HEADERS });
}

/**
 * `POST /consent`: the user's answer. The form's CSRF value must equal both the pending authorization's and
 * the browser's cookie; the pending authorization is taken (one answer only).
 */
export async function consentAnswer(ctx: ServerContext, request: Request): Promise<Response> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? ''))
    return errorPage(400, 'Invalid request', 'The consent form was not sent as a form.');
  const body = await readBodyText(request, ctx.maxBodyBytes);
  if ('refused' in body)
    return body.refused === 'too-large'
      ? errorPage(413, 'Invalid request', 'The form is too large.')
      : errorPage(400, 'Invalid request', 'Malformed form.');
  const form = singleParams(new URLSearchParams(body.text));
  if (form instanceof Response) return errorPage(400, 'Invalid request', 'Malformed form.');
  const id = form.request ?? '';
  const pending = await pendingFor(ctx, request, id);
  if (pending?.user === undefined || form.csrf === undefined || !safeEqual(form.csrf, pending.csrf)) {
    return errorPage(
      403,
      'Request refused',
      'The consent form is missing its CSRF token, expired, or came from elsewhere.',
    );
  }
  if ((await ctx.store.take(`req:${id}`)) === undefined) return errorPage(400, 'Consent expired', 'Already answered.');
  if (form.decision !== 'allow') return deny(ctx, pending, 'the user declined');
  if (ctx.rememberConsent > 0) {
    const key = await consentKey(pending.user.subject, pending.clientId);
    await ctx.store.set(key, JSON.stringify(pending.scopes), ctx.rememberConsent);
  }
  return approve(ctx, pending, id);
}

function viewOf(ctx: ServerContext, pending: PendingAuthorization, id: string): ConsentView {
  const redirect = new URL(pending.redirectUri);
  const formFieldsHtml =
    `<input type="hidden" name="request" value="${escapeHtml(id)}">` +
    `<input type="hidden" name="csrf" value="${escapeHtml(pending.csrf)}">` +
    '<button type="submit" name="decision" value="deny">Deny</button> ' +
    '<button type="submit" name="decision" value="allow" id="allow">Allow</button>';
  return {
    clientName: pending.clientName ?? pending.clientId,
    clientId: pending.clientId,
    redirectHost: redirect.host || redirect.protocol,
    localRedirect: isLoopbackRedirect(redirect),
    scopes: pending.scopes,
    userName: pending.user?.name,
    providerName: ctx.upstream.displayName,
    formFieldsHtml,
    action: ctx.endpoints.consent,
  };
}

function defaultPage(view: ConsentView, brand: ConsentBranding | undefined): string {
  const title = escapeHtml(brand?.title ?? 'Authorize access');
  const logo =
    brand?.logoUrl && /^(https:|data:image\/)/.test(brand.logoUrl)
      ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="48">`
      : '';
  const scopes =
    view.scopes.length === 0
      ? '<p>No particular permissions.</p>'
      : `<ul>${view.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('')}</ul>`;
  const local = view.localRedirect
    ? '<p class="warn">This app returns to a program on your own computer. Allow it only if you just started this sign-in yourself.</p>'
    : '';
  const who = view.userName ? ` as <strong>${escapeHtml(view.userName)}</strong>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
.warn{background:#fff4d6;padding:.5rem}button{font-size:1rem;padding:.5rem 1rem}${brand?.css ?? ''}</style></head>
<body>${logo}<h1>${title}</h1>
<p><strong>${escapeHtml(view.clientName)}</strong> wants to use this server on your behalf${who} (signed in with ${escapeHtml(view.providerName)}).</p>
<p>After you answer, you will be sent to <strong>${escapeHtml(view.redirectHost)}</strong>.</p>${local}
<p>It asks for:</p>${scopes}
<form method="post" action="${escapeHtml(view.action)}">${view.formFieldsHtml}</form></body></html>`;
}
