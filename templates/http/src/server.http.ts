// The entry point: serves the app over Streamable HTTP at http://HOST:PORT/mcp, with a health check
// at /health. `node dist/server.js` runs it on its own (and in the Docker image); `npm run dev` runs
// this file with hot reload (decorum dev).
import { createApp } from './app.js';
import { httpOptions } from './http-options.js';

const { url } = await createApp().listen({ http: httpOptions(process.env) });
// stderr, like every log line of an MCP server. Built for another runtime (decorum build --target), the platform
// serves the app and prints its endpoint: no url here.
if (url !== undefined) console.error(`MCP endpoint: ${url}`);
