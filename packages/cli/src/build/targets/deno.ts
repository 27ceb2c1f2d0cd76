// Deno 2: an ES module that calls `Deno.serve` with the app's Fetch handler. One process serves
// every request, so sessions, subscriptions and tasks work as under Node. Node built-ins stay `node:`
// imports, which Deno implements.
import type { BuildTarget } from './target.js';

/** `--target deno`. */
export const denoTarget: BuildTarget = {
  name: 'deno',
  summary: 'Deno 2: `Deno.serve` on HOST:PORT (127.0.0.1:8000 by default)',
  bundler: {
    platform: 'neutral',
    target: 'es2022',
    conditions: ['deno', 'import', 'default'],
    mainFields: ['module', 'main'],
  },
  builtins: 'all',
  stateless: false,
  outputs: (stem) => ({ bundle: `${stem}.deno.js` }),
  entrySource: ({ appModule, runtimeModule, captureModule }) =>
    [
      "import 'reflect-metadata';",
      `import ${JSON.stringify(captureModule)};`,
      `import * as appModule from ${JSON.stringify(appModule)};`,
      `import { fetchHandler, denoListenOptions } from ${JSON.stringify(runtimeModule)};`,
      "const fetch = await fetchHandler(appModule, { target: 'deno', stateless: false });",
      'Deno.serve(denoListenOptions(Deno.env.toObject(), fetch.path), fetch);',
      '',
    ].join('\n'),
  notes: (built) => [
    `run it: deno run --allow-net --allow-env --allow-read ${built.bundle}  (PORT, HOST: 127.0.0.1:8000; --allow-read for skill folders and files the app reads)`,
  ],
};
