// Cloudflare Workers (workerd): an ES module whose default export has `fetch`. Requests share no
// memory (an isolate may serve one request or thousands, and several run at once), so the app is
// served stateless; no Node built-in is imported (no `nodejs_compat` flag needed). An app module that
// exports `createApp()` is built inside the first request: the global scope of a Worker may not set
// timers or draw random values, which some options (tasks) do when the app is made.
import type { BuildTarget } from './target.js';

/** `--target workers`. */
export const workersTarget: BuildTarget = {
  name: 'workers',
  summary: 'Cloudflare Workers (workerd): `export default { fetch }`, stateless',
  bundler: {
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser', 'import', 'default'],
    mainFields: ['module', 'main'],
  },
  builtins: [],
  stateless: true,
  outputs: (stem) => ({ bundle: `${stem}.workers.js` }),
  entrySource: ({ appModule, runtimeModule, captureModule }) =>
    [
      "import 'reflect-metadata';",
      `import ${JSON.stringify(captureModule)};`,
      `import * as appModule from ${JSON.stringify(appModule)};`,
      `import { fetchHandler } from ${JSON.stringify(runtimeModule)};`,
      // Built at the first request, not in the global scope, where Workers forbid timers, random values and
      // I/O; a startup error (a refused option) then fails every request with its message in the log.
      'let ready;',
      // The Worker's env reaches `createApp(env)` (bindings such as a Durable Object namespace); its context keeps
      // the request alive while tasks it started run.
      "const fetch = (request, env, ctx) => (ready ??= fetchHandler(appModule, { target: 'workers', stateless: true, env })).then((handler) => handler(request, ctx));",
      'export default { fetch };',
      // The module's other exports, so the Durable Object classes its bindings name (TaskStoreObject) are the Worker's.
      `export * from ${JSON.stringify(appModule)};`,
      '',
    ].join('\n'),
  notes: (built) => [
    `run it locally: npx wrangler dev ${built.bundle}  (main = "${built.bundle}" in wrangler.toml)`,
    'deploy: npx wrangler deploy; add your workers.dev or custom hostname to originPolicy.allowedHosts',
  ],
};
