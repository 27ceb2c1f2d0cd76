import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../src/node/listen.js';
import { type HttpListener, ListenError } from '../../src/node.js';
import { createTestHandler, type Echo, sseEvents } from './web-handlers.js';

const open: HttpListener[] = [];
async function listen(...args: Parameters<typeof startHttpServer>): Promise<HttpListener> {
  const listener = await startHttpServer(...args);
  open.push(listener);
  return listener;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((listener) => listener.close()));
});

/** Resolves with the error code of a fresh TCP connection attempt, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

// startHttpServer is the server serveHttp runs.
describe('startHttpServer', () => {
  it('binds 127.0.0.1 and a free port by default, and serves the handler there', async () => {
    const listener = await listen(createTestHandler().handle);
    const address = listener.server.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    expect(address.port).toBeGreaterThan(0);
    expect(listener.url.href).toBe(`http://127.0.0.1:${address.port}/`);
    const echo = (await (await fetch(new URL('/any?x=1', listener.url))).json()) as Echo;
    expect(echo.url).toBe(`http://127.0.0.1:${address.port}/any?x=1`);
  });

  it('answers `routes` on their exact paths (query aside) and every other path with the handler', async () => {
    const app = createTestHandler();
    const listener = await listen(app.handle, { routes: { '/live': () => new Response('route') } });
    const route = await fetch(new URL('/live?probe=1', listener.url));
    expect([route.status, await route.text()]).toEqual([200, 'route']);
    expect((await fetch(new URL('/live/more?kind=status', listener.url))).status).toBe(418);
    expect((await fetch(new URL('/mcp?kind=status', listener.url))).status).toBe(418);
    expect(app.calls).toBe(2);
  });

  it('close() stops accepting, waits for the in-flight request, then resolves', async () => {
    const app = createTestHandler();
    const listener = await listen(app.handle);
    const response = await fetch(listener.url, { headers: { accept: 'text/event-stream' } });
    const stream = await app.nextStream();
    const events = sseEvents(response);
    expect(await events.next()).toContain('data: first');

    let closed = false;
    const closing = listener.close().then(() => {
      closed = true;
    });
    expect(await tryConnect(Number(listener.url.port))).toBe('ECONNREFUSED');
    expect(closed).toBe(false);

    stream.release();
    expect(await events.next()).toContain('data: second');
    expect(await events.next()).toBeUndefined();
    await closing;
    expect(closed).toBe(true);
  });

  it('close() cuts requests still running after shutdownTimeoutMs, cancelling their streams', async () => {
    const app = createTestHandler();
    const listener = await listen(app.handle, { shutdownTimeoutMs: 50 });
    const response = await fetch(listener.url, { headers: { accept: 'text/event-stream' } });
    const stream = await app.nextStream();
    const events = sseEvents(response);
    expect(await events.next()).toContain('data: first');
    await listener.close();
    await Promise.all([stream.cancelled, stream.aborted]);
    await expect(events.next()).rejects.toThrow();
  });

  it('close() is idempotent', async () => {
    const listener = await listen(createTestHandler().handle);
    await Promise.all([listener.close(), listener.close()]);
    await listener.close();
    expect(listener.server.listening).toBe(false);
  });

  it('rejects with a clear ListenError when the port is taken', async () => {
    const first = await listen(createTestHandler().handle);
    const port = Number(first.url.port);
    const error = await startHttpServer(createTestHandler().handle, { port }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListenError);
    expect(error).toMatchObject({ code: 'EADDRINUSE', host: '127.0.0.1', port });
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    expect((error as Error).message).toContain(`port ${port} is already in use`);
  });

  it('rejects a route path that does not start with "/"', async () => {
    const routes = { live: () => new Response() };
    await expect(startHttpServer(createTestHandler().handle, { routes })).rejects.toThrow(/must start with "\/"/);
  });
});
