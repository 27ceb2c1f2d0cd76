// Module hooks for the dev loader: resolve `./x.js` to `./x.ts` when only the TypeScript source
// exists (NodeNext-style imports), compile .ts/.mts/.cts with SWC, keeping decorator metadata, and
// resolve the framework's own packages from this CLI's install when the project cannot (an app in
// a scratch folder, with no node_modules of its own).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

const TS_FILE = /\.(?:c|m)?tsx?$/;
const JS_EXT = /\.(?:c|m)?js$/;

/** @param {string} specifier */
function tsCandidates(specifier) {
  if (JS_EXT.test(specifier)) {
    return [specifier.replace(/js$/, 'ts'), specifier.replace(/\.(c|m)?js$/, '.tsx')];
  }
  if (!/\.[a-z]+$/i.test(specifier)) return [`${specifier}.ts`, `${specifier}/index.ts`];
  return [];
}

// @decorum/* and the peer dependencies of @decorum/core: what an app needs to run under the CLI.
const FRAMEWORK = /^(?:@decorum\/[^/]+|class-transformer|class-validator|reflect-metadata|typedi)(?:\/|$)/;

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (FRAMEWORK.test(specifier) && error?.code === 'ERR_MODULE_NOT_FOUND') {
      // The project's own copy wins whenever it has one; only a missing package falls back to ours.
      return nextResolve(specifier, { ...context, parentURL: import.meta.url });
    }
    const relative = specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');
    const fromTs = context.parentURL !== undefined && TS_FILE.test(context.parentURL.split('?')[0]);
    if (!relative || !fromTs) throw error;
    for (const candidate of tsCandidates(specifier)) {
      try {
        return await nextResolve(candidate, context);
      } catch {
        // try the next candidate; the original error is rethrown below
      }
    }
    throw error;
  }
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TS_FILE.test(new URL(url).pathname)) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const source = await readFile(filename, 'utf8');
  const commonjs = filename.endsWith('.cts');
  const output = await transform(source, {
    filename,
    sourceMaps: 'inline',
    module: { type: commonjs ? 'commonjs' : 'es6' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: filename.endsWith('x') },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
  });
  return { format: commonjs ? 'commonjs' : 'module', source: output.code, shortCircuit: true };
}
