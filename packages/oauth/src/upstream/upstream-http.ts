// Every call to the upstream provider (discovery, JWKS, token, refresh, user info) goes through the outgoing trust
// boundary's one mechanism, @decorum/protocol/fetch: redirects only within the endpoint's origin (a token endpoint
// redirecting elsewhere never receives the client secret or the code), a bounded body, and one deadline over the
// headers and the body. Errors name the step and the failure, never a token, secret, URL query or body.
import { AnswerTooLargeError, fetchBounded, RedirectRefusedError, UpstreamTimeoutError } from '@decorum/protocol/fetch';
import type { UpstreamTokens } from './upstream-provider.js';
import { UpstreamError } from './upstream-provider.js';

/** Bounds of every call to an upstream provider. */
export interface UpstreamHttpOptions {
  /** The fetch to use (tests, proxies); also fetches the OIDC provider's JWKS. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Deadline of each request, the body read included, in ms. Default 10 000. */
  timeoutMs?: number;
  /** Largest response body read, in bytes (past it the connection is closed). Default 256 KiB. */
  maxBytes?: number;
}

/** Default deadline of one upstream request, in ms. */
export const UPSTREAM_TIMEOUT_MS = 10_000;
/** Default largest upstream answer, in bytes. */
export const UPSTREAM_MAX_BYTES = 256 * 1024;

/** The upstream error of a failed exchange: what failed, in words that quote nothing that was sent or received. */
export function upstreamFailure(step: string, error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (error instanceof AnswerTooLargeError)
    return new UpstreamError(
      `${step}: the answer is larger than ${error.limitBytes} bytes; it was not read further`,
      'answer-too-large',
    );
  if (error instanceof UpstreamTimeoutError) {
    const ms = (error.data as { timeout?: number } | undefined)?.timeout;
    return new UpstreamError(`${step}: no complete answer within ${ms} ms; the request was closed`, 'timed-out');
  }
  // A caller's own deadline (jose's AbortSignal.timeout around the JWKS fetch) that fired first.
  if (error instanceof Error && error.name === 'TimeoutError')
    return new UpstreamError(`${step}: no complete answer in time; the request was closed`, 'timed-out');
  // Its message names origins only (fetchSameOrigin never quotes a path or query).
  if (error instanceof RedirectRefusedError) return new UpstreamError(`${step}: ${error.message}`, 'redirect-refused');
  return new UpstreamError(`${step}: the provider could not be reached`, 'upstream-closed');
}

/** One bounded upstream request: status, headers and body bytes. */
export async function upstreamFetch(
  url: string | URL,
  init: RequestInit,
  options: UpstreamHttpOptions,
  step: string,
): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  try {
    return await fetchBounded(options.fetch ?? fetch, url, init, {
      maxBytes: options.maxBytes ?? UPSTREAM_MAX_BYTES,
      timeoutMs: options.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
      what: step,
    });
  } catch (error) {
    throw upstreamFailure(step, error);
  }
}

/** One bounded upstream request answering a JSON object; the error names the step, never the body. */
export async function upstreamJson(
  url: string | URL,
  init: RequestInit,
  options: UpstreamHttpOptions,
  step: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const { status, bytes } = await upstreamFetch(url, { ...init, headers }, options, step);
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return { status, body: value as Record<string, unknown> };
  } catch {
    // fall through: named below without the body, which may hold a token
  }
  throw new UpstreamError(`${step}: the response is not a JSON object (HTTP ${status})`);
}

/** Posts a token request (form-encoded, client credentials in the body or Basic) and reads the tokens. */
export async function tokenRequest(
  endpoint: string,
  form: Record<string, string>,
  client: { clientId: string; clientSecret?: string; auth?: 'client_secret_basic' | 'client_secret_post' },
  options: UpstreamHttpOptions,
  step: string,
): Promise<{ tokens: UpstreamTokens; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams(form);
  if (client.clientSecret !== undefined && client.auth === 'client_secret_basic') {
    const encode = (s: string) => encodeURIComponent(s);
    headers.authorization = `Basic ${btoa(`${encode(client.clientId)}:${encode(client.clientSecret)}`)}`;
  } else {
    body.set('client_id', client.clientId);
    if (client.clientSecret !== undefined) body.set('client_secret', client.clientSecret);
  }
  const { status, body: json } = await upstreamJson(endpoint, { method: 'POST', headers, body }, options, step);
  if (status !== 200 || typeof json.access_token !== 'string' || json.access_token === '') {
    // `error` is a code from a fixed vocabulary (RFC 6749 §5.2); the description is not repeated.
    const code = typeof json.error === 'string' && /^[a-z_]{1,64}$/.test(json.error) ? ` (${json.error})` : '';
    throw new UpstreamError(`${step}: the provider refused${code}, HTTP ${status}`);
  }
  const expiresIn = Number(json.expires_in);
  return {
    body: json,
    tokens: {
      accessToken: json.access_token,
      refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
      expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? Math.floor(Date.now() / 1000) + expiresIn : undefined,
      scope: typeof json.scope === 'string' ? json.scope : undefined,
      tokenType: typeof json.token_type === 'string' ? json.token_type : undefined,
    },
  };
}
