// Next.js serves the MCP endpoint as one route handler (app/api/mcp/route.ts). Its TypeScript settings live in
// tsconfig.next.json, so that `next build` leaves the server's tsconfig.json (NodeNext, decorators) alone.
/** @type {import('next').NextConfig} */
const config = {
  typescript: { tsconfigPath: 'tsconfig.next.json' },
  // @if template:full
  // The skills folder is read from disk at startup: deploy it with the route.
  outputFileTracingIncludes: { '/api/mcp': ['./skills/**/*'] },
  // @endif
};

export default config;
