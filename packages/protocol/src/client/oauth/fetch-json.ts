// Metadata and token answers read with a size cap: an authorization server is not trusted with our memory.
import { readBoundedText } from '../bounded-fetch.js';

/** The most of an OAuth JSON answer the client reads (metadata, registration, tokens). */
export const MAX_OAUTH_JSON_BYTES = 256 * 1024;

/** A plain JSON object, or undefined when the body is not one or is larger than the cap (read by `readBounded`). */
export async function readJsonObject(response: Response): Promise<Record<string, unknown> | undefined> {
  if (!response.body) return undefined;
  try {
    const value: unknown = JSON.parse(await readBoundedText(response, MAX_OAUTH_JSON_BYTES, 'the OAuth answer'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** GETs a JSON document; undefined when unreachable, not 2xx, or not a JSON object. */
export async function getJson(doFetch: typeof fetch, url: URL): Promise<Record<string, unknown> | undefined> {
  const response = await doFetch(url, { headers: { accept: 'application/json' } }).catch(() => undefined);
  if (response === undefined) return undefined;
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  return readJsonObject(response);
}
