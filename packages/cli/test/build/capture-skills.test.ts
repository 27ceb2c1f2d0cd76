// mcp-manifest.json lists the skills an app serves with their files' digests and sizes at build time.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpApp } from '@decorum/core';
import { afterEach, expect, it } from 'vitest';
import { captureManifest } from '../../src/build/capture-manifest.js';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

it('lists each skill with every file digested, and leaves skills out for an app without any', async () => {
  root = mkdtempSync(join(tmpdir(), 'decorum-capture-'));
  const doc = '---\nname: guide\ndescription: How to use the tools.\n---\nUse them well.\n';
  mkdirSync(join(root, 'guide', 'refs'), { recursive: true });
  writeFileSync(join(root, 'guide', 'SKILL.md'), doc);
  writeFileSync(join(root, 'guide', 'refs', 'a.md'), 'A\n');
  const app = new McpApp({ name: 'built', version: '1.0.0', providers: [], skills: { folders: [root] } });
  const manifest = await captureManifest(app);
  expect(manifest.skills).toEqual([
    {
      uri: 'skill://guide/SKILL.md',
      frontmatter: { name: 'guide', description: 'How to use the tools.' },
      resources: [
        { uri: 'skill://guide/SKILL.md', digest: sha(doc), size: Buffer.byteLength(doc) },
        { uri: 'skill://guide/refs/a.md', digest: sha('A\n'), size: 2 },
      ],
    },
  ]);
  expect(manifest.resources.map((r) => r.uri)).toEqual(['skill://guide/SKILL.md']);
  const plain = await captureManifest(new McpApp({ name: 'plain', version: '1.0.0', providers: [] }));
  expect(plain.skills).toBeUndefined();
});
