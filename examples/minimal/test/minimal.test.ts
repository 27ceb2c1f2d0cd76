import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('examples/minimal over stdio with the official client', () => {
  const client = new Client({ name: 'example-check', version: '1.0.0' });
  beforeAll(async () => {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'src/server.ts'],
        cwd: new URL('..', import.meta.url).pathname,
      }),
    );
  });
  afterAll(() => client.close());

  it('serves its tool, resource and prompt', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['add']);
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).toMatchObject({
      content: [{ type: 'text', text: '42' }],
    });
    expect(await client.callTool({ name: 'add', arguments: { a: 'x', b: 1 } })).toMatchObject({ isError: true });
    expect((await client.readResource({ uri: 'minimal://about' })).contents[0]).toMatchObject({
      mimeType: 'text/plain',
    });
    expect((await client.getPrompt({ name: 'explain', arguments: { topic: 'x' } })).messages).toHaveLength(1);
  });
});
