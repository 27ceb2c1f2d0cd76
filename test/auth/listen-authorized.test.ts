// #20 item 3 end to end: subscriptions/listen (2026-07-28) honours @Authorized on resources and
// templates, as resources/subscribe does — over a real HTTP port, with the McpApp's own handler.
import 'reflect-metadata';
import { afterEach, describe, expect, it } from 'vitest';
import { Authorized, McpApp, Resource, ResourceTemplate } from '../../packages/core/src/index.js';
import { type HttpServing, serveHttp } from '../../packages/protocol/src/node.js';

class Notes {
  @Resource('notes://public/readme', { name: 'readme' })
  readme() {
    return 'public';
  }

  @Authorized('notes:secret')
  @Resource('notes://secret/plan', { name: 'plan' })
  plan() {
    return 'secret';
  }

  @Authorized('notes:secret')
  @ResourceTemplate('notes://vault/{id}', { name: 'vault' })
  vault() {
    return 'vaulted';
  }
}

const VERSION = '2026-07-28';
const running: HttpServing[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((serving) => serving.close()));
});

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
        _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    }),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<{ method: string; params: Record<string, any> }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data !== undefined && data.length > 6) return JSON.parse(data.slice(6));
        continue;
      }
      const { done, value } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { next, cancel: () => reader.cancel() };
}

class Vault {
  @Authorized('vault:read')
  @Resource('vault://keys', { name: 'keys' })
  keys() {
    return 'keys';
  }

  @Authorized('vault:read')
  @ResourceTemplate('vault://items/{id}', { name: 'item' })
  item() {
    return 'item';
  }

  @Resource('notes://public/readme', { name: 'readme' })
  readme() {
    return 'public';
  }
}

describe('subscriptions/listen and @Authorized (McpApp over HTTP)', () => {
  it('a prefix that covers only what the caller may not read is not acknowledged; one covering something readable is', async () => {
    const app = new McpApp({ name: 'vault', version: '1.0.0', providers: [Vault] });
    const serving = await serveHttp(app.server, {
      port: 0,
      authenticate: (request) => {
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
        if (token === 'plain') return { token, subject: 'plain', scopes: [] };
        if (token === 'keeper') return { token, subject: 'keeper', scopes: ['vault:read'] };
        return undefined;
      },
    });
    running.push(serving);
    const asked = ['vault:', 'vault://', 'vault://items/', 'notes:', 'elsewhere://'];
    const plain = await listen(serving.url, 'plain', asked);
    // What nothing serves yet (elsewhere://) may still be heard of; what only the vault serves may not.
    expect((await plain.next()).params.notifications.resourceSubscriptions).toEqual(['notes:', 'elsewhere://']);
    const keeper = await listen(serving.url, 'keeper', asked);
    expect((await keeper.next()).params.notifications.resourceSubscriptions).toEqual(asked);
    await plain.cancel();
    await keeper.cancel();

    // 2025-11-25: resources/subscribe to the same prefix is refused with the scopes to step up to.
    const subscribe = async (token: string) => {
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': '2025-11-25',
      };
      const post = (body: object, session?: string) =>
        fetch(serving.url, {
          method: 'POST',
          headers: { ...headers, ...(session ? { 'mcp-session-id': session } : {}) },
          body: JSON.stringify(body),
        });
      const init = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      });
      const session = init.headers.get('mcp-session-id') as string;
      await init.body?.cancel();
      await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).body?.cancel();
      return post({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'vault:' } }, session);
    };
    const refused = await subscribe('plain');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('vault:read');
    await refused.body?.cancel();
    const granted = await subscribe('keeper');
    expect(granted.status).toBe(200);
    await granted.body?.cancel();
  });

  it('a caller without the scope is not subscribed to protected resources or templates, and hears nothing of them', async () => {
    const app = new McpApp({ name: 'notes', version: '1.0.0', providers: [Notes] });
    const serving = await serveHttp(app.server, {
      port: 0,
      authenticate: (request) => {
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
        if (token === 'plain') return { token, subject: 'plain', scopes: [] };
        if (token === 'admin') return { token, subject: 'admin', scopes: ['notes:secret'] };
        return undefined;
      },
    });
    running.push(serving);
    const plain = await listen(serving.url, 'plain', [
      'notes://secret/plan',
      'notes://vault/1',
      'notes://public/readme',
      'notes://',
    ]);
    const ack = await plain.next();
    expect(ack.method).toBe('notifications/subscriptions/acknowledged');
    expect(ack.params.notifications.resourceSubscriptions).toEqual(['notes://public/readme', 'notes://']);
    const admin = await listen(serving.url, 'admin', ['notes://']);
    await admin.next();

    app.server.notifyResourceUpdated('notes://vault/7');
    app.server.notifyResourceUpdated('notes://secret/plan');
    app.server.notifyResourceUpdated('notes://public/readme');
    expect((await admin.next()).params.uri).toBe('notes://vault/7');
    expect((await admin.next()).params.uri).toBe('notes://secret/plan');
    expect((await admin.next()).params.uri).toBe('notes://public/readme');
    // by prefix, the caller without the scope learns only of what it may read
    const seen = await plain.next();
    expect(seen).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'notes://public/readme' } });
    await plain.cancel();
    await admin.cancel();
  });
});
