// MCP Apps for hosts on the revisions before 2025-06-18 (2024-11-05, 2025-03-26), over Streamable HTTP
// and stdio, with the official client 2.x offering only that revision. The extension is negotiated the
// same way in every revision, so a host that declares it gets what the extension promises: app-only
// tools marked with `_meta.ui.visibility` (so it can keep them from its model), `_meta.ui` naming each
// view, the view's `_meta.ui` and the `structuredContent` a view draws — all allowed by those revisions'
// schemas, which leave these objects open. A host without the extension still gets a plain server; so
// does a stateless request of such a revision, which carries no capabilities at all.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpApp, UI_EXTENSION_ID, UI_MIME_TYPE } from '../../packages/core/src/index.js';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';
import { type SpecVersion, validateServerMessage } from '../support/spec-schema.js';
import { createDashboardApp, statsFor } from './fixtures/dashboard-app.js';

const HTML = '<!doctype html><html><body><main id="app">dashboard</main></body></html>';
const UI_CAPS = { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } } };
const VERSIONS = ['2024-11-05', '2025-03-26'] as const satisfies readonly SpecVersion[];

let app: McpApp;
let url: URL;
beforeAll(async () => {
  app = createDashboardApp(() => HTML);
  url = (await app.listen({ http: { port: 0 } })).url as URL;
});
afterAll(() => app?.close());

type Connect = (client: Client) => Promise<void>;
const transports: Record<string, Connect> = {
  http: (client) => client.connect(new StreamableHTTPClientTransport(url)),
  stdio: (client) => {
    const { command, args, cwd } = tsCommand(`${REPO_ROOT}test/apps/fixtures/dashboard-stdio.ts`);
    return client.connect(new StdioClientTransport({ command, args, cwd, stderr: 'ignore' }));
  },
};

function specErrors(version: SpecVersion, method: string, result: unknown): string[] {
  return validateServerMessage(version, { jsonrpc: '2.0', id: 1, result }, method);
}

async function host(version: string, capabilities: object, connect: Connect): Promise<Client> {
  const client = new Client(
    { name: 'old-host', version: '1.0.0' },
    { capabilities, supportedProtocolVersions: [version] },
  );
  await connect(client);
  expect(client.getNegotiatedProtocolVersion()).toBe(version);
  return client;
}

describe.each(Object.keys(transports))('over %s', (transport) => {
  const connect = transports[transport] as Connect;
  describe.each(VERSIONS)('a host negotiating %s', (version) => {
    it('with the UI extension sees app-only tools marked, views named, the view and its data', async () => {
      const client = await host(version, UI_CAPS, connect);
      try {
        expect(client.getServerCapabilities()?.extensions).toEqual({ [UI_EXTENSION_ID]: {} });
        const tools = await client.listTools();
        expect(specErrors(version, 'tools/list', tools)).toEqual([]);
        const byName = new Map(tools.tools.map((t) => [t.name, t]));
        expect([...byName.keys()].sort()).toEqual(['ping', 'refresh_stats', 'show_stats']);
        expect(byName.get('refresh_stats')?._meta?.ui).toEqual({
          resourceUri: 'ui://dashboard/app.html',
          visibility: ['app'],
        });
        expect(byName.get('show_stats')?._meta?.ui).toEqual({ resourceUri: 'ui://dashboard/app.html' });
        expect(byName.get('ping')?._meta).toBeUndefined();

        const resources = await client.listResources();
        expect(resources.resources.find((r) => r.uri === 'ui://dashboard/app.html')?._meta?.ui).toMatchObject({
          prefersBorder: true,
        });
        const read = await client.readResource({ uri: 'ui://dashboard/app.html' });
        expect(specErrors(version, 'resources/read', read)).toEqual([]);
        expect(read.contents[0]).toMatchObject({ mimeType: UI_MIME_TYPE, text: HTML });
        expect(read.contents[0]?._meta?.ui).toMatchObject({ permissions: { clipboardWrite: {} } });

        const shown = await client.callTool({ name: 'show_stats', arguments: { city: 'Oslo' } });
        expect(specErrors(version, 'tools/call', shown)).toEqual([]);
        expect(shown.structuredContent).toEqual(statsFor('Oslo'));
      } finally {
        await client.close();
      }
    }, 60_000);

    it('without the extension gets a plain server: no app-only tool, no _meta, no view', async () => {
      const client = await host(version, {}, connect);
      try {
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name).sort()).toEqual(['ping', 'show_stats']);
        for (const tool of tools.tools) expect(tool._meta, tool.name).toBeUndefined();
        const resources = await client.listResources();
        expect(resources.resources.filter((r) => r.uri.startsWith('ui://'))).toEqual([]);
        const shown = await client.callTool({ name: 'show_stats', arguments: { city: 'Oslo' } });
        expect(shown.structuredContent).toBeUndefined();
        expect(JSON.parse((shown.content as { text: string }[])[0]?.text ?? '')).toEqual(statsFor('Oslo'));
      } finally {
        await client.close();
      }
    }, 60_000);
  });
});

describe('a stateless request of a revision before 2025-06-18 (no capabilities to read)', () => {
  it('is a plain client: no app-only tool it could not recognise', async () => {
    const stateless = createDashboardApp(() => HTML);
    const endpoint = (await stateless.listen({ http: { port: 0, stateless: true } })).url as URL;
    try {
      // 2025-03-26 has no protocol version header: a request without one is that revision.
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      const body = await response.text();
      const message = JSON.parse(body.startsWith('{') ? body : (body.match(/^data: (.*)$/m)?.[1] ?? '')) as {
        result: { tools: { name: string; _meta?: unknown }[] };
      };
      expect(message.result.tools.map((t) => t.name).sort()).toEqual(['ping', 'show_stats']);
      for (const tool of message.result.tools) expect(tool._meta).toBeUndefined();
    } finally {
      await stateless.close();
    }
  });
});
