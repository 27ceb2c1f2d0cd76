// Reads the workspace packages and orders them so each builds after the packages it depends on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/**
 * @param {string} root repository root
 * @returns {{ dir: string, name: string, manifest: any }[]} every package under packages/ and examples/
 */
export function listPackages(root = ROOT) {
  const found = [];
  for (const group of ['packages', 'examples']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      const file = join(base, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      found.push({ dir: join(base, entry.name), name: manifest.name, manifest });
    }
  }
  return found;
}

/** Orders packages so dependencies come first; throws on a cycle, naming it. */
export function topologicalOrder(packages) {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const order = [];
  const state = new Map();
  const visit = (pkg, path) => {
    if (state.get(pkg.name) === 'done') return;
    if (state.get(pkg.name) === 'visiting') throw new Error(`Dependency cycle: ${[...path, pkg.name].join(' -> ')}`);
    state.set(pkg.name, 'visiting');
    const deps = { ...pkg.manifest.dependencies, ...pkg.manifest.devDependencies, ...pkg.manifest.peerDependencies };
    for (const dep of Object.keys(deps)) {
      const target = byName.get(dep);
      if (target) visit(target, [...path, pkg.name]);
    }
    state.set(pkg.name, 'done');
    order.push(pkg);
  };
  for (const pkg of packages) visit(pkg, []);
  return order;
}
