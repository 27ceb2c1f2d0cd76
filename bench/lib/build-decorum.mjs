// The Decorum bench server (bench/servers/decorum.ts), built two ways:
// - DECORUM_BUILT: with `decorum build`, the way an app is built for shipping (tsup + SWC, its
//   dependencies bundled into one file). The `decorum` column of every figure runs this.
// - DECORUM_UNBUNDLED: compiled with SWC alone (legacy decorators + metadata, like the dev loader),
//   importing the built dist/ packages from node_modules. Snapshots (bench/snapshot-decorum.mjs)
//   re-bundle it against saved dist copies, and the cold-start table shows it as `--no-bundle`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

const src = new URL('../servers/decorum.ts', import.meta.url);
const root = fileURLToPath(new URL('../../', import.meta.url));
export const DECORUM_BUILT = new URL('../.build/app/decorum.js', import.meta.url);
export const DECORUM_UNBUNDLED = new URL('../.build/decorum.mjs', import.meta.url);

/** The packages' dist entries the bench servers are built from. */
export const DIST_ENTRIES = ['protocol', 'core', 'cli'].map(
  (p) => new URL(`../../packages/${p}/dist/index.js`, import.meta.url),
);

/** Builds the packages (`npm run build`) when a dist is missing, or always with `force`: a fresh clone has none. */
export function ensurePackagesBuilt(force = false, log = (message) => process.stderr.write(`${message}\n`)) {
  if (!force && DIST_ENTRIES.every((entry) => existsSync(entry))) return;
  log('building packages (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Builds both variants; returns the unbundled one (what snapshots start from). */
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
  await mkdir(new URL('.', DECORUM_UNBUNDLED), { recursive: true });
  await writeFile(DECORUM_UNBUNDLED, code);
  const args = [
    'build',
    'bench/servers/decorum.ts',
    '--tsconfig',
    'tsconfig.base.json',
    '--out-dir',
    'bench/.build/app',
  ];
  execFileSync(process.execPath, [`${root}packages/cli/dist/bin.js`, ...args, '--no-manifest'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return DECORUM_UNBUNDLED;
}
