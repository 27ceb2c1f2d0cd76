// MCP Apps listings with the official clients, in both eras, over Streamable HTTP on port 0: a host
// that negotiated io.modelcontextprotocol/ui sees every tool with `_meta.ui` (it filters app-only
// tools itself, as the extension says), the view with its `_meta.ui`, and can read it as
// text/html;profile=mcp-app; a host without the extension gets the plain MCP view and text results.
// `_meta.ui` objects are checked against the ext-apps package's JSON Schema and zod schemas, and the
// whole results against the MCP schema of the negotiated revision.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { McpUiResourceMetaSchema, McpUiToolMetaSchema } from '@modelcontextprotocol/ext-apps';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpApp, UI_EXTENSION_ID, UI_MIME_TYPE } from '../../packages/core/src/index.js';
import { lastSent, newWire, responseTo, tap, type Wire } from '../modern/modern-support.js';
import { type SpecVersion, validateServerMessage } from '../support/spec-schema.js';
import { createDashboardApp, statsFor } from './fixtures/dashboard-app.js';

const HTML = '<!doctype html><html><body><main id="app">dashboard</main></body></html>';
const UI_CAPS = { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } } };

const require = createRequire(import.meta.url);
const extAppsSchema = JSON.parse(
  readFileSync(require.resolve('@modelcontextprotocol/ext-apps/schema.json'), 'utf8'),
) as { $id?: string; $defs: Record<string, unknown> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(extAppsSchema, 'ext-apps');

/** Errors of `value` against a definition of the ext-apps JSON Schema and its zod twin; [] when valid. */
function extAppsErrors(definition: 'McpUiToolMeta' | 'McpUiResourceMeta', value: unknown): string[] {
  const validate = ajv.getSchema(`ext-apps#/$defs/${definition}`);
  if (validate === undefined) throw new Error(`ext-apps schema has no ${definition}`);
  const errors = validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  const zod = definition === 'McpUiToolMeta' ? McpUiToolMetaSchema : McpUiResourceMetaSchema;
  const parsed = zod.safeParse(value);
  if (!parsed.success) errors.push(`zod: ${parsed.error.message}`);
  return errors;
}

function specErrors(version: SpecVersion, method: string, result: unknown): string[] {
  return validateServerMessage(version, { jsonrpc: '2.0', id: 1, result }, method);
}

let app: McpApp;
let url: URL;
beforeAll(async () => {
  app = createDashboardApp(() => HTML);
  url = (await app.listen({ http: { port: 0 } })).url as URL;
});
afterAll(() => app?.close());

async function legacyClient(capabilities: Record<string, unknown>): Promise<Client> {
  const client = new Client({ name: 'apps-host', version: '1.0.0' }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

describe('legacy era (SDK 1.x, 2025-11-25)', () => {
  it('a host with the extension sees the UI tools, the view and its _meta.ui, all valid', async () => {
    const client = await legacyClient(UI_CAPS);
    try {
      expect(client.getServerCapabilities()?.extensions).toEqual({ [UI_EXTENSION_ID]: {} });
      const tools = await client.listTools();
      expect(specErrors('2025-11-25', 'tools/list', tools)).toEqual([]);
      const byName = new Map(tools.tools.map((t) => [t.name, t]));
      expect([...byName.keys()].sort()).toEqual(['ping', 'refresh_stats', 'show_stats']);
      expect(byName.get('show_stats')?._meta).toEqual({
        ui: { resourceUri: 'ui://dashboard/app.html' },
        'ui/resourceUri': 'ui://dashboard/app.html',
      });
      expect(byName.get('refresh_stats')?._meta?.ui).toEqual({
        resourceUri: 'ui://dashboard/app.html',
        visibility: ['app'],
      });
      expect(byName.get('ping')?._meta).toBeUndefined();
      for (const tool of tools.tools.filter((t) => t._meta?.ui !== undefined)) {
        expect(extAppsErrors('McpUiToolMeta', tool._meta?.ui), tool.name).toEqual([]);
      }

      const resources = await client.listResources();
      expect(specErrors('2025-11-25', 'resources/list', resources)).toEqual([]);
      const view = resources.resources.find((r) => r.uri === 'ui://dashboard/app.html');
      const declared = {
        csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://*.cdn.example.com'] },
        permissions: { clipboardWrite: {} },
        prefersBorder: true,
      };
      expect(view).toMatchObject({ name: 'dashboard', title: 'City dashboard', mimeType: UI_MIME_TYPE });
      expect(view?._meta?.ui).toEqual(declared);
      expect(extAppsErrors('McpUiResourceMeta', view?._meta?.ui)).toEqual([]);

      const read = await client.readResource({ uri: 'ui://dashboard/app.html' });
      expect(specErrors('2025-11-25', 'resources/read', read)).toEqual([]);
      expect(read.contents).toEqual([
        { uri: 'ui://dashboard/app.html', mimeType: UI_MIME_TYPE, text: HTML, _meta: { ui: declared } },
      ]);
      expect(extAppsErrors('McpUiResourceMeta', read.contents[0]?._meta?.ui)).toEqual([]);

      // The view calls the app-only tool through the host: the server serves it.
      const refreshed = await client.callTool({ name: 'refresh_stats', arguments: { city: 'Oslo' } });
      expect(refreshed.isError).toBeFalsy();
      expect((refreshed.structuredContent as { city: string }).city).toBe('Oslo');
    } finally {
      await client.close();
    }
  });

  it('a host without the extension gets a plain server: no app-only tool, no _meta.ui, text results', async () => {
    const client = await legacyClient({});
    try {
      const tools = await client.listTools();
      expect(specErrors('2025-11-25', 'tools/list', tools)).toEqual([]);
      expect(tools.tools.map((t) => t.name).sort()).toEqual(['ping', 'show_stats']);
      for (const tool of tools.tools) expect(tool._meta, tool.name).toBeUndefined();
      const resources = await client.listResources();
      expect(resources.resources.filter((r) => r.uri.startsWith('ui://'))).toEqual([]);

      const shown = await client.callTool({ name: 'show_stats', arguments: { city: 'Oslo' } });
      expect(specErrors('2025-11-25', 'tools/call', shown)).toEqual([]);
      expect(shown.structuredContent).toEqual(statsFor('Oslo'));
      const text = (shown.content as { type: string; text: string }[])[0];
      expect(text?.type).toBe('text');
      expect(JSON.parse(text?.text ?? '')).toEqual(statsFor('Oslo'));

      await expect(client.callTool({ name: 'refresh_stats', arguments: { city: 'Oslo' } })).rejects.toThrow(
        /Unknown tool: refresh_stats/,
      );
    } finally {
      await client.close();
    }
  });
});

describe('legacy era on a stateless endpoint (no session remembers the capabilities)', () => {
  it('serves what the extension specifies: every tool with _meta.ui, the app-only one callable', async () => {
    const stateless = createDashboardApp(() => HTML);
    const endpoint = (await stateless.listen({ http: { port: 0, stateless: true } })).url as URL;
    const client = new Client({ name: 'apps-host', version: '1.0.0' }, { capabilities: UI_CAPS });
    try {
      await client.connect(new StreamableHTTPClientTransport(endpoint));
      expect(client.getServerCapabilities()?.extensions).toEqual({ [UI_EXTENSION_ID]: {} });
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name).sort()).toEqual(['ping', 'refresh_stats', 'show_stats']);
      expect(tools.tools.find((t) => t.name === 'show_stats')?._meta?.ui).toEqual({
        resourceUri: 'ui://dashboard/app.html',
      });
      const refreshed = await client.callTool({ name: 'refresh_stats', arguments: { city: 'Oslo' } });
      expect(refreshed.isError).toBeFalsy();
    } finally {
      await client.close();
      await stateless.close();
    }
  });
});

describe('modern era (client 2.x pinned to 2026-07-28)', () => {
  const wire: Wire = newWire();
  async function modernClient(capabilities: Record<string, unknown>): Promise<V2Client> {
    const client = new V2Client(
      { name: 'apps-host', version: '1.0.0' },
      { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(tap(new V2Transport(url), wire));
    return client;
  }
  /** The last response on the wire to `method` (the client strips resultType from what it returns). */
  function onWire(method: string, name?: string): unknown {
    return responseTo(wire, lastSent(wire, method, name).id);
  }

  it('server/discover advertises the extension; per-request capabilities decide what a request sees', async () => {
    const withUi = await modernClient(UI_CAPS);
    const plain = await modernClient({});
    try {
      expect(withUi.getServerCapabilities()?.extensions).toEqual({ [UI_EXTENSION_ID]: {} });
      expect(validateServerMessage('2026-07-28', onWire('server/discover'), 'server/discover')).toEqual([]);
      const uiTools = await withUi.listTools();
      expect(validateServerMessage('2026-07-28', onWire('tools/list'), 'tools/list')).toEqual([]);
      const refresh = uiTools.tools.find((t) => t.name === 'refresh_stats');
      expect(refresh?._meta?.ui).toEqual({ resourceUri: 'ui://dashboard/app.html', visibility: ['app'] });
      expect(extAppsErrors('McpUiToolMeta', refresh?._meta?.ui)).toEqual([]);
      const read = await withUi.readResource({ uri: 'ui://dashboard/app.html' });
      expect(validateServerMessage('2026-07-28', onWire('resources/read'), 'resources/read')).toEqual([]);
      expect(read.contents[0]).toMatchObject({ mimeType: UI_MIME_TYPE, text: HTML });
      expect(extAppsErrors('McpUiResourceMeta', read.contents[0]?._meta?.ui)).toEqual([]);

      const plainTools = await plain.listTools();
      expect(plainTools.tools.map((t) => t.name).sort()).toEqual(['ping', 'show_stats']);
      expect(plainTools.tools.every((t) => t._meta === undefined)).toBe(true);
      const shown = await plain.callTool({ name: 'show_stats', arguments: { city: 'Rome' } });
      expect(shown.structuredContent).toEqual(statsFor('Rome'));
      expect((shown.content as { text: string }[])[0]?.text).toContain('"visitors"');
    } finally {
      await withUi.close();
      await plain.close();
    }
  });
});
