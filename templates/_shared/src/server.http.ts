// The entry point: builds the app and serves it over Streamable HTTP at http://HOST:PORT/mcp.
// `node dist/server.js` runs it on its own; `npm run dev` runs this file with hot reload (decorum dev).
import { createApp } from './app.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
// handleSignals: SIGTERM/SIGINT end the sessions gracefully and let the process exit.
const { url } = await createApp().listen({ http: { port, host, path: '/mcp', handleSignals: true } });
console.error(`MCP endpoint: ${url}`);
