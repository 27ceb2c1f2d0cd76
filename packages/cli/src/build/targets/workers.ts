// Cloudflare Workers (workerd): an ES module whose default export has `fetch`. Requests share no
// memory (an isolate may serve one request or thousands, and several run at once), so the app is
// served stateless; no Node built-in is imported (no `nodejs_compat` flag needed). An app module that
// exports `createApp(env)` is built inside the first request, with the Worker's env (its bindings): the
// global scope of a Worker may not set timers or draw random values, which some options (tasks) do when
// the app is made. The module's named exports are the Worker's (Durable Object classes among them).
import type { BuildTarget } from './target.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The app module's named exports, as the Worker's: the classes its bindings name (a Durable Object such as
 * TaskStoreObject) must be exports of the main module. Workers accept only functions (classes included) and
 * handler objects there, so any other value (a `providers` array, a constant) is exported as an empty handler.
 * The first pass learns the names through `export *`.
 */
function reexports(appModule: string, names: readonly string[] | undefined): string[] {
  if (names === undefined) return [`export * from ${JSON.stringify(appModule)};`];
  const usable = names.filter((name) => IDENTIFIER.test(name));
  if (usable.length === 0) return [];
  return [
    "const entrypoint = (value) => (typeof value === 'function' ? value : {});",
    ...usable.map((name, i) => `const appExport${i} = entrypoint(appModule[${JSON.stringify(name)}]);`),
    `export { ${usable.map((name, i) => `appExport${i} as ${name}`).join(', ')} };`,
  ];
}

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
  entrySource: ({ appModule, runtimeModule, captureModule, exportNames }) =>
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
      ...reexports(appModule, exportNames),
      '',
    ].join('\n'),
  notes: (built) => [
    `run it locally: npx wrangler dev ${built.bundle}  (main = "${built.bundle}" in wrangler.toml)`,
    'deploy: npx wrangler deploy; add your workers.dev or custom hostname to originPolicy.allowedHosts',
  ],
};
