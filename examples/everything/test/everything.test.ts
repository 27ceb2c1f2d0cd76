import type { McpApp } from '@decorum/core';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, describe, it } from 'vitest';
import { createEverythingApp } from '../src/server.js';
import { checkEverything, createSmokeClient } from '../src/smoke.js';

// The smoke checks, written once and run over each transport.
const apps: McpApp[] = [];
const transports: Record<string, () => Promise<Transport>> = {
  stdio: async () =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'src/server.ts', '--stdio'],
      cwd: new URL('..', import.meta.url).pathname,
    }),
  'streamable HTTP': async () => {
    const app = createEverythingApp();
    apps.push(app);
    const { url } = await app.listen({ http: { port: 0 } });
    return new StreamableHTTPClientTransport(new URL(String(url)));
  },
};

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe.each(Object.keys(transports))('examples/everything over %s with the official client', (name) => {
  it('serves what the conformance suite expects', async () => {
    const { client, logs } = createSmokeClient();
    await client.connect(await (transports[name] as () => Promise<Transport>)());
    try {
      await checkEverything(client, logs);
    } finally {
      await client.close();
    }
  });
});
