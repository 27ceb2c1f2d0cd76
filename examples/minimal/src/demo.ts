// `npm run demo`: spawns the minimal server over stdio and drives it with the official MCP client,
// printing what a host application would see.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [
    '--conditions=@decorum/source',
    '--import',
    '@decorum/cli/register',
    new URL('./server.ts', import.meta.url).pathname,
    '--stdio',
  ],
});
const client = new Client({ name: 'decorum-demo', version: '0.1.0' });
const started = performance.now();
await client.connect(transport);
const info = client.getServerVersion();
console.log(
  `connected to ${info?.title ?? info?.name} ${info?.version} in ${Math.round(performance.now() - started)} ms`,
);

const { tools } = await client.listTools();
console.log(`tools: ${tools.map((t) => `${t.name} (${t.description})`).join(', ')}`);
const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
console.log(`add(2, 40) -> ${JSON.stringify(sum.content)}`);
const bad = await client.callTool({ name: 'add', arguments: { a: 'two', b: 40 } });
console.log(`add("two", 40) -> isError=${bad.isError} ${JSON.stringify(bad.content)}`);
const about = await client.readResource({ uri: 'minimal://about' });
console.log(`minimal://about -> ${JSON.stringify(about.contents[0])}`);
const prompt = await client.getPrompt({ name: 'explain', arguments: { topic: 'decorators' } });
console.log(`prompt explain -> ${JSON.stringify(prompt.messages)}`);
await client.close();
console.log('done');
