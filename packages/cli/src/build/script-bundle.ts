// The bundled app as a classic script plus a small ES-module loader, so V8 can start it from a code cache.
//
// Node 20 keeps no code cache for ES modules: every start parses the whole bundle again and compiles
// each function the first time it runs (on the bench machine 17 ms to parse, then 12 ms more to build
// the app in cold code, before anything is answered). `vm.Script` takes `cachedData`, and a cache
// written after the app has been built holds those functions' bytecode as well: spawn → initialize
// went from 1.3–1.6× the floor to 1.14× (two full bench runs).
//
// So the bundle (still produced as one ES module by esbuild) is turned into the body of an async
// function, written as a CommonJS module exporting it (scriptFile), which keeps top-level await, strict
// mode and exports:
// - static imports: none may remain (Node's built-ins are reached through `require`, see
//   bundle-app.ts); an app with external packages keeps the plain ES-module bundle;
// - `import(x)` calls go to the loader's own `import()` (same folder, so the same resolution), because
//   on Node 20 a script restored from a cache loses its dynamic-import callback;
// - `import.meta` is the loader's, so `import.meta.url` still names the file that was run;
// - the entry's exports are handed to the loader, which exports them again under the same names.
// Replacements keep the length of what they replace, so the source map stays exact (it is used when
// source maps are on: then Node's CommonJS loader loads the file, without the cache).
import { init, parse } from 'es-module-lexer';

/** The loader's dynamic `import`, and its `import.meta` (as long as `import` and `import.meta`). */
const IMPORT = '$mport';
const IMPORT_META = '$mport_meta';
/** The function the body hands the entry's namespace to. */
export const EXPORTS_SINK = '__decorumExports';

/** Why a bundle stays an ES module, or the script body. */
export type ScriptBody = { body: string } | { reason: string };

/**
 * Rewrites esbuild's ES-module output (bundled from an entry that passes its namespace to
 * {@link EXPORTS_SINK}) into a script body, or says why it cannot.
 */
export async function scriptBody(esm: string): Promise<ScriptBody> {
  await init;
  const [imports, exports] = parse(esm);
  if (exports.length > 0) return { reason: 'the bundle still has export statements' };
  const edits: { at: number; text: string; length: number }[] = [];
  for (const entry of imports) {
    if (entry.d === -2) edits.push({ at: entry.s, text: IMPORT_META, length: entry.e - entry.s });
    else if (entry.d >= 0) edits.push({ at: entry.ss, text: IMPORT, length: 'import'.length });
    else return { reason: `it imports ${entry.n ?? 'a module'} statically` };
  }
  let body = '';
  let from = 0;
  for (const edit of edits.sort((a, b) => a.at - b.at)) {
    body += esm.slice(from, edit.at) + edit.text;
    from = edit.at + edit.length;
  }
  return { body: body + esm.slice(from) };
}

/**
 * The file holding a script body: a CommonJS module exporting the body as an async function. The loader compiles
 * it itself (with the code cache), or, when source maps are on, has Node's CommonJS loader load it, which maps
 * stack traces through its source map (a `vm.Script` gets none).
 */
export function scriptFile(body: string): string {
  return `module.exports = async function (${IMPORT}, ${IMPORT_META}, ${EXPORTS_SINK}, require) {"use strict";${body}\n};\n`;
}

/** The export names of a compiled ES-module entry, or undefined when they cannot be listed (`export *`). */
export async function exportNames(entrySource: string): Promise<string[] | undefined> {
  await init;
  const [imports, exports] = parse(entrySource);
  if (imports.some((entry) => entrySource.startsWith('export', entry.ss))) return undefined;
  return exports.map((entry) => entry.n);
}

/** What the loader needs to know: the files beside it, and the names to export. */
export interface LoaderFiles {
  /** File name of the script body, in the loader's folder. */
  body: string;
  /** File name of the code cache, in the loader's folder. */
  cache: string;
  exports: readonly string[];
}

/**
 * The environment variable `decorum build` sets on the child that starts the app once: that process
 * writes the code cache when it exits, after the app has been built and its lists read.
 */
export const CACHE_OUT_ENV = 'DECORUM_BUILD_CODE_CACHE';
/** Set to 1 to have the loader say on stderr whether the code cache was used. */
export const CACHE_REPORT_ENV = 'DECORUM_CODE_CACHE_REPORT';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Source of the loader, the file users run. The cache starts with the SHA-256 of the body it was
 * made from: V8 checks only the source's length, and a cache for other code must never be used.
 */
export function loaderSource(files: LoaderFiles): string {
  const reexports = files.exports.map((name, i) => {
    const as = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    return `const e${i} = entry[${JSON.stringify(name)}];\nexport { e${i} as ${as} };`;
  });
  return `// Built by \`decorum build\`: starts ${files.body} (the app and its dependencies, one script) from a V8
// code cache when ${files.cache} was made by this Node.js version, else compiles it as usual.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const file = fileURLToPath(new URL(${JSON.stringify(`./${files.body}`)}, import.meta.url));
const cacheFile = fileURLToPath(new URL(${JSON.stringify(`./${files.cache}`)}, import.meta.url));
const source = readFileSync(file);
const digest = createHash('sha256').update(source).digest();
let cachedData;
let state = 'absent';
try {
  const cache = readFileSync(cacheFile);
  if (cache.subarray(0, 32).equals(digest)) cachedData = cache.subarray(32);
  else state = 'stale';
} catch {}
// With --enable-source-maps, Node's CommonJS loader maps stack traces through the bundle's source map (no code
// cache then), except in the build's own run, which is there to write the cache.
const out = process.env.${CACHE_OUT_ENV};
const sourceMaps = process.sourceMapsEnabled === true && !out;
let script;
let body;
if (sourceMaps) {
  body = createRequire(import.meta.url)(file);
} else {
  script = new Script(\`(function (module) {\${source.toString('latin1')}\\n})\`, { filename: file, cachedData });
  const module = {};
  script.runInThisContext()(module);
  body = module.exports;
}
if (process.env.${CACHE_REPORT_ENV} === '1') {
  if (sourceMaps) state = 'off (source maps)';
  else if (cachedData !== undefined) state = script.cachedDataRejected ? 'rejected' : 'used';
  process.stderr.write(\`[decorum] code cache \${state}\\n\`);
}
if (out && script) process.once('exit', () => writeFileSync(out, Buffer.concat([digest, script.createCachedData()])));
let entry = {};
await body((specifier) => import(specifier), import.meta, (namespace) => {
  entry = namespace;
}, createRequire(file));
${reexports.join('\n')}
`;
}
