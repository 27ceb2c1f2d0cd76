// The Lambda target's glue: function URL events (payload 2.0) to Fetch requests and back, a response
// streamed through awslambda.streamifyResponse as it is written (lambda-local's polyfill stands in for
// the runtime's), and the buffered form bounded by Lambda's 6 MB.
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type AwsLambdaGlobal, lambdaHandlers } from '../../../src/build/targets/runtime/lambda-handlers.js';
import { bufferedResult, eventRequest, type FunctionUrlEvent } from '../../../src/build/targets/runtime/lambda-url.js';

// lambda-local installs `awslambda` (streamifyResponse, HttpResponseStream) on globalThis as it loads.
const lambdaLocal = createRequire(import.meta.url)('lambda-local') as {
  execute(options: Record<string, unknown>): Promise<Record<string, unknown>>;
};
const awslambda = (globalThis as { awslambda?: AwsLambdaGlobal }).awslambda;

const event = (more: Partial<FunctionUrlEvent> = {}): FunctionUrlEvent => ({
  rawPath: '/mcp',
  rawQueryString: 'a=1&b=2',
  headers: { host: 'abc.lambda-url.eu-west-1.on.aws', 'content-type': 'application/json', 'x-many': 'one,two' },
  requestContext: { domainName: 'abc.lambda-url.eu-west-1.on.aws', http: { method: 'POST' } },
  body: '{"jsonrpc":"2.0"}',
  isBase64Encoded: false,
  ...more,
});

function run(
  handlers: ReturnType<typeof lambdaHandlers>,
  name: 'handler' | 'bufferedHandler',
  input: FunctionUrlEvent,
) {
  return lambdaLocal.execute({
    lambdaFunc: handlers,
    lambdaHandler: name,
    event: input,
    timeoutMs: 30_000,
    verboseLevel: 0,
  });
}

describe('eventRequest', () => {
  it('rebuilds the request the client sent: method, URL with query, headers, cookies, body', async () => {
    const request = eventRequest(event({ cookies: ['a=1', 'b=2'] }));
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://abc.lambda-url.eu-west-1.on.aws/mcp?a=1&b=2');
    expect(request.headers.get('x-many')).toBe('one,two');
    expect(request.headers.get('cookie')).toBe('a=1; b=2');
    expect(await request.text()).toBe('{"jsonrpc":"2.0"}');
  });

  it('decodes a base64 body byte for byte, and gives GET no body', async () => {
    const bytes = new Uint8Array([0, 255, 128, 10]);
    const binary = eventRequest(event({ body: Buffer.from(bytes).toString('base64'), isBase64Encoded: true }));
    expect(new Uint8Array(await binary.arrayBuffer())).toEqual(bytes);
    const get = eventRequest(event({ requestContext: { http: { method: 'GET' } }, body: 'ignored' }));
    expect(get.body).toBeNull();
  });
});

describe('bufferedResult', () => {
  it('keeps text as text, Set-Cookie apart, and other bodies in base64', async () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    const text = await bufferedResult(new Response('{"ok":true}', { status: 201, headers }));
    expect(text).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json' },
      cookies: ['a=1', 'b=2'],
      body: '{"ok":true}',
      isBase64Encoded: false,
    });
    const png = await bufferedResult(
      new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
    );
    expect(png).toMatchObject({ body: 'iVBORw==', isBase64Encoded: true });
  });

  it('stops reading past the limit and answers 502 naming response streaming', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const result = await bufferedResult(new Response(endless), 10 * 1024);
    expect(result.statusCode).toBe(502);
    expect(result.body).toMatch(/response streaming/);
    expect(pulled).toBeLessThan(20); // bounded: it did not go on reading
  });
});

describe('lambdaHandlers', () => {
  it('streams each chunk as the endpoint writes it (awslambda.streamifyResponse)', async () => {
    expect(awslambda?.streamifyResponse).toBeTypeOf('function');
    let push!: (text: string | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => (text === null ? controller.close() : controller.enqueue(new TextEncoder().encode(text)));
      },
    });
    let seen: Request | undefined;
    const handlers = lambdaHandlers(async (request) => {
      seen = request;
      push('event: message\ndata: 1\n\n');
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }, awslambda);
    const result = await run(handlers, 'handler', event());
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({ 'content-type': 'text/event-stream' });
    const stream = result.body as Readable;
    const chunks: string[] = [];
    // The first event arrives while the response is still open: the second is written only after it was read.
    const first = await new Promise<string>((resolve) =>
      stream.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    chunks.push(first);
    push('event: message\ndata: 2\n\n');
    push(null);
    for await (const chunk of stream) chunks.push(String(chunk));
    expect(chunks.join('')).toBe('event: message\ndata: 1\n\nevent: message\ndata: 2\n\n');
    expect(seen?.url).toBe('https://abc.lambda-url.eu-west-1.on.aws/mcp?a=1&b=2');
  });

  it('buffers where the runtime has no streaming, and always with bufferedHandler', async () => {
    const fetch = async () => Response.json({ ok: true });
    const plain = lambdaHandlers(fetch, undefined);
    expect(plain.handler).toBe(plain.bufferedHandler);
    const result = await run(lambdaHandlers(fetch, awslambda), 'bufferedHandler', event());
    expect(result).toMatchObject({ statusCode: 200, body: '{"ok":true}', isBase64Encoded: false });
  });
});
