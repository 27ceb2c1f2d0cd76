// docs/examples/composition.ts does what docs/composition.md says, driven by the official v1 client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { createLinkedTransports } from '../../packages/protocol/src/index.js';

type Example = {
  createApp(): McpApp;
  createNotesApp(): McpApp;
  createRemoteHub(notesUrl: string | URL): McpApp;
};
// By path at run time: the example belongs to the `docs` TypeScript project (a static import would pull it in here).
const EXAMPLE = '../../docs/examples/composition.ts';
const load = async () => (await import(/* @vite-ignore */ EXAMPLE)) as Example;

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c.close();
});

describe('docs/examples/composition.ts', () => {
  it('serves its own tool, the mounted notes transformed, and asks the user on behalf of the mount', async () => {
    const { createApp } = await load();
    const app = createApp();
    const client = new Client({ name: 'docs', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { ok: true } }));
    const [c, s] = createLinkedTransports();
    await app.connect(s);
    await client.connect(c as unknown as SdkTransport);
    closing.push(app, client);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['notes_share', 'now', 'remember']);
    const remember = tools.find((t) => t.name === 'remember');
    expect(remember?.description).toBe('Writes something down for later');
    expect(remember?.inputSchema.properties).toEqual({ text: { type: 'string', description: 'What to remember' } });
    expect(remember?.annotations).toEqual({ destructiveHint: false });

    expect((await client.callTool({ name: 'remember', arguments: { text: 'call Ada' } })).content).toEqual([
      { type: 'text', text: 'note 2 added' },
    ]);
    const listed = await client.readResource({ uri: 'notes://notes/list' });
    expect((listed.contents[0] as { text: string }).text).toBe('Buy milk\ncall Ada (by assistant)');
    expect(await client.callTool({ name: 'remember', arguments: { text: 'my password is 1234' } })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Not allowed: a guard refused tool "remember"' }],
    });
    await expect(client.callTool({ name: 'notes_purge', arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect((await client.callTool({ name: 'notes_share', arguments: { id: '1' } })).content).toEqual([
      { type: 'text', text: 'note 1 shared' },
    ]);
  });

  it('mounts a command (npx) and a URL', async () => {
    const { createNotesApp, createRemoteHub } = await load();
    const notes = createNotesApp();
    const { url } = await notes.listen({ http: { port: 0 } });
    closing.push(notes);
    const hub = createRemoteHub(url as URL);
    const served = await hub.listen({ http: { port: 0 } });
    closing.push(hub);
    const client = new Client({ name: 'docs', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(served.url as URL));
    closing.push(client);
    const { tools } = await client.listTools();
    // The notes mount needs the notes:use scope: an anonymous caller sees only server-everything's tools.
    expect(tools.every((t) => t.name.startsWith('ev_'))).toBe(true);
    const long = tools.find((t) => t.name === 'ev_trigger-long-running-operation');
    expect(long?.inputSchema.properties).toMatchObject({ duration: { default: 2 } });
    expect(Object.keys(long?.inputSchema.properties ?? {})).not.toContain('steps');
    expect((await client.callTool({ name: 'ev_echo', arguments: { message: 'hi' } })).content).toEqual([
      { type: 'text', text: 'Echo: hi' },
    ]);
  });
});
