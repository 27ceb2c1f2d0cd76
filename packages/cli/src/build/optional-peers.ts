// A package may load an optional peer dependency only when a feature needs it (core loads Ajv for JSON Schema
// inputs with `import('ajv')`). The bundler follows such an import like any other, so an app that does not use the
// feature — and so never installed the peer — would fail to build. An optional peer that does not resolve is left
// out of the bundle: the import then fails at run time, only if the feature is used, with the package's own message.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

interface PeerManifest {
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** `ajv/dist/2020.js` → `ajv`; `@scope/name/sub` → `@scope/name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** esbuild plugin: unresolvable optional peer dependencies of the importing package become external. */
export function optionalPeersLeftOut(): Plugin {
  const name = 'decorum-optional-peers';
  // Per build: the optional peers of the package that owns a directory (found by walking up to its package.json).
  const peersOf = new Map<string, ReadonlySet<string>>();
  const optionalPeers = (dir: string): ReadonlySet<string> => {
    const known = peersOf.get(dir);
    if (known !== undefined) return known;
    const file = join(dir, 'package.json');
    let peers: ReadonlySet<string>;
    if (existsSync(file)) {
      const meta = (JSON.parse(readFileSync(file, 'utf8')) as PeerManifest).peerDependenciesMeta ?? {};
      peers = new Set(Object.keys(meta).filter((peer) => meta[peer]?.optional === true));
    } else {
      peers = dirname(dir) === dir ? new Set() : optionalPeers(dirname(dir));
    }
    peersOf.set(dir, peers);
    return peers;
  };
  return {
    name,
    setup(bundler) {
      bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === name || args.importer === '') return undefined;
        if (!optionalPeers(dirname(args.importer)).has(packageName(args.path))) return undefined;
        const found = await bundler.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: name,
        });
        return found.errors.length > 0 ? { path: args.path, external: true } : undefined;
      });
    },
  };
}
