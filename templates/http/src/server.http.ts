// The entry point: serves the app over Streamable HTTP at http://HOST:PORT/mcp, with a health check
// at /health. `node dist/server.js` runs it on its own (and in the Docker image); `npm run dev` runs
// this file with hot reload (decorum dev).
import { appHost } from '@decorum/core';
import { createApp } from './app.js';
import { serveWithHealth } from './http-server.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const allowedHosts = process.env.ALLOWED_HOSTS?.split(',').map((name) => name.trim());
const app = createApp();

if (appHost() !== undefined) {
  // Under `decorum dev` or `decorum build`, the decorum command serves (or inspects) the app itself.
  await app.listen({ http: { port, host, path: '/mcp' } });
} else {
  const server = await serveWithHealth(app, { port, host, allowedHosts });
  console.error(`MCP endpoint: ${server.url}`); // stderr, like every log line of an MCP server
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
