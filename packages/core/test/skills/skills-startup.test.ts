// Skill folders are checked at construction: every mistake is a SkillDeclarationError that names the
// file and says what to change, and nothing outside the folder can be served.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectInMemory } from '@decorum/protocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpApp, SkillDeclarationError, type SkillsOptions } from '../../src/index.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'decorum-skills-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, content: string | Uint8Array) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

const skillMd = (name: string, description = 'Does a thing.') =>
  `---\nname: ${name}\ndescription: ${description}\n---\nBody\n`;
const app = (skills: SkillsOptions) => new McpApp({ name: 't', version: '1', providers: [], skills });
const refusal = (skills: SkillsOptions) => {
  try {
    app(skills);
  } catch (error) {
    expect(error).toBeInstanceOf(SkillDeclarationError);
    return (error as Error).message;
  }
  throw new Error('expected a SkillDeclarationError');
};

describe('skill folders at startup', () => {
  it('refuses a name that differs from its folder, naming the file and the fix', () => {
    write('pdf/SKILL.md', skillMd('pdf-tools'));
    const message = refusal({ folders: [root] });
    expect(message).toContain(join(root, 'pdf', 'SKILL.md'));
    expect(message).toContain('set name: pdf or rename the folder');
  });

  it('refuses a missing description, a missing frontmatter block and invalid YAML', () => {
    write('a/SKILL.md', '---\nname: a\n---\n');
    expect(refusal({ folders: [root] })).toMatch(/a\/SKILL\.md: the frontmatter needs a non-empty "description"/);
    write('a/SKILL.md', '# no frontmatter\n');
    expect(refusal({ folders: [root] })).toMatch(/must start with a YAML frontmatter block/);
    write('a/SKILL.md', '---\nname: a\nname: b\ndescription: x\n---\n');
    expect(refusal({ folders: [root] })).toMatch(/a\/SKILL\.md: frontmatter line 2: duplicate key "name"/);
  });

  it('refuses symlinks and dotfiles inside a skill', () => {
    write('a/SKILL.md', skillMd('a'));
    write('outside.txt', 'secret');
    symlinkSync(join(root, 'outside.txt'), join(root, 'a', 'link.txt'));
    expect(refusal({ folders: [root] })).toMatch(/link\.txt: symbolic links are refused/);
    rmSync(join(root, 'a', 'link.txt'));
    write('a/.env', 'TOKEN=1');
    expect(refusal({ folders: [root] })).toMatch(/\.env: dotfiles are not served/);
  });

  it('refuses a skill over the size limits and a name outside the Agent Skills rules', () => {
    write('big/SKILL.md', skillMd('big'));
    write('big/blob.bin', new Uint8Array(16 * 1024 * 1024));
    expect(refusal({ folders: [root] })).toMatch(/at most 512 files and 16777216 bytes/);
    rmSync(join(root, 'big'), { recursive: true });
    write('Bad--Name/SKILL.md', skillMd('Bad--Name'));
    expect(refusal({ folders: [root] })).toMatch(/"Bad--Name" is not a skill name/);
  });

  it('refuses a missing folder, an unknown authorized path and a code skill file that walks out', () => {
    expect(refusal({ folders: [join(root, 'nope')] })).toMatch(/does not exist or is not a directory/);
    write('a/SKILL.md', skillMd('a'));
    expect(refusal({ folders: [root], authorized: { b: ['x'] } })).toMatch(/skills.authorized names "b"/);
    const walkOut = { frontmatter: { name: 'c', description: 'd' }, body: 'b', files: { '../x': 'y' } };
    expect(refusal({ skills: [walkOut] })).toMatch(/skills.skills\[0\] \(c\): file "..\/x" must be a relative path/);
  });
});

describe('skills/list pages', () => {
  it('keeps every entry whole on one page and follows cursors to the end', async () => {
    for (const name of ['a', 'b', 'c']) {
      write(`${name}/SKILL.md`, skillMd(name));
      write(`${name}/refs/one.md`, `# ${name}\n`);
    }
    const served = new McpApp({ name: 't', version: '1', providers: [], pageSize: 1, skills: { folders: [root] } });
    const client = await connectInMemory(served);
    try {
      const first = await client.request('skills/list', {});
      expect(first.skills).toHaveLength(1);
      expect((first.skills as { resources: unknown[] }[])[0]?.resources).toHaveLength(2);
      expect(typeof first.nextCursor).toBe('string');
      expect((await client.skills.list()).map((s) => s.uri)).toEqual([
        'skill://a/SKILL.md',
        'skill://b/SKILL.md',
        'skill://c/SKILL.md',
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('directoryRead: false', () => {
  it('declares the extension as {} and answers resources/directory/read as an unknown method', async () => {
    write('a/SKILL.md', skillMd('a'));
    const served = new McpApp({
      name: 't',
      version: '1',
      providers: [],
      skills: { folders: [root], directoryRead: false },
    });
    const client = await connectInMemory(served);
    try {
      expect(client.serverCapabilities.extensions).toEqual({ 'io.modelcontextprotocol/skills': {} });
      expect(client.skills.directoryRead).toBe(false);
      await expect(client.request('resources/directory/read', { uri: 'skill://a' })).rejects.toMatchObject({
        code: -32601,
      });
    } finally {
      await client.close();
    }
  });
});
