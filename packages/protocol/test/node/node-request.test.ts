// How a Node request becomes a Web Request: through toNodeHandler over real HTTP, and the body stream alone.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadRequestError, requestLocation, requestPathname, toWebRequest } from '../../src/node/node-request.js';
import { type NodeHandlerOptions, toNodeHandler } from '../../src/node.js';
import { createTestHandler, type Echo, listenOnFreePort, sha256 } from './web-handlers.js';

let app: ReturnType<typeof createTestHandler>;
let errors: unknown[];
let origin: string;
let close: () => Promise<void>;

async function start(options: NodeHandlerOptions = { onError: (error) => errors.push(error) }) {
  ({ origin, close } = await listenOnFreePort(createServer(toNodeHandler(app.handle, options))));
}

beforeEach(async () => {
  app = createTestHandler();
  errors = [];
  await start();
});
afterEach(() => close());

/** Sends raw bytes over a fresh TCP connection and returns everything the server wrote until it closed. */
function rawRequest(...parts: Array<string | Buffer>): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    for (const part of parts) socket.write(part);
  });
}

/** The body of a raw HTTP/1.1 response, chunked transfer coding removed. */
function bodyOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  let rest = raw.slice(split + 4);
  if (!/^transfer-encoding: chunked$/im.test(raw.slice(0, split))) return rest;
  let body = '';
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, eol), 16);
    if (size === 0) return body;
    const chunk = Buffer.from(rest.slice(eol + 2), 'utf8')
      .subarray(0, size)
      .toString('utf8');
    body += chunk;
    rest = rest.slice(eol + 2 + chunk.length + 2);
  }
}

describe('toNodeHandler: the Request', () => {
  it('has an absolute URL, the method, the headers and the body', async () => {
    const response = await fetch(`${origin}/mcp?x=1&y=%20z`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'value', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe(`${origin}/mcp?x=1&y=%20z`);
    expect(echo.headers).toMatchObject({ 'content-type': 'application/json', 'x-custom': 'value' });
    expect(echo.headers.host).toBe(new URL(origin).host);
    expect(JSON.parse(echo.body)).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
  });

  it('streams a 1 MB body intact', async () => {
    const payload = randomBytes(1024 * 1024);
    const response = await fetch(`${origin}/upload`, { method: 'PUT', body: payload });
    const echo = (await response.json()) as Echo;
    expect(echo.bytes).toBe(payload.byteLength);
    expect(echo.sha256).toBe(sha256(payload));
  });

  it('delivers a UTF-8 body split inside a character', async () => {
    const text = 'héllo wörld — 日本語 🎉';
    const bytes = Buffer.from(text, 'utf8');
    const cut = bytes.indexOf(Buffer.from('🎉')) + 2; // in the middle of the emoji's four bytes
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, cut));
        controller.enqueue(bytes.subarray(cut));
        controller.close();
      },
    });
    const response = await fetch(`${origin}/`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body,
      duplex: 'half',
    } as RequestInit);
    const echo = (await response.json()) as Echo;
    expect(echo.body).toBe(text);
    expect(echo.bytes).toBe(bytes.byteLength);
  });

  it('reads a small body whole before the handler runs, split over several packets', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping', params: { pad: 'é'.repeat(40) } });
    const bytes = Buffer.from(body);
    const raw = await rawRequest(
      `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
      bytes.subarray(0, 11),
      bytes.subarray(11),
    );
    const echo = JSON.parse(bodyOf(raw)) as Echo;
    expect(echo.body).toBe(body);
    expect(echo.headers['content-length']).toBe(String(bytes.length));
  });

  it('does not call the handler, answer or log when the client leaves in the middle of a small body', async () => {
    const { port } = new URL(origin);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{"jsonrpc":', () =>
      socket.destroy(),
    );
    await closed;
    // The server is still serving, and nothing reached the handler or the error log.
    expect((await (await fetch(`${origin}/`)).json()) as Echo).toMatchObject({ method: 'GET' });
    expect(app.calls).toBe(1);
    expect(errors).toEqual([]);
  });

  it('takes the host from the Host header and joins repeated headers the HTTP way', async () => {
    const raw = await rawRequest(
      'GET /path?q=1 HTTP/1.1\r\nHost: mcp.example.test:8443\r\nX-Multi: 1\r\nX-Multi: 2\r\n' +
        'Cookie: a=1\r\nCookie: b=2\r\nConnection: close\r\n\r\n',
    );
    const echo = JSON.parse(bodyOf(raw)) as Echo;
    expect(echo.url).toBe('http://mcp.example.test:8443/path?q=1');
    expect(echo.headers['x-multi']).toBe('1, 2');
    expect(echo.headers.cookie).toBe('a=1; b=2');
  });

  it('falls back to the socket address without a Host header, and keeps "//x" a path', async () => {
    const raw = await rawRequest('GET //evil.example/p HTTP/1.0\r\n\r\n');
    const echo = JSON.parse(bodyOf(raw)) as Echo;
    expect(echo.url).toBe(`${origin}//evil.example/p`);
  });

  it('answers 400 to a Host header that would change the path, without calling the handler', async () => {
    const raw = await rawRequest('GET /mcp HTTP/1.1\r\nHost: evil.example/x?\r\nConnection: close\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(bodyOf(raw))).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(app.calls).toBe(0);
  });

  it('ignores X-Forwarded-* unless trustProxy is on', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example, inner.example' };
    const untrusted = (await (await fetch(`${origin}/a`, { headers })).json()) as Echo;
    expect(untrusted.url).toBe(`${origin}/a`);
    await close();
    await start({ trustProxy: true });
    const trusted = (await (await fetch(`${origin}/a`, { headers })).json()) as Echo;
    expect(trusted.url).toBe('https://public.example/a');
  });

  it('gives GET and HEAD requests no body, and sends no body for HEAD', async () => {
    const get = (await (await fetch(`${origin}/`)).json()) as Echo;
    expect(get).toMatchObject({ method: 'GET', hasBody: false, bytes: 0 });
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-echo')).toBe('yes');
    expect(await head.text()).toBe('');
  });

  it('drains a body the handler never read, so the keep-alive connection serves the next request', async () => {
    const big = Buffer.alloc(1024 * 1024, 'x');
    const raw = await rawRequest(
      `POST /?kind=cookies HTTP/1.1\r\nHost: h\r\nContent-Length: ${big.byteLength}\r\n\r\n`,
      big,
      'GET /?kind=echo HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    );
    expect(raw.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(raw).toContain('"url":"http://h/?kind=echo"');
  });
});

describe('toWebRequest: the request body stream', () => {
  /** A stand-in for an IncomingMessage whose body the test writes. */
  function incoming(contentLength: number) {
    const req = Object.assign(new PassThrough(), {
      method: 'POST',
      url: '/',
      headers: { host: 'h', 'content-length': String(contentLength) },
      httpVersionMajor: 1,
      socket: {},
    });
    const closeListeners: Array<() => void> = [];
    const request = toWebRequest(req as never, {
      signal: new AbortController().signal,
      onResponseClosed: (listener) => closeListeners.push(listener),
      trustProxy: false,
    });
    return {
      req,
      request,
      closeResponse: () => {
        for (const listener of closeListeners) listener();
      },
    };
  }

  it('stops reading the socket while the handler does not read', async () => {
    const { req, request } = incoming(1024 * 1024);
    const paused = new Promise((resolve) => req.once('pause', resolve));
    for (let i = 0; i < 64; i++) req.write(Buffer.alloc(16 * 1024)); // as a socket delivers it: in slices
    req.end();
    await paused;
    expect(req.readableLength + req.writableLength).toBeGreaterThan(512 * 1024); // the rest waits in Node
    const received = (await request.arrayBuffer()).byteLength;
    expect(received).toBe(1024 * 1024);
  });

  it('drains the unread rest once the response is over, so the connection can move on', async () => {
    const { req, closeResponse } = incoming(1024 * 1024);
    const paused = new Promise((resolve) => req.once('pause', resolve));
    for (let i = 0; i < 64; i++) req.write(Buffer.alloc(16 * 1024));
    req.end();
    await paused;
    closeResponse();
    await new Promise((resolve) => req.once('end', resolve));
  });
});

describe('requestPathname: the path the endpoint routes on', () => {
  const request = (url: string, host = '127.0.0.1:3000') => ({ url, headers: { host }, socket: {} }) as IncomingMessage;
  const targets = [
    '/mcp',
    '/mcp?x=1&y=/z',
    '/a/../mcp',
    '/x/./mcp',
    '/a%2Fb',
    '/a\\b',
    '/mcp.json',
    '//evil',
    '/é',
    "/a'b",
  ];

  it.each(targets)('gives %s the pathname the URL parser gives it', (target) => {
    expect(requestPathname(request(target), false)).toBe(requestLocation(request(target), false).pathname);
  });

  it('refuses what a URL would refuse: a Host that smuggles a path, a target that is not origin-form', () => {
    expect(() => requestPathname(request('/mcp', 'evil.example/x'), false)).toThrow(BadRequestError);
    expect(() => requestPathname(request('http://evil.example/mcp'), false)).toThrow(BadRequestError);
  });
});
