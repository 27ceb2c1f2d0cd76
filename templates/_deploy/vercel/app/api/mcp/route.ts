// The MCP endpoint on Vercel (or any Next.js host): https://<your deployment>/api/mcp. `{{run}} build:vercel` first
// builds the server with `decorum build --target vercel` (decorator metadata included) into dist/server.vercel.js,
// then `next build` bundles it from here.
export { DELETE, GET, POST } from '../../../dist/server.vercel.js';

// Every request reaches the server: nothing is prerendered or cached, and it runs on Node.js.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
