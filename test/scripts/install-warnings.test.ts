// `npm ci` prints no warning (docs/toolchain.md, "Install warnings"). No EBADENGINE on Node 20: no package the lockfile
// installs on every platform declares an engine range without Node 20 (fastify's light-my-request 6.8 pulled in
// cookie 2, `node >= 22`, until the root's `overrides` pinned light-my-request 6.6.0). No `install-scripts … not yet
// covered by allowScripts`: every package with an install script is reviewed in the root's `allowScripts`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
// The oldest Node 20 the toolchain runs on (vite and rolldown need 20.19), and the Node 20 CI uses.
const NODE_20 = ['20.19.0', '20.20.2'];

interface LockEntry {
  engines?: { node?: string } | string[];
  optional?: boolean;
  hasInstallScript?: boolean;
}

describe('engines in package-lock.json', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

  it('every package installed on every platform accepts Node 20', () => {
    // Old packages write `engines` as an array, which npm does not check.
    const nodeRange = (entry: LockEntry) => (Array.isArray(entry.engines) ? undefined : entry.engines?.node);
    const refused = Object.entries(lock.packages)
      .filter(([, entry]) => !entry.optional && nodeRange(entry) !== undefined)
      .filter(([, entry]) => NODE_20.some((node) => !semver.satisfies(node, nodeRange(entry) as string)))
      .map(([path, entry]) => `${path} (node ${nodeRange(entry)})`);
    expect(refused).toEqual([]);
  });

  it('recognises a Node 22-only range (the cookie 2 case)', () => {
    expect(semver.satisfies('20.20.2', '>=22')).toBe(false);
    expect(semver.satisfies('20.20.2', '^20.19.0 || >=22.12.0')).toBe(true);
  });
});

describe('install scripts in package-lock.json', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
  const reviewed = (JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts: Record<string, boolean> })
    .allowScripts;

  it('every dependency with an install script is reviewed in allowScripts', () => {
    const unreviewed = Object.entries(lock.packages)
      .filter(([path, entry]) => entry.hasInstallScript && path.includes('node_modules/'))
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => !(name in reviewed));
    expect(unreviewed).toEqual([]);
  });
});
