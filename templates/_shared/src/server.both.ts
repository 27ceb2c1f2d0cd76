// The entry point: builds the app and serves it over stdio, or over Streamable HTTP with `--http`
// (http://HOST:PORT/mcp). `node dist/server.js [--http]` runs it on its own; `npm run dev` runs this
// file with hot reload (decorum dev).
import { createApp } from './app.js';

const app = createApp();
if (process.argv.includes('--http')) {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  // handleSignals: SIGTERM/SIGINT end the sessions gracefully and let the process exit.
  const { url } = await app.listen({ http: { port, host, path: '/mcp', handleSignals: true } });
  console.error(`MCP endpoint: ${url}`);
} else {
  // stdout carries protocol frames only: print anything else with console.error (stderr).
  await app.listen({ stdio: true });
}
