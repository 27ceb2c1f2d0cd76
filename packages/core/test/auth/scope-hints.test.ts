// #20 item 13 through core: `app.scopesFor` gives a ResourceServer the @Authorized scopes of the primitive a
// request names, so a 401 asks for exactly what that call needs (least privilege), over real HTTP.
import 'reflect-metadata';
import { ResourceServer } from '@decorum/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Authorized, McpApp, Prompt, Resource, Tool } from '../../src/index.js';

@Authorized('notes:read')
class Notes {
  @Tool({ description: 'Lists notes' })
  list() {
    return 'notes';
  }

  @Authorized('notes:write')
  @Tool({ description: 'Removes a note' })
  remove() {
    return 'removed';
  }

  @Prompt({ name: 'summarise', description: 'Summarises the notes' })
  summarise() {
    return 'summarise';
  }

  @Resource('notes://all', { name: 'all-notes' })
  all() {
    return 'all';
  }
}

class Open {
  @Tool({ description: 'Needs nothing' })
  ping() {
    return 'pong';
  }
}

const apps: McpApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function serve(): Promise<URL> {
  const app = new McpApp({ name: 'notes', version: '1', providers: [Notes, Open] });
  apps.push(app);
  const { url } = await app.listen({
    http: {
      port: 0,
      auth: (resource) =>
        new ResourceServer({
          resource,
          authorizationServers: ['https://auth.example.com'],
          scopesSupported: ['notes:read', 'notes:write', 'notes:admin'],
          jwt: { jwksUrl: 'https://auth.example.com/jwks.json', issuer: 'https://auth.example.com' },
          scopesFor: app.scopesFor,
        }),
    },
  });
  return url as URL;
}

async function hint(url: URL, method: string, name: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      'mcp-name': name,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
  });
  expect(response.status).toBe(401);
  return response.headers.get('www-authenticate') ?? '';
}

describe('app.scopesFor as the 401 scope hint', () => {
  it('asks for the named primitive’s @Authorized scopes (class and method), never every supported scope', async () => {
    const url = await serve();
    expect(await hint(url, 'tools/call', 'remove')).toContain('scope="notes:read notes:write"');
    expect(await hint(url, 'tools/call', 'list')).toContain('scope="notes:read"');
    expect(await hint(url, 'prompts/get', 'summarise')).toContain('scope="notes:read"');
    expect(await hint(url, 'resources/read', 'notes://all')).toContain('scope="notes:read"');
    const open = await hint(url, 'tools/call', 'ping');
    expect(open).not.toContain('scope=');
    expect(await hint(url, 'tools/call', 'nope')).not.toContain('notes:admin');
  });
});
