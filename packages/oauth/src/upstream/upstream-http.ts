import type { UpstreamTokens } from './upstream-provider.js';
import { UpstreamError } from './upstream-provider.js';

/** Bounds of every call to an upstream provider. */
export interface UpstreamHttpOptions {
  /** The fetch to use (tests, proxies). Default: the global fetch. */
  fetch?: typeof fetch;
  /** Per-request deadline, in ms. Default 10 000. */
  timeoutMs?: number;
  /** Largest response body read, in bytes. Default 256 KiB. */
  maxBytes?: number;
}

/** Reads a JSON body of at most `maxBytes`; the error names the step, never the body. */
export async function readJsonBody(
  response: Response,
  maxBytes: number,
  step: string,
): Promise<Record<string, unknown>> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader !== undefined) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new UpstreamError(`${step}: the response is larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder().decode(concat(chunks, size));
  try {
    const value = JSON.parse(text) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: named below without the body, which may hold a token
  }
  throw new UpstreamError(`${step}: the response is not a JSON object (HTTP ${response.status})`);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** One bounded upstream request answering JSON. */
export async function upstreamJson(
  url: string | URL,
  init: RequestInit,
  options: UpstreamHttpOptions,
  step: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
    });
  } catch {
    throw new UpstreamError(`${step}: the provider could not be reached`);
  }
  return { status: response.status, body: await readJsonBody(response, options.maxBytes ?? 256 * 1024, step) };
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
