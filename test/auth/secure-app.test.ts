// A decorated app behind the OAuth resource server, end to end: a real JWKS on loopback, the
// official client with bearer tokens, lists that differ per token, and the 403 step-up of a call
// made without the scope (legacy and 2026-07-28 requests).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arg, Authorized, type Context, Ctx, McpApp, Tool } from '../../packages/core/src/index.js';
import { ResourceServer } from '../../packages/protocol/src/index.js';
import {
  type LocalAuthorizationServer,
  startAuthorizationServer,
} from '../../packages/protocol/test/auth/fixtures/local-authorization-server.js';

@Authorized('notes:read')
class Notes {
  @Tool({ description: 'Who is asking' })
  whoami(@Ctx() ctx: Context) {
    return `${ctx.auth?.subject} via ${ctx.auth?.clientId} with ${ctx.auth?.scopes?.join(' ')}`;
  }

  @Tool({ description: 'Deletes a note' })
  @Authorized('notes:write')
  remove(@Arg('id') id: string) {
    return `deleted ${id}`;
  }
}

let as: LocalAuthorizationServer;
let app: McpApp;
let url: URL;
const metadataUrl = () => new URL('/.well-known/oauth-protected-resource/mcp', url).href;

beforeAll(async () => {
  as = await startAuthorizationServer();
  app = new McpApp({ name: 'secure-notes', version: '1.0.0', providers: [Notes] });
  const served = await app.listen({
    http: {
      // The resource is the endpoint's own URL, known once the port is bound.
      auth: (endpoint) =>
        new ResourceServer({
          resource: endpoint.href,
          authorizationServers: [as.issuer],
          scopesSupported: ['notes:read'],
          jwt: { jwksUrl: as.jwksUrl, issuer: as.issuer },
        }),
    },
  });
  url = served.url as URL;
});
afterAll(async () => {
  await app?.close();
  await as?.close();
});

const token = (scope: string, sub = 'alice') => as.sign({ sub, client_id: 'notes-app', scope, aud: url.href });

async function connect(scope: string): Promise<Client> {
  const client = new Client({ name: 'sdk', version: '1.0.0' });
  const headers = { Authorization: `Bearer ${await token(scope)}` };
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

describe('a decorated app behind the resource server', () => {
  it('serves its metadata and answers 401 → discovery without a token', async () => {
    const metadata = await (await fetch(metadataUrl())).json();
    expect(metadata).toMatchObject({ resource: url.href, authorization_servers: [as.issuer] });
    const client = new Client({ name: 'sdk', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(url))).rejects.toMatchObject({ code: 401 });
  });

  it('shows each token only what it may use, and the principal reaches ctx.auth', async () => {
    const reader = await connect('notes:read');
    expect((await reader.listTools()).tools.map((t) => t.name)).toEqual(['whoami']);
    expect((await reader.callTool({ name: 'whoami' })).content).toEqual([
      { type: 'text', text: 'alice via notes-app with notes:read' },
    ]);
    const writer = await connect('notes:read notes:write');
    expect((await writer.listTools()).tools.map((t) => t.name)).toEqual(['remove', 'whoami']);
    expect((await writer.callTool({ name: 'remove', arguments: { id: '7' } })).content).toEqual([
      { type: 'text', text: 'deleted 7' },
    ]);
    const none = await connect('profile');
    expect((await none.listTools()).tools).toEqual([]);
    await Promise.all([reader.close(), writer.close(), none.close()]);
  });

  it('answers a call without the scope 403 insufficient_scope with every scope it needs (step-up)', async () => {
    const reader = await connect('notes:read');
    await expect(reader.callTool({ name: 'remove', arguments: { id: '7' } })).rejects.toMatchObject({ code: 403 });
    await reader.close();
    const modern = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await token('notes:read')}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'remove',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'remove',
          arguments: { id: '7' },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(modern.status).toBe(403);
    expect(modern.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="notes:read notes:write", resource_metadata="${metadataUrl()}"`,
    );
  });
});
