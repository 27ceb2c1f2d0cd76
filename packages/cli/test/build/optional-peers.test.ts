import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { optionalPeersLeftOut } from '../../src/build/optional-peers.js';

// A library that loads an optional peer only for one feature (as @decorum/core loads Ajv for JSON Schema inputs).
const root = mkdtempSync(join(tmpdir(), 'optional-peers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}
write(
  'node_modules/lib/package.json',
  JSON.stringify({
    name: 'lib',
    main: 'index.js',
    peerDependencies: { 'absent-peer': '1', 'required-peer': '1' },
    peerDependenciesMeta: { 'absent-peer': { optional: true } },
  }),
);
write(
  'node_modules/lib/index.js',
  "export const feature = () => import('absent-peer/dist/x.js');\nexport const other = () => import('required-peer');\n",
);
write('node_modules/lib/only-optional.js', "export const feature = () => import('absent-peer');\n");

const bundle = (entry: string, plugins = [optionalPeersLeftOut()]) =>
  build({
    stdin: { contents: entry, resolveDir: root, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins,
  });

describe('optional peers in decorum build', () => {
  it('an optional peer that is not installed stays an import at run time instead of failing the build', async () => {
    const entry = "export { feature } from 'lib/only-optional.js';";
    await expect(bundle(entry, [])).rejects.toThrow(/Could not resolve "absent-peer"/);
    const result = await bundle(entry);
    expect(result.outputFiles[0].text).toContain('import("absent-peer")');
  });

  it('a missing peer that is not optional still fails the build', async () => {
    await expect(bundle("export { other } from 'lib';")).rejects.toThrow(/Could not resolve "required-peer"/);
  });
});
