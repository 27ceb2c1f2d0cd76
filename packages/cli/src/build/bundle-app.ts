// What `decorum build` bundles. By default the app and its dependencies become one script (started by a
// small loader from a code cache, see script-bundle.ts): a stdio
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
import { builtinModules, createRequire } from 'node:module';
import { basename, dirname, extname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { PackageManifest } from '../project.js';
import { optionalPeersLeftOut } from './optional-peers.js';
import { EXPORTS_SINK, exportNames, loaderSource, scriptBody, scriptFile } from './script-bundle.js';

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
export function oneTransformerStorage(root: string): Plugin[] {
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

/**
 * Custom export conditions this process runs with (Decorum's own tests bundle the packages from
 * their sources through `@decorum/source`).
 */
export function runConditions(): string[] {
  return process.execArgv
    .filter((arg) => arg.startsWith('--conditions='))
    .map((arg) => arg.slice('--conditions='.length));
}

/** How {@link bundleApp} shipped the app: as a script the loader can start from a code cache, or as one module. */
export type BundleForm = { script: true; cache: string } | { script: false; reason: string };

/**
 * Node's built-ins reached through `require` (the script body's parameter) instead of import statements,
 * so the bundle has none left and can run as a script. A built-in's exports are its `module.exports`
 * either way.
 */
function builtinsByRequire(): Plugin {
  const namespace = 'decorum-builtin';
  const builtins = new Set(builtinModules);
  return {
    name: namespace,
    setup(bundler) {
      bundler.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
        if (!args.path.startsWith('node:') && !builtins.has(args.path)) return undefined;
        // The shim's own require() of the built-in stays a require().
        if (args.namespace === namespace) return { path: args.path, external: true };
        return { path: args.path, namespace };
      });
      bundler.onLoad({ filter: /.*/, namespace }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}

/**
 * Bundles `input` (the compiled entry) with its dependencies for `output`, the file users run. Without
 * external packages, `output` is a small loader and `<name>.bundle.cjs` beside it holds the app as a
 * script (see script-bundle.ts), whose code cache the build writes to `<name>.bundle.cache` once the
 * app has started (build-command.ts); otherwise `output` is the whole bundle, one ES module.
 */
export async function bundleApp(root: string, input: string, output: string, external: string[]): Promise<BundleForm> {
  const names = await exportNames(readFileSync(input, 'utf8'));
  const why =
    external.length > 0
      ? `external packages (${external.join(', ')}) are imported as modules`
      : names === undefined
        ? 'the entry re-exports a module with export *'
        : undefined;
  if (why === undefined && names !== undefined) {
    const stem = basename(output, extname(output));
    const body = join(dirname(output), `${stem}.bundle.cjs`);
    const entry = `import * as entry from ${JSON.stringify(input)};\n${EXPORTS_SINK}(entry);\n`;
    const outputs = await esbuildApp(root, { stdin: entry, outfile: body, external, script: true });
    const form = await scriptBody(outputs.get(body) as string);
    if ('body' in form) {
      writeOutputs(new Map([...outputs, [body, scriptFile(form.body)]]));
      const cache = `${stem}.bundle.cache`;
      writeFileSync(output, loaderSource({ body: basename(body), cache, exports: names }));
      return { script: true, cache: join(dirname(output), cache) };
    }
    return plainBundle(root, input, output, external, `its bundle ${form.reason}`);
  }
  return plainBundle(root, input, output, external, why as string);
}

async function plainBundle(
  root: string,
  input: string,
  output: string,
  external: string[],
  reason: string,
): Promise<BundleForm> {
  writeOutputs(await esbuildApp(root, { entry: input, outfile: output, external, script: false }));
  return { script: false, reason };
}

interface EsbuildInput {
  /** The entry file, or (`stdin`) the entry's source, resolved from `root`. */
  entry?: string;
  stdin?: string;
  outfile: string;
  external: string[];
  /** For the script form: built-ins through require(), no createRequire banner (require is a parameter). */
  script: boolean;
}

/** esbuild's output files by path, JavaScript made ASCII-only. */
async function esbuildApp(root: string, input: EsbuildInput): Promise<Map<string, string | Uint8Array>> {
  const conditions = runConditions();
  const result = await build({
    ...(input.entry !== undefined && { entryPoints: [input.entry] }),
    ...(input.stdin !== undefined && {
      stdin: { contents: input.stdin, resolveDir: root, sourcefile: 'decorum-entry.js', loader: 'js' },
    }),
    outfile: input.outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: input.external,
    mainFields: ['module', 'main'],
    ...(conditions.length > 0 && { conditions: [...conditions, 'module'] }),
    // Bundled CommonJS dependencies call require(); an ES module has none, so give it one.
    ...(!input.script && {
      banner: {
        js: "import { createRequire as __decorumCreateRequire } from 'node:module'; const require = __decorumCreateRequire(import.meta.url);",
      },
    }),
    plugins: [...oneTransformerStorage(root), optionalPeersLeftOut(), ...(input.script ? [builtinsByRequire()] : [])],
    logLevel: 'silent',
    write: false,
  });
  return new Map(
    result.outputFiles.map((file) => [file.path, /\.[cm]?js$/.test(file.path) ? asciiOnly(file.text) : file.contents]),
  );
}

function writeOutputs(files: Map<string, string | Uint8Array>): void {
  for (const [path, contents] of files) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, contents);
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
