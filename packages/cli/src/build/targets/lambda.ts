// AWS Lambda behind a function URL (or API Gateway HTTP API, payload format 2.0): `handler` streams
// each response (`awslambda.streamifyResponse`, for InvokeMode RESPONSE_STREAM) where the runtime has
// it, and answers buffered elsewhere; `bufferedHandler` always buffers (InvokeMode BUFFERED). An
// instance serves one request at a time and instances share nothing, so the app is served stateless.
import type { BuildTarget } from './target.js';

/** `--target lambda`. */
export const lambdaTarget: BuildTarget = {
  name: 'lambda',
  summary: 'AWS Lambda (Node.js 20+): a function URL handler with response streaming, stateless',
  bundler: { platform: 'node', target: 'node20', conditions: [], mainFields: ['module', 'main'] },
  builtins: 'all',
  stateless: true,
  // .mjs: the Lambda runtime loads it as an ES module without a package.json beside it.
  outputs: (stem) => ({ bundle: `${stem}.lambda.mjs` }),
  entrySource: ({ appModule, runtimeModule, captureModule }) =>
    [
      "import 'reflect-metadata';",
      `import ${JSON.stringify(captureModule)};`,
      `import * as appModule from ${JSON.stringify(appModule)};`,
      `import { fetchHandler, lambdaHandlers } from ${JSON.stringify(runtimeModule)};`,
      "const fetch = await fetchHandler(appModule, { target: 'lambda', stateless: true });",
      'export const { handler, bufferedHandler } = lambdaHandlers(fetch, globalThis.awslambda);',
      '',
    ].join('\n'),
  notes: (built) => [
    `deploy ${built.outDir} as the function's code with handler ${stem(built.bundle)}.handler (Node.js 20+), behind a function URL with InvokeMode RESPONSE_STREAM`,
    'add the function URL hostname to originPolicy.allowedHosts',
  ],
};

/** `server.lambda` for `dist/server.lambda.mjs`: the module part of the Lambda handler setting. */
function stem(bundle: string): string {
  return (bundle.split(/[\\/]/).pop() ?? bundle).replace(/\.mjs$/, '');
}
