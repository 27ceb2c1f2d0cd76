// What `decorum build` bundles. By default the app and its dependencies become one file: a stdio
// server is spawned by every client session, and resolving and compiling hundreds of modules
// (class-validator alone pulls in validator.js and libphonenumber) costs more than the app itself
// (measured on the dev fixture: ~600 ms to the initialize result unbundled, ~195 ms bundled).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Options } from 'tsup';
import type { PackageManifest } from '../project.js';

/** A direct dependency with a native addon cannot be bundled (its .node binary is loaded from disk). */
function isNative(root: string, name: string): boolean {
  try {
    const require = createRequire(join(root, 'package.json'));
    const dir = dirname(require.resolve(`${name}/package.json`));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    return manifest.gypfile === true || manifest.binary !== undefined || existsSync(join(dir, 'binding.gyp'));
  } catch {
    return false; // not installed, or no package.json export: let the bundler decide
  }
}

/** Dependencies kept out of the bundle: `decorum.external` in package.json, and native addons. */
export function externalDependencies(root: string, manifest: PackageManifest): string[] {
  const configured = manifest.decorum?.external ?? [];
  const native = Object.keys(manifest.dependencies ?? {}).filter((name) => isNative(root, name));
  return [...new Set([...configured, ...native])];
}

/**
 * tsup options that bundle node_modules into ESM output. Two details make that safe:
 * CommonJS dependencies call `require` (ESM output has none, so a banner provides one), and
 * class-transformer must resolve to one copy of its metadata storage: core reads the CommonJS
 * storage module, while `module` main-fields (picked so class-validator's ESM build tree-shakes)
 * would give `@Type` the ESM one — without the redirect nested DTOs would silently lose their types.
 */
export function bundleOptions(root: string, external: string[]): Partial<Options> {
  const require = createRequire(join(root, 'package.json'));
  let esmStorage: string | undefined;
  try {
    esmStorage = require.resolve('class-transformer/esm5/storage.js');
  } catch {
    esmStorage = undefined; // the app does not use class-transformer
  }
  return {
    noExternal: [/.*/],
    external,
    skipNodeModulesBundle: false,
    banner: {
      js: "import { createRequire as __decorumCreateRequire } from 'node:module'; const require = __decorumCreateRequire(import.meta.url);",
    },
    esbuildOptions(options) {
      options.mainFields = ['module', 'main'];
      // Custom export conditions this process runs with (Decorum's own tests bundle the packages
      // from their sources through `@decorum/source`).
      const conditions = process.execArgv
        .filter((arg) => arg.startsWith('--conditions='))
        .map((arg) => arg.slice('--conditions='.length));
      if (conditions.length > 0) options.conditions = [...conditions, 'module'];
    },
    esbuildPlugins:
      esmStorage === undefined
        ? []
        : [
            {
              name: 'decorum-class-transformer-storage',
              setup(build) {
                build.onResolve({ filter: /^class-transformer\/(cjs|esm5|esm2015)\/storage(\.js)?$/ }, () => ({
                  path: esmStorage,
                }));
              },
            },
          ],
  };
}
