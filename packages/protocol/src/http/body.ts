import { ErrorCode } from '../jsonrpc/errors.js';
import { errorResponse } from './responses.js';

/** The parsed body, or the error response to send instead. */
export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads a JSON request body without ever holding more than `maxBytes` of it: a declared length
 * over the limit is refused before reading, and a body that grows past it (chunked, or with a
 * wrong Content-Length) is cut off. Over the limit → 413; not UTF-8 or not JSON → 400 with -32700.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const tooLarge = (): BodyResult => ({
    ok: false,
    response: errorResponse(413, ErrorCode.InvalidRequest, `Request body exceeds the ${maxBytes}-byte limit`),
  });
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return tooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, response: errorResponse(400, ErrorCode.ParseError, `Parse error: ${detail}`) };
  }
}
