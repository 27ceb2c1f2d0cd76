// Bun 1.x: an ES module that calls `Bun.serve` with the app's Fetch handler. One process serves every
// request, so sessions, subscriptions and tasks work as under Node. Bun implements the `node:`
// built-ins, and packages with a `bun` export condition get their Bun build.
import type { BuildTarget } from './target.js';

/** `--target bun`. */
export const bunTarget: BuildTarget = {
  name: 'bun',
  summary: 'Bun 1.x: `Bun.serve` on HOST:PORT (127.0.0.1:3000 by default)',
  bundler: {
    platform: 'node',
    target: 'es2022',
    conditions: ['bun', 'import', 'default'],
    mainFields: ['module', 'main'],
  },
  builtins: 'all',
  stateless: false,
  outputs: (stem) => ({ bundle: `${stem}.bun.js` }),
  entrySource: ({ appModule, runtimeModule, captureModule }) =>
    [
      "import 'reflect-metadata';",
      `import ${JSON.stringify(captureModule)};`,
      `import * as appModule from ${JSON.stringify(appModule)};`,
      `import { fetchHandler, serveBun } from ${JSON.stringify(runtimeModule)};`,
      "const fetch = await fetchHandler(appModule, { target: 'bun', stateless: false });",
      'serveBun(Bun, fetch, Bun.env);',
      '',
    ].join('\n'),
  notes: (built) => [`run it: bun ${built.bundle}  (PORT, HOST: 127.0.0.1:3000)`],
};
