// `node bench/snapshot-decorum.mjs <name> [--dist <dir holding protocol/ and core/ dist copies>]`: bundles
// the Decorum bench server with the packages as they are built now (or from saved copies of their dist)
// into bench/.build/decorum-<name>.mjs. `bench/cpu-cost.mjs --with <name>,…` then runs those
// snapshots side by side, interleaved, so a change is compared with its "before" in one run.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildDecorumServer } from './lib/build-decorum.mjs';

const argv = process.argv.slice(2);
const name = argv[0];
if (!name || name.startsWith('-')) throw new Error('usage: node bench/snapshot-decorum.mjs <name> [--dist <dir>]');
const at = argv.indexOf('--dist');
const root = fileURLToPath(new URL('../', import.meta.url));
const dist = (pkg) => (at >= 0 ? `${argv[at + 1]}/${pkg}` : `${root}packages/${pkg}/dist`);

/** `@decorum/<pkg>` and each of its subpath exports (`@decorum/protocol/client/stdio` …) → the file in `dist`. */
function aliases(pkgs) {
  const out = {};
  for (const pkg of pkgs) {
    const { exports } = JSON.parse(readFileSync(`${root}packages/${pkg}/package.json`, 'utf8'));
    for (const [subpath, target] of Object.entries(exports)) {
      const file = target?.import?.default;
      if (typeof file !== 'string' || !file.startsWith('./dist/')) continue;
      const name = subpath === '.' ? `@decorum/${pkg}` : `@decorum/${pkg}/${subpath.slice(2)}`;
      out[name] = `${dist(pkg)}/${file.slice('./dist/'.length)}`;
    }
  }
  return out;
}

const entry = fileURLToPath(await buildDecorumServer());
const out = fileURLToPath(new URL(`.build/decorum-${name}.mjs`, import.meta.url));
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  alias: aliases(['protocol', 'core']),
  // Bundled CommonJS dependencies call require(): give the ES module one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  // Saved dist copies live outside the repository: their dependencies still come from its node_modules.
  nodePaths: [`${root}node_modules`],
  logLevel: 'warning',
});
console.log(out);
