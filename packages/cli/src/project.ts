// Where a project's entry is: the `entry` argument, package.json's `decorum.entry`, or
// src/server.ts. The built entry mirrors it: src/server.ts → dist/server.js.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { CliError } from './cli-error.js';

/** A project the CLI works on. */
export interface Project {
  /**
   * The project folder: with an entry argument, the nearest folder above the entry holding a
   * package.json (else a tsconfig.json, else the entry's folder); without one, the nearest
   * package.json above the working directory (else the working directory).
   */
  root: string;
  /** package.json contents (empty when there is none). */
  manifest: PackageManifest;
  /** Absolute path of the TypeScript entry. */
  entry: string;
  /** Absolute path of the built entry (`<outDir>/<entry name>.js`). */
  builtEntry: string;
  outDir: string;
  /** The tsconfig the build reads (`tsconfig.json` in the root unless configured). */
  tsconfig: string;
}

/** The fields of package.json the CLI reads. */
export interface PackageManifest {
  name?: string;
  version?: string;
  description?: string;
  mcpName?: string;
  type?: string;
  repository?: string | { type?: string; url?: string; directory?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  decorum?: {
    entry?: string;
    outDir?: string;
    tsconfig?: string;
    external?: string[];
    /** The public URL of the MCP endpoint, for server-card.json's remotes. */
    remoteUrl?: string;
  };
}

const DEFAULT_ENTRY = 'src/server.ts';

function findUp(from: string, file: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, file))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The project an entry belongs to: the nearest folder above it with a package.json, else with a
 * tsconfig.json, else the entry's own folder — never the working directory, which may be anywhere
 * (`decorum dev /abs/app/src/server.ts` run from `/` must not watch the whole filesystem).
 */
function rootOfEntry(entry: string): string {
  const dir = dirname(entry);
  return findUp(dir, 'package.json') ?? findUp(dir, 'tsconfig.json') ?? dir;
}

/** Finds the project around `cwd` and its entry; a missing entry is a {@link CliError} saying where it looked. */
export function resolveProject(
  cwd: string,
  entryArgument?: string,
  options: { mustExist?: boolean; outDir?: string; tsconfig?: string } = {},
): Project {
  const entryPath = entryArgument === undefined ? undefined : resolve(cwd, entryArgument);
  const root = entryPath !== undefined ? rootOfEntry(entryPath) : (findUp(cwd, 'package.json') ?? cwd);
  const manifestPath = join(root, 'package.json');
  const manifest: PackageManifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const configured = manifest.decorum?.entry;
  const entry = entryPath ?? join(root, configured ?? DEFAULT_ENTRY);
  if ((options.mustExist ?? true) && !existsSync(entry)) {
    const how =
      entryArgument !== undefined
        ? `the entry you passed does not exist`
        : configured !== undefined
          ? `package.json "decorum.entry" points at it`
          : `no entry given, package.json has no "decorum.entry", and ${DEFAULT_ENTRY} is the default`;
    throw new CliError(
      `Cannot find the app's entry ${relative(cwd, entry) || entry} (${how}). ` +
        `Pass the entry file (decorum <command> src/main.ts) or set "decorum": { "entry": "src/main.ts" } in package.json.`,
    );
  }
  const outDir =
    options.outDir !== undefined ? resolve(cwd, options.outDir) : join(root, manifest.decorum?.outDir ?? 'dist');
  const tsconfig =
    options.tsconfig !== undefined
      ? resolve(cwd, options.tsconfig)
      : join(root, manifest.decorum?.tsconfig ?? 'tsconfig.json');
  // ESM output: `.js` in a "type": "module" package, `.mjs` elsewhere (Node would read .js as CommonJS).
  const extension = manifest.type === 'module' ? '.js' : '.mjs';
  const builtEntry = join(outDir, `${basename(entry, extname(entry))}${extension}`);
  return { root, manifest, entry, builtEntry, outDir, tsconfig };
}
