import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, it } from 'vitest';
import { createMinimalApp } from '../src/server.js';
import { checkMinimal } from '../src/smoke.js';

describe('examples/minimal with the official client', () => {
  it('passes the smoke checks over stdio', async () => {
    const client = new Client({ name: 'example-check', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'src/server.ts', '--stdio'],
        cwd: new URL('..', import.meta.url).pathname,
      }),
    );
    try {
      await checkMinimal(client);
    } finally {
      await client.close();
    }
  });

  it('passes the smoke checks over Streamable HTTP', async () => {
    const app = createMinimalApp();
    const { url } = await app.listen({ http: { port: 0 } });
    const client = new Client({ name: 'example-check', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(String(url))));
      await checkMinimal(client);
      await client.close();
    } finally {
      await app.close();
    }
  });
});
