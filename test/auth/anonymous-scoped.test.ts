// docs/auth.md: under `allowAnonymous`, a request without credentials passes, but a call to an `@Authorized`
// primitive is refused as any caller without the scopes is: HTTP 403 insufficient_scope naming the scopes,
// so the client can sign in and retry. Lists leave the protected tool out for that caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arg, Authorized, McpApp, Tool } from '../../packages/core/src/index.js';
import { ResourceServer } from '../../packages/protocol/src/index.js';

class Notes {
  @Tool({ description: 'Reads the public board' })
  board() {
    return 'welcome';
  }

  @Tool({ description: 'Deletes a note' })
  @Authorized('notes:write')
  remove(@Arg('id') id: string) {
    return `deleted ${id}`;
  }
}

let app: McpApp;
let url: URL;
beforeAll(async () => {
  app = new McpApp({ name: 'open-notes', version: '1.0.0', providers: [Notes] });
  const listening = await app.listen({
    http: {
      port: 0,
      auth: (resource) =>
        new ResourceServer({
          resource,
          authorizationServers: ['https://auth.example.com'],
          allowAnonymous: true,
          apiKey: { keys: { 'nk-writer': { subject: 'ci', scopes: ['notes:write'] } } },
        }),
    },
  });
  url = listening.url as URL;
});
afterAll(() => app?.close());

async function post(body: object, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const call = (name: string, args: object) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args, _meta: meta },
});
const headersFor = (name: string) => ({ 'mcp-method': 'tools/call', 'mcp-name': name });

describe('allowAnonymous and @Authorized', () => {
  it('an anonymous call to a public tool is served', async () => {
    const response = await post(call('board', {}), headersFor('board'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('welcome');
  });

  it('an anonymous call to a scoped tool gets 403 insufficient_scope with the scopes it needs', async () => {
    const response = await post(call('remove', { id: '7' }), headersFor('remove'));
    expect(response.status).toBe(403);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/error="insufficient_scope"/);
    expect(challenge).toMatch(/scope="notes:write"/);
  });

  it('the same call with a key that carries the scope is served', async () => {
    const response = await post(call('remove', { id: '7' }), { ...headersFor('remove'), 'x-api-key': 'nk-writer' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('deleted 7');
  });
});
