// What `decorum build` bundles. By default the app and its dependencies become one file: a stdio
// server is spawned by every client session, and resolving and compiling hundreds of modules
// (class-validator alone pulls in validator.js and libphonenumber) costs more than the app itself
// (bench: 388 ms to the initialize result unbundled, 153 ms bundled).
//
// Two stages. tsup + SWC compile the project's own sources (decorator metadata; esbuild's keepNames,
// which the SWC path turns on, so project classes keep their names — DTO names appear in schemas
// and messages). Then esbuild bundles that output with its dependencies, without keepNames: with it,
// every closure in the engine and class-validator is wrapped in a __name() call, measured at ~15%
// of stdio throughput.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
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
 * class-transformer must resolve to one copy of its metadata storage: core reads the CommonJS storage
 * module, while `module` main-fields (picked so class-validator's ESM build tree-shakes) would give
 * `@Type` the ESM one — without the redirect nested DTOs would silently lose their types.
 */
function oneTransformerStorage(root: string): Plugin[] {
  let esmStorage: string;
  try {
    esmStorage = createRequire(join(root, 'package.json')).resolve('class-transformer/esm5/storage.js');
  } catch {
    return []; // the app does not use class-transformer
  }
  return [
    {
      name: 'decorum-class-transformer-storage',
      setup(bundler) {
        bundler.onResolve({ filter: /^class-transformer\/(cjs|esm5|esm2015)\/storage(\.js)?$/ }, () => ({
          path: esmStorage,
        }));
      },
    },
  ];
}

/** Bundles `input` (the compiled entry) with its dependencies into `output`, one ESM file. */
export async function bundleApp(root: string, input: string, output: string, external: string[]): Promise<void> {
  // Custom export conditions this process runs with (Decorum's own tests bundle the packages from
  // their sources through `@decorum/source`).
  const conditions = process.execArgv
    .filter((arg) => arg.startsWith('--conditions='))
    .map((arg) => arg.slice('--conditions='.length));
  const result = await build({
    entryPoints: [input],
    outfile: output,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    mainFields: ['module', 'main'],
    ...(conditions.length > 0 && { conditions: [...conditions, 'module'] }),
    // Bundled CommonJS dependencies call require(); an ES module has none, so give it one.
    banner: {
      js: "import { createRequire as __decorumCreateRequire } from 'node:module'; const require = __decorumCreateRequire(import.meta.url);",
    },
    plugins: oneTransformerStorage(root),
    logLevel: 'silent',
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.js') ? asciiOnly(file.text) : file.contents);
  }
}

/**
 * The bundle with every non-ASCII character escaped. esbuild escapes them in strings, templates,
 * regular expressions and identifiers (its default `charset: 'ascii'`) but keeps comments as written,
 * and one "→" in one kept comment makes V8 hold the whole source as a two-byte string: twice the
 * memory for as long as the process runs (1.4 MB instead of 0.7 for the bench server). What remains
 * is in comments, where an escape is just text.
 */
export function asciiOnly(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
