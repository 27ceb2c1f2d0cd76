// The entry point: builds the app and serves it over Streamable HTTP at http://HOST:PORT/mcp.
// `node dist/server.js` runs it on its own; `npm run dev` runs this file with hot reload (decorum dev).
import { createApp } from './app.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
// ALLOWED_HOSTS (comma separated): the Host names clients use when they are not loopback names, as on a server
// or a platform (DNS-rebinding protection refuses the others).
const allowedHosts = (process.env.ALLOWED_HOSTS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
// handleSignals: SIGTERM/SIGINT end the sessions gracefully and let the process exit.
const { url } = await createApp().listen({
  http: {
    port,
    host,
    path: '/mcp',
    handleSignals: true,
    ...(allowedHosts.length > 0 && { originPolicy: { allowedHosts } }),
  },
});
// Built for another runtime (decorum build --target), the platform serves the app and prints its endpoint: no url here.
if (url !== undefined) console.error(`MCP endpoint: ${url}`);
