// Metadata and token answers read with a size cap: an authorization server is not trusted with our memory.

/** The most of an OAuth JSON answer the client reads (metadata, registration, tokens). */
export const MAX_OAUTH_JSON_BYTES = 256 * 1024;

/** A plain JSON object, or undefined when the body is not one or is larger than the cap. */
export async function readJsonObject(response: Response): Promise<Record<string, unknown> | undefined> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_OAUTH_JSON_BYTES) {
      await reader.cancel().catch(() => undefined);
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
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
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
