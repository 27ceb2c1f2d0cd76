// Bundles the SWC-compiled app module for a target: a generated entry (the target's `entrySource`)
// around it, every dependency inlined, one ES module. Two esbuild passes: the first reads the import
// graph (which Node built-ins are reached, and how), the second writes the bundle with the Node-only
// modules that are only imported dynamically replaced by ones that throw when imported. A built-in
// the target does not allow on the request path fails the build, naming the import chain.
import { mkdirSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { CliError } from '../../cli-error.js';
import { asciiOnly, oneTransformerStorage, runConditions } from '../bundle-app.js';
import { optionalPeersLeftOut } from '../optional-peers.js';
import { builtinsGraph, type StaticBuiltin } from './builtins-graph.js';
import type { BuildTarget } from './target.js';

/** What {@link bundleTarget} bundles, and where. */
export interface TargetBundleInput {
  target: BuildTarget;
  /** The project root (imports resolve from it). */
  root: string;
  /** The SWC-compiled app module. */
  appModule: string;
  /** A scratch folder for the generated entry (removed by the caller). */
  stageDir: string;
  /** The absolute path of the target runtime glue (`@decorum/cli/target-runtime`). */
  runtimeModule: string;
  /** The bundle to write. */
  outfile: string;
  /** Packages kept out of the bundle (`decorum.external`). */
  external: string[];
}

const BUILTINS = new Set(builtinModules);
const isBuiltin = (path: string) => path.startsWith('node:') || BUILTINS.has(path);

/** Writes the target's bundle; a built-in it does not allow on the request path is a {@link CliError}. */
export async function bundleTarget(input: TargetBundleInput): Promise<void> {
  const { target, stageDir } = input;
  const entry = join(stageDir, `decorum-${target.name}-entry.mjs`);
  const captureModule = join(stageDir, 'decorum-capture.mjs');
  writeFileSync(
    captureModule,
    `import { captureListen } from ${JSON.stringify(input.runtimeModule)};\ncaptureListen();\n`,
  );
  if (target.entrySource === undefined) throw new Error(`The ${target.name} target has no generated entry`);
  const modules = { appModule: input.appModule, runtimeModule: input.runtimeModule, captureModule };
  const source = target.entrySource(modules);
  writeFileSync(entry, source);
  const options = esbuildOptions(input, entry);
  const first = await build({ ...options, write: false, metafile: true, outfile: input.outfile });
  const graph = builtinsGraph(first.metafile, relative(input.root, entry), isBuiltin);
  const refused = graph.onRequestPath.filter((found) => !allowed(target, found.builtin));
  if (refused.length > 0) throw builtinsRefused(target, refused, input.root);
  // The entry's exports in the first pass: what it re-exports of the app module, by name.
  const exportNames = Object.values(first.metafile.outputs).flatMap((output) =>
    output.entryPoint === undefined ? [] : output.exports.filter((name) => name !== 'default'),
  );
  const named = target.entrySource({ ...modules, exportNames });
  if (named !== source) writeFileSync(entry, named);
  const needsRequire = target.builtins === 'all' && graph.onRequestPath.length > 0;
  const result = await build({
    ...options,
    plugins: [nodeOnlyStubs(graph.nodeOnlyImports, target.name), ...(options.plugins ?? [])],
    ...((needsRequire || target.bundler.banner !== undefined) && {
      banner: {
        js: [
          // Bundled CommonJS dependencies call require() for built-ins; an ES module has none, so give it one.
          needsRequire
            ? "import { createRequire as __decorumCreateRequire } from 'node:module'; const require = __decorumCreateRequire(import.meta.url);"
            : undefined,
          target.bundler.banner,
        ]
          .filter((line) => line !== undefined)
          .join('\n'),
      },
    }),
    write: false,
    outfile: input.outfile,
  });
  mkdirSync(dirname(input.outfile), { recursive: true });
  for (const file of result.outputFiles) {
    writeFileSync(file.path, /\.[cm]?js$/.test(file.path) ? asciiOnly(file.text) : file.contents);
  }
}

function allowed(target: BuildTarget, builtin: string): boolean {
  if (target.builtins === 'all') return true;
  const name = builtin.replace(/^node:/, '');
  return target.builtins.includes(name) || target.builtins.includes(`node:${name}`);
}

function builtinsRefused(target: BuildTarget, refused: StaticBuiltin[], root: string): CliError {
  const shown = (path: string) => path.replace(/^.*node_modules\//, '').replace(root, '.');
  const lines = refused.map((found) => `  ${found.builtin}: ${found.chain.map(shown).join(' → ')}`);
  return new CliError(
    `The ${target.name} target has no Node built-ins, but the app imports ${refused.length === 1 ? 'one' : 'some'} on its request path:\n` +
      `${lines.join('\n')}\nUse a Web API instead (fetch, crypto.subtle, TextEncoder…), or import the Node-only part with import() where it is needed.`,
  );
}

/** The esbuild options both passes share. */
function esbuildOptions(input: TargetBundleInput, entry: string): BuildOptions {
  const { bundler } = input.target;
  return {
    absWorkingDir: input.root,
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: bundler.platform,
    target: bundler.target,
    sourcemap: true,
    external: input.external,
    mainFields: [...bundler.mainFields],
    conditions: [...runConditions(), ...bundler.conditions],
    ...(bundler.define !== undefined && { define: { ...bundler.define } }),
    plugins: [builtinsExternal(), ...oneTransformerStorage(input.root), optionalPeersLeftOut()],
    logLevel: 'silent',
  };
}

/** Built-ins stay imports, always as `node:` (Deno resolves only that form); the graph says which are allowed. */
function builtinsExternal(): Plugin {
  return {
    name: 'decorum-target-builtins',
    setup(bundler) {
      bundler.onResolve({ filter: /^[a-z_:/]+$/ }, (args) =>
        isBuiltin(args.path)
          ? { path: args.path.startsWith('node:') ? args.path : `node:${args.path}`, external: true }
          : undefined,
      );
    },
  };
}

/** Node-only modules reached only by import(): a module that throws, with a message naming the target. */
function nodeOnlyStubs(specifiers: ReadonlySet<string>, target: string): Plugin {
  const namespace = 'decorum-node-only';
  return {
    name: namespace,
    setup(bundler) {
      bundler.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'dynamic-import' && specifiers.has(args.path) ? { path: args.path, namespace } : undefined,
      );
      bundler.onLoad({ filter: /.*/, namespace }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} needs Node built-ins, which the ${target} target does not have`)});\nexport {};\n`,
        loader: 'js',
      }));
    },
  };
}
