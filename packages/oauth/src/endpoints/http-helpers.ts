// Small Web-standard helpers shared by the endpoints: JSON and OAuth error answers, redirects, cookies, forms.

/** Answers that carry tokens or per-user state are never cached (RFC 6749 §5.1). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...NO_STORE, ...headers },
  });
}

/** An OAuth error answer (RFC 6749 §5.2); the description must hold no secret. */
export function oauthError(
  status: number,
  error: string,
  description?: string,
  headers?: Record<string, string>,
): Response {
  return json(status, { error, ...(description && { error_description: description }) }, headers);
}

/** A redirect; `Location` is built by the caller from a checked base. */
export function redirect(location: string, status = 302, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { Location: location, ...NO_STORE, ...headers } });
}

/** The client's redirect URI with `params` added as query parameters (encoded: a value cannot add one). */
export function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(key, value);
  return url.href;
}

/** A cookie's value from the request, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (header === null) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A `Set-Cookie` value: HttpOnly, SameSite=Lax (the upstream's redirect back is a top-level GET), Secure on https. */
export function cookie(name: string, value: string, path: string, secure: boolean, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** Largest form or JSON body read by the endpoints, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a small body as text, or undefined past `MAX_BODY_BYTES` (it stops reading there: memory stays bounded). */
export async function readSmallText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return undefined;
  const reader = request.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The form parameters of a POST (application/x-www-form-urlencoded), or an error answer. A parameter sent
 * twice is refused (RFC 6749 §3.1: "Request and response parameters MUST NOT be included more than once").
 */
export async function readForm(request: Request): Promise<Record<string, string> | Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type))
    return oauthError(400, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
  const text = await readSmallText(request);
  if (text === undefined) return oauthError(413, 'invalid_request', 'the body is too large');
  return singleParams(new URLSearchParams(text));
}

/** Parameters as a record, or an error answer when one repeats. */
export function singleParams(params: URLSearchParams): Record<string, string> | Response {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.hasOwn(out, key)) return oauthError(400, 'invalid_request', `the parameter "${key}" is repeated`);
    out[key] = value;
  }
  return out;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Headers of every page this server renders: no framing, no scripts, no referrer, no caching. */
export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  ...NO_STORE,
} as const;

/** A small error page for failures that must not redirect (unknown client, mismatched redirect URI…). */
export function errorPage(status: number, title: string, detail: string): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`;
  return new Response(body, { status, headers: PAGE_HEADERS });
}
