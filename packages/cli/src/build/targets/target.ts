// What `decorum build --target <name>` needs to know of a platform. A target is data plus two small
// functions: how esbuild bundles for it, which Node built-ins may stay in the bundle, the entry module
// the platform starts (generated around the user's app module), the files written and what to tell
// the user afterwards. build-command.ts does the rest the same way for every target: compile with SWC
// (decorator metadata), bundle, check the built-ins, write. One file per target in this folder; the
// names are listed in index.ts.

/** esbuild's options that differ per platform. */
export interface TargetBundler {
  /** esbuild `platform`: `node` gives Node's resolution and built-ins; `neutral` for Web runtimes. */
  readonly platform: 'node' | 'neutral' | 'browser';
  /** esbuild `target`, e.g. `node20` or `es2022`. */
  readonly target: string;
  /** Export conditions, in order (`workerd`, `worker`, `browser` for Workers; `deno` for Deno). */
  readonly conditions: readonly string[];
  /** package.json fields tried for a package without `exports`, in order. */
  readonly mainFields: readonly string[];
  /**
   * esbuild `define` (expressions replaced throughout the bundle) and a line put at its top, for a platform
   * whose own bundler reads the code again (Next.js: see vercel.ts).
   */
  readonly define?: Readonly<Record<string, string>>;
  readonly banner?: string;
}

/**
 * Node built-ins the bundle may import on its request path: `'all'` (Node; Deno and Bun implement the
 * `node:` modules) or a list (none for Workers). A built-in reached only through a dynamic import of
 * a Node-only module (core's stdio and node serving) is not on the request path: the build replaces
 * that module with one that throws when imported, whatever this says.
 */
export type AllowedBuiltins = 'all' | readonly string[];

/** What {@link BuildTarget.entrySource} is given. Paths are absolute; import them as they are. */
export interface EntryInput {
  /** The user's app module as SWC compiled it (decorator metadata in it). */
  readonly appModule: string;
  /**
   * The app module's named exports, `export *` re-exports included: undefined when the entry is first
   * bundled (to read the import graph), then the names that bundle found (an entry that re-exports with
   * `export *` in the first pass learns them there).
   */
  readonly exportNames?: readonly string[];
  /**
   * The target glue (`targets/runtime/index.ts`, dist: `@decorum/cli/target-runtime`): `fetchHandler`
   * finds the app the module exports or listens with and returns a Fetch handler for it.
   */
  readonly runtimeModule: string;
  /**
   * A module to import before the app module (and after `reflect-metadata`): it installs the host that
   * captures an `app.listen(…)` call instead of serving, so an entry written for Node still builds.
   */
  readonly captureModule: string;
}

/**
 * The files a target writes into the out dir, given the entry's stem (`server` for src/server.ts) and the
 * project's ES module extension (`.js` in a `"type": "module"` package, else `.mjs`).
 */
export interface TargetOutputs {
  /** The bundle the platform starts, relative to the out dir (e.g. `server.workers.js`). */
  readonly bundle: string;
}

/** What {@link BuildTarget.notes} is given after a build. */
export interface BuiltTarget {
  /** The bundle, relative to the working directory. */
  readonly bundle: string;
  /** The out dir, relative to the working directory. */
  readonly outDir: string;
}

/** A platform `decorum build --target` builds for. */
export interface BuildTarget {
  /** The `--target` value. */
  readonly name: string;
  /** One line for `decorum build --help`. */
  readonly summary: string;
  readonly bundler: TargetBundler;
  readonly builtins: AllowedBuiltins;
  /**
   * True where requests share no memory (Workers, Lambda, Vercel): the app is served in the stateless
   * mode unless its listen options bring a session store, and what needs state without a store is
   * refused at startup (see runtime/stateless-check.ts).
   */
  readonly stateless: boolean;
  outputs(stem: string, extension: string): TargetOutputs;
  /**
   * The generated entry's source (ES module). Absent for the Node target, whose entry is the app
   * module itself (loader, script body and code cache, see bundle-app.ts).
   */
  entrySource?(input: EntryInput): string;
  /** Lines printed after the build: how to run and deploy what was built. */
  notes(built: BuiltTarget): string[];
}
