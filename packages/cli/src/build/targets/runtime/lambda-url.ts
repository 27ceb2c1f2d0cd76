// Lambda function URL events (payload format 2.0, the same as API Gateway HTTP APIs) to Fetch requests,
// and Fetch responses to what a buffered Lambda returns. Web APIs only (atob/btoa, TextDecoder): this
// is bundled with the app, and the Lambda runtime is Node, but nothing here needs to be.

/** The parts of a function URL event the handler reads. */
export interface FunctionUrlEvent {
  readonly rawPath: string;
  readonly rawQueryString?: string;
  /** Lower-case names; repeated headers joined with commas. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** The Cookie header, split (function URLs take it out of `headers`). */
  readonly cookies?: readonly string[];
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
  readonly requestContext: { readonly domainName?: string; readonly http: { readonly method: string } };
}

/** A buffered function URL result. */
export interface FunctionUrlResult {
  statusCode: number;
  headers: Record<string, string>;
  /** Set-Cookie values (function URLs take them out of `headers`). */
  cookies?: string[];
  body: string;
  isBase64Encoded: boolean;
}

/**
 * Lambda's limit on a buffered response payload (6 MB). A larger body is not read further: the
 * handler answers 502 naming response streaming, instead of holding it all and failing later.
 */
export const BUFFERED_LIMIT_BYTES = 6 * 1024 * 1024;

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole body as arguments would overflow the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The Fetch request an event stands for, on the origin the client called.
 * @example
 * const request = eventRequest({ rawPath: '/mcp', headers: { host: 'x.lambda-url.eu-west-1.on.aws' }, requestContext: { http: { method: 'POST' } }, body: '{}' });
 */
export function eventRequest(event: FunctionUrlEvent): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  if (event.cookies !== undefined && event.cookies.length > 0) headers.set('cookie', event.cookies.join('; '));
  const host = headers.get('host') ?? event.requestContext.domainName ?? 'localhost';
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const method = event.requestContext.http.method.toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD' && event.body !== undefined;
  const body = hasBody ? (event.isBase64Encoded ? fromBase64(event.body as string) : event.body) : undefined;
  return new Request(`https://${host}${event.rawPath}${query}`, { method, headers, body });
}

/** The response's status and headers as Lambda takes them: Set-Cookie apart, as `cookies`. */
export function responseHead(response: Response): {
  statusCode: number;
  headers: Record<string, string>;
  cookies?: string[];
} {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  const cookies = response.headers.getSetCookie();
  return { statusCode: response.status, headers, ...(cookies.length > 0 && { cookies }) };
}

/** A text body travels as text, anything else in base64. */
function isText(contentType: string | null): boolean {
  return (
    contentType === null ||
    /^text\/|[/+](json|xml)\b|^application\/(javascript|x-www-form-urlencoded)/i.test(contentType)
  );
}

/** Reads the body, at most `limit` bytes; undefined when it is longer (the rest is not read). */
async function readBounded(response: Response, limit: number): Promise<Uint8Array | undefined> {
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
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
  return bytes;
}

/**
 * The buffered result for `response`: its whole body, up to {@link BUFFERED_LIMIT_BYTES} (a longer one
 * is a 502 that names response streaming).
 */
export async function bufferedResult(response: Response, limit = BUFFERED_LIMIT_BYTES): Promise<FunctionUrlResult> {
  const bytes = await readBounded(response, limit);
  if (bytes === undefined) {
    return {
      statusCode: 502,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `The response is larger than Lambda's ${limit} byte limit for buffered responses: serve it with response streaming (the function URL's InvokeMode RESPONSE_STREAM and the "handler" export).`,
      isBase64Encoded: false,
    };
  }
  const head = responseHead(response);
  if (isText(response.headers.get('content-type'))) {
    return { ...head, body: new TextDecoder().decode(bytes), isBase64Encoded: false };
  }
  return { ...head, body: toBase64(bytes), isBase64Encoded: true };
}
