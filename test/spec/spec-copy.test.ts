import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The MCP schemas are vendored here so the spec tests run on a fresh clone. They must stay
// byte-identical to the shared copy next to the repository (../shared/spec) when there is one, and
// always to the checksums SOURCE.txt records.
const specDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(specDir, '../..');
const sharedDir = path.resolve(repoRoot, '../shared/spec');
const hasShared = existsSync(sharedDir);

const VENDORED = [
  '2024-11-05/schema.json',
  '2025-03-26/schema.json',
  '2025-06-18/schema.json',
  '2025-11-25/schema.json',
  '2026-07-28/schema.json',
  'LICENSE',
  'SOURCE.txt',
];

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('vendored MCP spec files', () => {
  it('records a size and sha256 in SOURCE.txt for every vendored file, and each matches', () => {
    const source = readFileSync(path.join(specDir, 'SOURCE.txt'), 'utf8');
    const recorded = new Map<string, { bytes: number; hash: string }>();
    for (const match of source.matchAll(/^(\d+)\s+([0-9a-f]{64})\s+(\S+)$/gm)) {
      recorded.set(match[3], { bytes: Number(match[1]), hash: match[2] });
    }
    expect([...recorded.keys()].sort()).toEqual(VENDORED.filter((file) => file !== 'SOURCE.txt').sort());
    for (const [file, { bytes, hash }] of recorded) {
      const local = path.join(specDir, file);
      expect(readFileSync(local).length, file).toBe(bytes);
      expect(sha256(local), file).toBe(hash);
    }
  });

  it.for(VENDORED)('%s is byte-identical to ../shared/spec', (file, ctx) => {
    ctx.skip(
      !hasShared,
      `${sharedDir} does not exist (fresh clone without the shared spec folder); nothing to compare`,
    );
    const shared = path.join(sharedDir, file);
    expect(existsSync(shared), `${shared} is missing`).toBe(true);
    expect(sha256(path.join(specDir, file)), file).toBe(sha256(shared));
  });

  it('vendors every schema revision ../shared/spec has', (ctx) => {
    ctx.skip(
      !hasShared,
      `${sharedDir} does not exist (fresh clone without the shared spec folder); nothing to compare`,
    );
    const revisions = readdirSync(sharedDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(sharedDir, entry.name, 'schema.json')))
      .map((entry) => `${entry.name}/schema.json`);
    expect(VENDORED).toEqual(expect.arrayContaining(revisions));
  });
});
