// Small Web-standard helpers shared by the endpoints: JSON and OAuth error answers, redirects, cookies, forms.
import { AnswerTooLargeError, readBounded } from '@decorum/protocol/fetch';

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

/** Largest form or JSON body read by the endpoints by default, in bytes (the `maxBodyBytes` option). */
export const MAX_BODY_BYTES = 64 * 1024;

/** A request body, or why it was not read: `too-large` (reading stopped at the limit) or `unreadable`. */
export type BodyText = { text: string } | { refused: 'too-large' | 'unreadable' };

/**
 * Reads a request body as text with the client's bounded reader (`@decorum/protocol/fetch`): a declared length
 * over `limitBytes` is refused before reading, and a body that grows past it is cancelled there, so memory stays
 * bounded whatever the sender does. A body that breaks off or is not UTF-8 is `unreadable`.
 */
export async function readBodyText(request: Request, limitBytes = MAX_BODY_BYTES): Promise<BodyText> {
  let bytes: Uint8Array;
  try {
    bytes = await readBounded(request, limitBytes, 'the request body');
  } catch (error) {
    return { refused: error instanceof AnswerTooLargeError ? 'too-large' : 'unreadable' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { refused: 'unreadable' };
  }
}

/** The OAuth error answer of a refused body: 413 past the limit, 400 otherwise; `error` is the endpoint's code. */
export function bodyRefused(
  refused: 'too-large' | 'unreadable',
  limitBytes: number,
  error = 'invalid_request',
): Response {
  return refused === 'too-large'
    ? oauthError(413, error, `the body is larger than ${limitBytes} bytes`)
    : oauthError(400, error, 'the body could not be read (cut off, or not UTF-8)');
}

/**
 * The form parameters of a POST (application/x-www-form-urlencoded), or an error answer. A parameter sent
 * twice is refused (RFC 6749 §3.1: "Request and response parameters MUST NOT be included more than once").
 */
export async function readForm(
  request: Request,
  limitBytes = MAX_BODY_BYTES,
): Promise<Record<string, string> | Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type))
    return oauthError(400, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
  const body = await readBodyText(request, limitBytes);
  if ('refused' in body) return bodyRefused(body.refused, limitBytes);
  return singleParams(new URLSearchParams(body.text));
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
