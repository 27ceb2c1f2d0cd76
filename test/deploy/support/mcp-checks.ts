// What every deploy test asks of a built `full` template app, through both official clients: list
// the tools, call a DTO-validated tool (a bad argument gets class-validator's message — proof that the
// decorator metadata survived the build), read a resource template, get a prompt.
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';

/** The calls both clients make, in one shape. */
interface Calls {
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown }[] }>;
  callTool(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ isError?: boolean; content?: unknown; structuredContent?: unknown }>;
  readResource(uri: string): Promise<{ contents: { uri: string; text?: string }[] }>;
  getPrompt(name: string, args: Record<string, string>): Promise<{ messages: { role: string; content: unknown }[] }>;
  close(): Promise<void>;
}

/** The SDK v1 client (1.32.2): the 2025-era protocol, served by the legacy codec (stateless on Workers). */
export async function sdkV1(url: URL): Promise<Calls> {
  const client = new ClientV1({ name: 'deploy-v1', version: '1.0.0' });
  await client.connect(new HttpV1(url));
  return {
    listTools: () => client.listTools(),
    callTool: (name, args) => client.callTool({ name, arguments: args }) as never,
    readResource: (uri) => client.readResource({ uri }) as never,
    getPrompt: (name, args) => client.getPrompt({ name, arguments: args }),
    close: () => client.close(),
  };
}

/** The SDK v2 client (2.4.0), pinned to 2026-07-28: the modern era, stateless by design. */
export async function sdkV2(url: URL): Promise<Calls> {
  const client = new ClientV2(
    { name: 'deploy-v2', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new HttpV2(url));
  return {
    listTools: () => client.listTools() as never,
    callTool: (name, args) => client.callTool({ name, arguments: args }) as never,
    readResource: (uri) => client.readResource({ uri }) as never,
    getPrompt: (name, args) => client.getPrompt({ name, arguments: args }) as never,
    close: () => client.close(),
  };
}

/** The checks, against the `full` template's notes server. */
export async function checkNotesServer(calls: Calls): Promise<void> {
  try {
    const { tools } = await calls.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['add_note', 'search_notes']);
    expect(tools.find((tool) => tool.name === 'add_note')?.inputSchema).toMatchObject({
      properties: { title: { type: 'string', minLength: 1 } },
      required: expect.arrayContaining(['title', 'body']),
    });
    const bad = await calls.callTool('add_note', { title: 5 });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/title must be a string/);
    const added = await calls.callTool('add_note', {
      title: 'Deployed',
      body: 'Served from the runtime',
      tags: ['edge'],
    });
    expect(added.isError).toBeFalsy();
    const { uri } = added.structuredContent as { id: string; uri: string };
    expect(uri).toMatch(/^notes:\/\/note\//);
    // Within one instance the note is there to read through the template (a store keeps it across instances).
    const read = await calls.readResource(uri);
    expect(read.contents[0]?.text).toMatch(/^# Deployed\n\nServed from the runtime/);
    const id = uri.slice('notes://note/'.length);
    const prompt = await calls.getPrompt('summarize-note', { id, style: 'one sentence' });
    expect(JSON.stringify(prompt.messages[0]?.content)).toMatch(/Summarize the note \\"Deployed\\" as one sentence/);
  } finally {
    await calls.close();
  }
}
