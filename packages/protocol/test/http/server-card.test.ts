// The Server Card (experimental, SEP-2127) over a real HTTP port: served beside the MCP endpoint with
// its media type, CORS, Cache-Control and a strong ETag (304 on If-None-Match), the AI Catalog pointing
// at it, both public while the endpoint itself asks for credentials, and consistent with server/discover.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolServer, SERVER_CARD_SCHEMA } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';

let server: ProtocolServer;
let serving: HttpServing;
beforeAll(async () => {
  server = new ProtocolServer({
    serverInfo: { name: 'weather', version: '1.4.0', title: 'Weather', description: 'Forecasts over MCP.' },
  });
  server.setTools({ list: () => [], call: () => ({ content: [] }) });
  serving = await serveHttp(server, {
    port: 0,
    path: '/api/mcp',
    serverCard: { name: 'io.github.ada/weather' },
    // The endpoint needs a bearer token; the card and the catalog do not.
    authenticate: (request) =>
      request.headers.get('authorization') === 'Bearer ok'
        ? { token: 'ok', subject: 'ada', scopes: [] }
        : new Response(null, { status: 401 }),
  });
});
afterAll(async () => {
  await serving.close();
  await server.close();
});

const at = (path: string) => new URL(path, serving.url).href;

describe('the server card', () => {
  it('is served at <endpoint>/server-card with its media type, CORS, Cache-Control and ETag', async () => {
    const response = await fetch(at('/api/mcp/server-card'), {
      headers: { accept: 'application/mcp-server-card+json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET');
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type, If-None-Match');
    expect(response.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const tag = response.headers.get('etag');
    expect(tag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await response.json()).toEqual({
      $schema: SERVER_CARD_SCHEMA,
      name: 'io.github.ada/weather',
      version: '1.4.0',
      description: 'Forecasts over MCP.',
      title: 'Weather',
      remotes: [
        {
          type: 'streamable-http',
          url: at('/api/mcp'),
          supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
        },
      ],
    });
    const again = await fetch(at('/api/mcp/server-card'), { headers: { 'if-none-match': tag as string } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
    expect(await again.text()).toBe('');
    const stale = await fetch(at('/api/mcp/server-card'), { headers: { 'if-none-match': '"0000000000000000"' } });
    expect(stale.status).toBe(200);
  });

  it('answers a CORS preflight and refuses other methods', async () => {
    const preflight = await fetch(at('/api/mcp/server-card'), {
      method: 'OPTIONS',
      headers: { origin: 'https://host.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const post = await fetch(at('/api/mcp/server-card'), { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it('is listed by the AI Catalog at /.well-known/ai-catalog.json', async () => {
    const response = await fetch(at('/.well-known/ai-catalog.json'));
    expect(response.headers.get('content-type')).toBe('application/ai-catalog+json');
    expect(await response.json()).toEqual({
      specVersion: '1.0',
      entries: [
        {
          identifier: 'urn:air:io.github.ada:mcp:weather',
          type: 'application/mcp-server-card+json',
          url: at('/api/mcp/server-card'),
        },
      ],
    });
  });

  it('agrees with server/discover: version, title, description and the revisions served', async () => {
    const card = (await (await fetch(at('/api/mcp/server-card'))).json()) as Record<string, any>;
    const discover = await fetch(at('/api/mcp'), {
      method: 'POST',
      headers: {
        authorization: 'Bearer ok',
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          },
        },
      }),
    });
    const result = ((await discover.json()) as { result: Record<string, any> }).result;
    const info = result._meta['io.modelcontextprotocol/serverInfo'];
    expect(card.version).toBe(info.version);
    expect(card.title).toBe(info.title);
    expect(card.description).toBe(info.description);
    expect(card.remotes[0].supportedProtocolVersions).toEqual(result.supportedVersions);
  });

  it('refuses a name that is not a registry name', async () => {
    await expect(serveHttp(server, { port: 0, serverCard: { name: 'weather' } })).rejects.toThrow(
      /reverse DNS with one slash/,
    );
  });
});
