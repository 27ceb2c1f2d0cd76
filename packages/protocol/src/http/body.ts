import { ErrorCode } from '../jsonrpc/errors.js';

/** The parsed body, or why it was refused: the HTTP status and the JSON-RPC error to answer with. */
export type BodyResult = { ok: true; value: unknown } | { ok: false; status: number; code: number; message: string };

const tooLarge = (maxBytes: number): BodyResult => ({
  ok: false,
  status: 413,
  code: ErrorCode.InvalidRequest,
  message: `Request body exceeds the ${maxBytes}-byte limit`,
});

/**
 * Reads a JSON request body without ever holding more than `maxBytes` of it: a declared length
 * over the limit is refused before reading, and a body that grows past it (chunked, or with a
 * wrong Content-Length) is cut off. Over the limit → 413; not UTF-8 or not JSON → 400 with -32700.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return tooLarge(maxBytes);
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
        return tooLarge(maxBytes);
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
  return parseJsonBytes(bytes, maxBytes);
}

// One decoder for every body: it is only ever used whole (never with `stream: true`), so it holds no state
// between calls, and making one per request cost more than decoding a small body.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The same checks as {@link readJsonBody}, on a body already in memory. */
export function parseJsonBytes(bytes: Uint8Array, maxBytes: number): BodyResult {
  if (bytes.byteLength > maxBytes) return tooLarge(maxBytes);
  try {
    const text = UTF8.decode(bytes);
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 400, code: ErrorCode.ParseError, message: `Parse error: ${detail}` };
  }
}
