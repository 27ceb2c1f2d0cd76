// The app's guards and interceptors apply to skill files as to resources: a guard that refuses stops
// the read, an interceptor sees it (kind 'resource', target SkillFileRead) and can wrap it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectInMemory } from '@decorum/protocol/client';
import { afterEach, expect, it } from 'vitest';
import { type ExecutionContext, McpApp, SkillFileRead } from '../../src/index.js';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

it('runs the app guards and interceptors on every skill file read', async () => {
  root = mkdtempSync(join(tmpdir(), 'decorum-skill-guards-'));
  mkdirSync(join(root, 'guide', 'private'), { recursive: true });
  writeFileSync(join(root, 'guide', 'SKILL.md'), '---\nname: guide\ndescription: A guide.\n---\nBody\n');
  writeFileSync(join(root, 'guide', 'private', 'notes.md'), 'secret\n');
  const seen: ExecutionContext[] = [];
  const app = new McpApp({
    name: 't',
    version: '1',
    providers: [],
    skills: { folders: [root] },
    guards: [({ uri }) => !uri?.includes('/private/')],
    interceptors: [
      async (execution, next) => {
        seen.push(execution);
        return next();
      },
    ],
  });
  const client = await connectInMemory(app);
  try {
    const read = await client.readResource('skill://guide/SKILL.md');
    expect(read.contents[0]).toMatchObject({ text: expect.stringContaining('Body') });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      kind: 'resource',
      name: 'guide',
      uri: 'skill://guide/SKILL.md',
      target: SkillFileRead,
    });
    await expect(client.readResource('skill://guide/private/notes.md')).rejects.toThrow(
      /skill:\/\/guide\/private\/notes\.md/,
    );
    expect(seen).toHaveLength(1);
  } finally {
    await client.close();
  }
});
