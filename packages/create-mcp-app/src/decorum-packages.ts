// Where the generated project gets the @decorum/* packages from: the registry (a version spec), or
// tarballs packed from a local checkout (`npm pack -w packages/core …`), so a project can be built
// and tested before anything is published, and fully offline.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { CreateAppError } from './errors.js';
import { overridesField, type PackageManager } from './package-manager.js';
import { decorumDependencies, tarballManifest } from './tarball-manifest.js';

/** Registry versions (`spec`, e.g. `^0.1.0`) or local tarballs by package name. */
export type DecorumSource =
  | { kind: 'registry'; spec: string }
  | { kind: 'local'; dir: string; tarballs: Readonly<Record<string, string>> };

const TARBALL = /^decorum-([a-z0-9-]+?)-(\d+\.\d+\.\d+(?:-[\w.]+)?)\.tgz$/;

/** The version of create-mcp-app itself; the @decorum/* packages are released with the same version. */
export function ownVersion(): string {
  const manifest = createRequire(import.meta.url)('../package.json') as { version: string };
  return manifest.version;
}

/**
 * Finds the packed `@decorum/*` tarballs in `dir` (`decorum-core-0.1.0.tgz` → `@decorum/core`).
 * @example
 * localDecorumSource('/tmp/packs'); // { kind: 'local', tarballs: { '@decorum/core': '/tmp/packs/decorum-core-0.1.0.tgz', … } }
 */
export function localDecorumSource(dir: string): DecorumSource {
  const abs = resolve(dir);
  if (!existsSync(abs))
    throw new CreateAppError('LOCAL_PACKAGES', `The folder of Decorum packages ${abs} does not exist`);
  const tarballs: Record<string, string> = {};
  for (const file of readdirSync(abs)) {
    const match = TARBALL.exec(file);
    if (match) tarballs[`@decorum/${match[1]}`] = join(abs, file);
  }
  if (tarballs['@decorum/core'] === undefined) {
    throw new CreateAppError(
      'LOCAL_PACKAGES',
      `No decorum-core-<version>.tgz in ${abs}. Pack the packages first: ` +
        'npm pack -w packages/protocol -w packages/core -w packages/testing -w packages/cli -w packages/openapi -w packages/oauth --pack-destination <dir>',
    );
  }
  return { kind: 'local', dir: abs, tarballs };
}

/** The spec that goes in package.json for a `@decorum/*` dependency (the placeholder `{{decorumVersion}}`). */
export function decorumSpec(source: DecorumSource): string {
  return source.kind === 'registry' ? source.spec : 'file:';
}

type Manifest = Record<string, unknown> & {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/**
 * The `@decorum/*` packages a project with these direct ones installs: them, and what their tarballs depend
 * on among ours, followed through the tarballs' own package.json.
 */
function neededPackages(direct: readonly string[], source: DecorumSource & { kind: 'local' }): string[] {
  const needed = new Set<string>();
  const pending = [...direct];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (needed.has(name)) continue;
    needed.add(name);
    const tarball = source.tarballs[name];
    if (tarball !== undefined) pending.push(...decorumDependencies(tarballManifest(tarball)));
  }
  return [...needed].sort();
}

/**
 * Points the project's `@decorum/*` dependencies at the local tarballs, and lists the tarballs it installs as
 * overrides too, so the packages' own dependencies on each other (@decorum/cli → @decorum/core) resolve to
 * the tarballs instead of the registry. Tarballs the project does not install (another template's
 * @decorum/openapi, say) are left out.
 */
export function useLocalPackages(manifest: Manifest, source: DecorumSource, pm: PackageManager): Manifest {
  if (source.kind !== 'local') return manifest;
  const spec = (name: string) => {
    const tarball = source.tarballs[name];
    if (tarball === undefined) {
      throw new CreateAppError('LOCAL_PACKAGES', `The project needs ${name}, which has no tarball in ${source.dir}`);
    }
    return `file:${tarball}`;
  };
  const next: Manifest = { ...manifest };
  for (const field of ['dependencies', 'devDependencies'] as const) {
    const deps = manifest[field];
    if (deps === undefined) continue;
    next[field] = Object.fromEntries(
      Object.entries(deps).map(([name, range]) => [name, name.startsWith('@decorum/') ? spec(name) : range]),
    );
  }
  const direct = (['dependencies', 'devDependencies'] as const).flatMap((field) =>
    Object.keys(manifest[field] ?? {}).filter((name) => name.startsWith('@decorum/')),
  );
  const overrides = Object.fromEntries(neededPackages(direct, source).map((name) => [name, spec(name)]));
  const [first, second] = overridesField(pm);
  if (second === undefined) next[first as string] = overrides;
  else next[first as string] = { ...((next[first as string] as object) ?? {}), [second]: overrides };
  return next;
}
