// Vercel, or any Next.js host: a Next.js App Router route module whose GET, POST and DELETE serve the
// app's Fetch handler. The project's `app/api/mcp/route.ts` re-exports them, and `next build` bundles
// the built module like any other import; it runs on the Node.js runtime of route handlers. Serverless
// instances share no memory between requests, so the app is served stateless.
import type { BuildTarget } from './target.js';

/** `--target vercel`. */
export const vercelTarget: BuildTarget = {
  name: 'vercel',
  summary: 'Vercel / Next.js: GET, POST and DELETE for an App Router route (app/api/mcp/route.ts), stateless',
  bundler: {
    platform: 'node',
    target: 'node20',
    conditions: [],
    mainFields: ['module', 'main'],
    // Next.js bundles this module again, and reads `new URL('../skills', import.meta.url)` (a skills folder,
    // any file an app finds beside its code) as an asset import, failing the build on a folder. Through an
    // opaque alias the URL is computed at run time, as under Node: Next gives import.meta.url the module's
    // path in the deployment.
    define: { 'import.meta.url': '__decorumModuleUrl' },
    banner: 'const __decorumModuleUrl = globalThis.String(import.meta.url);',
  },
  builtins: 'all',
  stateless: true,
  outputs: (stem, extension) => ({ bundle: `${stem}.vercel${extension}` }),
  entrySource: ({ appModule, runtimeModule, captureModule }) =>
    [
      "import 'reflect-metadata';",
      `import ${JSON.stringify(captureModule)};`,
      `import * as appModule from ${JSON.stringify(appModule)};`,
      `import { fetchHandler, routeHandlers } from ${JSON.stringify(runtimeModule)};`,
      "const fetch = await fetchHandler(appModule, { target: 'vercel', stateless: true });",
      'export const { GET, POST, DELETE } = routeHandlers(fetch);',
      '',
    ].join('\n'),
  notes: (built) => [
    `serve it from Next.js: app/api/mcp/route.ts with  export { GET, POST, DELETE } from '<relative path to ${built.bundle}>';`,
    'then: next build && next start (locally), or vercel deploy; add the deployment hostname to originPolicy.allowedHosts',
  ],
};
