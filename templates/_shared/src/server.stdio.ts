// The entry point: builds the app and serves it over stdio. MCP clients launch `node dist/server.js`;
// `npm run dev` runs this file from the TypeScript sources with hot reload (decorum dev).
import { createApp } from './app.js';

// stdout carries protocol frames only: print anything else with console.error (stderr).
await createApp().listen({ stdio: true });
