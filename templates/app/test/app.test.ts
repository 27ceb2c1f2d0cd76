import { createTestClient, ERAS } from '@decorum/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

// What a host that renders MCP Apps declares (io.modelcontextprotocol/ui with the HTML mime type).
const appsHost = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

// Each suite runs twice: against a legacy client (up to 2025-11-25) and a modern one (2026-07-28).
describe.each(ERAS)('{{serverName}} (%s era)', (era) => {
  it('greets with structured content for the view and text for everyone else', async () => {
    const client = await createTestClient(createApp(), { era });
    const result = await client.callTool('greet', { name: 'Ada' });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ name: 'Ada', greeting: 'Hello, Ada!' });
    expect(result.text).toContain('Hello, Ada!');
    await client.close();
  });

  it('links greet to its view for MCP Apps hosts, and lists the app-only shout for them only', async () => {
    const host = await createTestClient(createApp(), { era, capabilities: appsHost });
    const tools = await host.listTools();
    expect(tools.find((t) => t.name === 'greet')?._meta?.ui).toEqual({ resourceUri: 'ui://greeting/card.html' });
    expect(tools.find((t) => t.name === 'shout')?._meta?.ui).toMatchObject({ visibility: ['app'] });
    await host.close();

    const plain = await createTestClient(createApp(), { era });
    expect((await plain.listTools()).map((t) => t.name)).toEqual(['greet']);
    await plain.close();
  });
});
