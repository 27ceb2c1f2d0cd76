// The entry point: serves the app over Streamable HTTP at http://HOST:PORT/mcp (with a health check
// at /health), or over stdio with `--stdio`. `node dist/server.js [--stdio]` runs it on its own;
// `npm run dev` runs this file with hot reload (decorum dev).
import { createApp } from './app.js';
import { httpOptions } from './http-options.js';

const app = createApp();
if (process.argv.includes('--stdio')) {
  // stdout carries protocol frames only: print anything else with console.error (stderr).
  await app.listen({ stdio: true });
} else {
  const { url } = await app.listen({ http: httpOptions(process.env) });
  console.error(`MCP endpoint: ${url}`); // stderr, like every log line of an MCP server
}
