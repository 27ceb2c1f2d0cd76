import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveProject } from '../src/project.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'decorum-project-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('resolveProject: the project root', () => {
  it('is the nearest package.json above an entry given as an argument, not the working directory', () => {
    const app = folder({ 'package.json': '{"name":"app","type":"module"}', 'src/server.ts': '' });
    const elsewhere = folder({ 'package.json': '{"name":"elsewhere"}' });
    for (const cwd of ['/', elsewhere]) {
      const project = resolveProject(cwd, join(app, 'src/server.ts'));
      expect(project.root).toBe(app);
      expect(project.manifest.name).toBe('app');
      expect(project.builtEntry).toBe(join(app, 'dist/server.js'));
    }
  });

  it('falls back to the nearest tsconfig.json, then to the entry folder', () => {
    const withTsconfig = folder({ 'tsconfig.json': '{}', 'src/main.ts': '' });
    expect(resolveProject('/', join(withTsconfig, 'src/main.ts')).root).toBe(withTsconfig);
    const bare = folder({ 'lone/main.ts': '' });
    // (tmpdir() and the folders above it hold neither file on a normal machine.)
    expect(resolveProject('/', join(bare, 'lone/main.ts')).root).toBe(join(bare, 'lone'));
  });

  it('without an entry argument, is the nearest package.json above the working directory', () => {
    const app = folder({ 'package.json': '{"name":"app"}', 'src/server.ts': '' });
    expect(resolveProject(join(app, 'src')).root).toBe(app);
  });
});
