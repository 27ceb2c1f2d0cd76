// The handler mounted in the frameworks people already run: Express and Fastify through toNodeHandler,
// Hono directly (it is Web-standard). One suite, run against each mount.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toNodeHandler, type WebHandler } from '../../src/node.js';
import { createTestHandler, type Echo, listenOnFreePort, sseEvents } from './web-handlers.js';

interface Mounted {
  /** The server's origin; the handler is mounted at `${origin}/mcp`. */
  origin: string;
  close(): Promise<void>;
}

async function mountExpress(handle: WebHandler, { parseJson = false } = {}): Promise<Mounted> {
  const app = express();
  if (parseJson) app.use(express.json());
  app.all('/mcp', toNodeHandler(handle));
  return listenOnFreePort(createServer(app));
}

async function mountHono(handle: WebHandler): Promise<Mounted> {
  const app = new Hono();
  app.all('/mcp', (c) => handle(c.req.raw));
  // overrideGlobalObjects would swap the process-wide Request/Response for Hono's own, under the other
  // frameworks' tests too; a real app serving only Hono can leave the default.
  let server: ReturnType<typeof serve> | undefined;
  const { port } = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, resolve);
  });
  const http = server as Server;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

async function mountFastify(handle: WebHandler): Promise<Mounted> {
  const fastify = Fastify({ forceCloseConnections: true });
  const nodeHandler = toNodeHandler(handle);
  await fastify.register(async (scope) => {
    // Why a pass-through parser rather than the req.body fallback: Fastify parses JSON into `request.body`
    // but never sets it on `request.raw`, so the handler would see no body at all; and re-serializing would
    // parse every message twice and hand the handler other bytes than the client sent. A '*' parser that
    // reads nothing leaves the raw stream to the handler, and the encapsulated scope keeps Fastify's own
    // parsers for every other route.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/mcp', (request, reply) => {
      // From here on Fastify leaves the response alone: the adapter streams it (SSE included).
      reply.hijack();
      nodeHandler(request.raw, reply.raw);
    });
  });
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const { port } = fastify.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => fastify.close() };
}

const mounts: Array<[string, (handle: WebHandler) => Promise<Mounted>]> = [
  ['Express', (handle) => mountExpress(handle)],
  ['Express after express.json()', (handle) => mountExpress(handle, { parseJson: true })],
  ['Hono', mountHono],
  ['Fastify', mountFastify],
];

describe.each(mounts)('mounted in %s', (_name, mount) => {
  let app: ReturnType<typeof createTestHandler>;
  let server: Mounted;

  beforeEach(async () => {
    app = createTestHandler();
    server = await mount(app.handle);
  });
  afterEach(() => server.close());

  it('round-trips a JSON POST', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'héllo', arguments: { n: 1 } } };
    const response = await fetch(`${server.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(message),
    });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: `${server.origin}/mcp` });
    expect(JSON.parse(echo.body)).toEqual(message);
  });

  it('streams an SSE response event by event', async () => {
    const response = await fetch(`${server.origin}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = await app.nextStream();
    const events = sseEvents(response);
    expect(await events.next()).toBe('event: message\ndata: first');
    expect(stream.secondWritten).toBe(false);
    stream.release();
    expect(await events.next()).toBe('event: message\ndata: second');
    expect(await events.next()).toBeUndefined();
  });

  it('leaves other paths to the framework (404)', async () => {
    const response = await fetch(`${server.origin}/other`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    await response.body?.cancel();
    expect(app.calls).toBe(0);
  });
});

describe('body handling per mount', () => {
  const spaced = '{ "jsonrpc" : "2.0", "id" : 1, "method" : "ping" }';
  const post = (origin: string) =>
    fetch(`${origin}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: spaced });

  it('gets the exact bytes when nothing parsed the body first (Express, Fastify)', async () => {
    for (const mount of [mountExpress, mountFastify]) {
      const server = await mount(createTestHandler().handle);
      try {
        expect(((await (await post(server.origin)).json()) as Echo).body).toBe(spaced);
      } finally {
        await server.close();
      }
    }
  });

  it('re-serializes the body express.json() already consumed', async () => {
    const server = await mountExpress(createTestHandler().handle, { parseJson: true });
    try {
      const echo = (await (await post(server.origin)).json()) as Echo;
      expect(echo.body).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
      expect(echo.headers['content-length']).toBe(String(echo.bytes));
      expect(echo.headers['content-type']).toBe('application/json');
    } finally {
      await server.close();
    }
  });

  it('hands a rejected handler to Express error handling', async () => {
    const app = express();
    app.all('/mcp', toNodeHandler(createTestHandler().handle));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(502).json({ caught: error.message });
    });
    const server = await listenOnFreePort(createServer(app));
    try {
      const response = await fetch(`${server.origin}/mcp?kind=throw`, { method: 'POST', body: '{}' });
      expect([response.status, await response.json()]).toEqual([502, { caught: 'boom' }]);
    } finally {
      await server.close();
    }
  });
});
