// #20 item 3: subscriptions/listen (2026-07-28) under the same authorization as resources/subscribe.
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode, McpError, ProtocolServer, StreamableHttpHandler } from '../../src/index.js';
import { type ServedHandler, serveOnFreePort } from '../node/web-handlers.js';
import { SseReader } from '../support/raw-http.js';

const VERSION = '2026-07-28';
const running: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((listener) => listener.close()));
});

async function serve() {
  const server = new ProtocolServer({ serverInfo: { name: 'notes', version: '1' } });
  const resources = [
    { uri: 'notes://public/1', name: 'public' },
    { uri: 'notes://secret/1', name: 'secret' },
  ];
  server.setResources({
    subscribe: true,
    list: () => resources,
    read: ({ uri }) => ({ contents: [{ uri, text: uri }] }),
    // what core derives from @Authorized: notes://secret/** needs the `secret` scope
    authorizeSubscribe: (uri, ctx) => {
      if (uri.startsWith('notes://secret/') && !ctx.authInfo?.scopes?.includes('secret')) {
        throw new McpError(ErrorCode.InvalidRequest, 'Forbidden');
      }
    },
  });
  const http = new StreamableHttpHandler(server, {
    authenticate: (request) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
      if (token === 'plain') return { token, subject: 'plain', scopes: [] };
      if (token === 'admin') return { token, subject: 'admin', scopes: ['secret'] };
      return undefined;
    },
  });
  const listener = await serveOnFreePort(http);
  running.push(listener);
  return { server, url: new URL('/mcp', listener.url) };
}

async function listen(url: URL, token: string, uris: string[]) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': VERSION,
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'subscriptions/listen',
      params: {
        notifications: { resourceSubscriptions: uris },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  expect(response.status).toBe(200);
  const reader = new SseReader(response);
  const next = async () => JSON.parse((await reader.next())?.data ?? 'null');
  return { reader, next };
}

describe('subscriptions/listen and authorization', () => {
  it('leaves URIs the caller may not read out of the acknowledgement, and out of prefix deliveries', async () => {
    const { server, url } = await serve();
    const plain = await listen(url, 'plain', ['notes://secret/1', 'notes://public/1', 'notes://']);
    const ack = await plain.next();
    expect(ack.method).toBe('notifications/subscriptions/acknowledged');
    expect(ack.params.notifications.resourceSubscriptions).toEqual(['notes://public/1', 'notes://']);
    const admin = await listen(url, 'admin', ['notes://']);
    expect((await admin.next()).params.notifications.resourceSubscriptions).toEqual(['notes://']);

    server.notifyResourceUpdated('notes://secret/1');
    server.notifyResourceUpdated('notes://public/1');
    // the secret update, sent first, reaches the admin only
    expect((await admin.next()).params.uri).toBe('notes://secret/1');
    expect((await admin.next()).params.uri).toBe('notes://public/1');
    const seen = await plain.next();
    expect(seen.method).toBe('notifications/resources/updated');
    expect(seen.params.uri).toBe('notes://public/1');
    await plain.reader.cancel();
    await admin.reader.cancel();
  });
});
