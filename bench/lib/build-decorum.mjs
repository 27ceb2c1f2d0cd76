// Compiles bench/servers/decorum.ts with SWC (legacy decorators + metadata, like the dev loader)
// into bench/.build/decorum.mjs, which resolves @decorum/* to the built dist/ packages.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { transform } from '@swc/core';

const src = new URL('../servers/decorum.ts', import.meta.url);
export const DECORUM_BUILT = new URL('../.build/decorum.mjs', import.meta.url);

export async function buildDecorumServer() {
  const { code } = await transform(await readFile(src, 'utf8'), {
    filename: 'decorum.ts',
    module: { type: 'es6' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
  });
  await mkdir(new URL('.', DECORUM_BUILT), { recursive: true });
  await writeFile(DECORUM_BUILT, code);
  return DECORUM_BUILT;
}
