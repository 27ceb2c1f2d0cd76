// Serves any example of this folder over stdio, for a client or the MCP Inspector:
//   node --conditions=@decorum/source --import @decorum/cli/register docs/examples/serve.ts tool
import type { McpApp } from '@decorum/core';

if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  const name = process.argv[2] ?? 'tool';
  const example = (await import(`./${name}.js`)) as { createApp(): McpApp };
  await example.createApp().listen({ stdio: true });
}
