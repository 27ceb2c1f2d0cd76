// `npm run smoke -w examples/minimal`: drives the minimal server with the official client over stdio
// and over Streamable HTTP, and exits non-zero on any wrong answer.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createMinimalApp } from './server.js';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`smoke check failed: ${what}`);
}

/** Every answer the minimal server must give; shared with the vitest test. */
export async function checkMinimal(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  check(tools.length === 1 && tools[0]?.name === 'add', 'tools/list has exactly "add"');
  const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
  check(JSON.stringify(sum.content) === '[{"type":"text","text":"42"}]', 'add(2, 40) is 42');
  const bad = await client.callTool({ name: 'add', arguments: { a: 'two', b: 40 } });
  check(
    bad.isError === true && JSON.stringify(bad.content).includes('a must be a number'),
    'bad input is an isError result naming "a"',
  );
  const about = await client.readResource({ uri: 'minimal://about' });
  check(about.contents[0]?.mimeType === 'text/plain', 'minimal://about is text/plain');
  const prompt = await client.getPrompt({ name: 'explain', arguments: { topic: 'MCP' } });
  check(JSON.stringify(prompt.messages).includes('Explain MCP in two sentences.'), 'prompt explain fills its argument');
}

async function smoke(label: string, transport: Transport): Promise<void> {
  const client = new Client({ name: 'minimal-smoke', version: '0.1.0' });
  const started = performance.now();
  await client.connect(transport);
  try {
    await checkMinimal(client);
  } finally {
    await client.close();
  }
  console.log(`${label}: all checks passed in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  const server = new URL('./server.ts', import.meta.url).pathname;
  await smoke(
    'stdio',
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', server, '--stdio'],
      stderr: 'inherit',
    }),
  );
  const app = createMinimalApp();
  const { url } = await app.listen({ http: { port: 0 } });
  try {
    await smoke(`http ${url}`, new StreamableHTTPClientTransport(new URL(String(url))));
  } finally {
    await app.close();
  }
}
