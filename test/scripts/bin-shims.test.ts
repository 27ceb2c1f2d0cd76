// Bins work from a fresh clone: npm links bins when it installs, before `npm run build` has made dist/, so every bin
// of ours is a committed shim outside dist/ that loads dist/bin.js, and says what to do when the build is missing.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const bins = readdirSync('packages').flatMap((dir) => {
  const manifest = JSON.parse(readFileSync(join('packages', dir, 'package.json'), 'utf8'));
  return Object.entries((manifest.bin ?? {}) as Record<string, string>).map(([name, target]) => ({
    dir,
    name,
    target: join('packages', dir, target),
  }));
});

describe('bin shims', () => {
  const work = mkdtempSync(join(tmpdir(), 'bin-shims-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('covers the decorum and create-mcp-app bins', () => {
    expect(bins.map((bin) => bin.name).sort()).toEqual(['create-mcp-app', 'decorum']);
  });

  it.each(bins)('$name: a committed file outside dist/, linked by npm install', ({ name, target }) => {
    expect(target).not.toMatch(/\/dist\//);
    const tracked = spawnSync('git', ['ls-files', '--error-unmatch', target], { encoding: 'utf8' });
    expect(tracked.status, `${target} is not committed`).toBe(0);
    expect(readFileSync(target, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(realpathSync(join('node_modules/.bin', name))).toBe(realpathSync(target));
  });

  it.each(bins)('$name: without a build, says to run npm run build; with one, runs it with the arguments', (bin) => {
    const pkg = join(work, bin.dir);
    mkdirSync(join(pkg, 'bin'), { recursive: true });
    const shim = join(pkg, 'bin', 'shim.mjs');
    cpSync(bin.target, shim);
    const missing = spawnSync(process.execPath, [shim, '--help'], { encoding: 'utf8' });
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain(`${join(pkg, 'dist', 'bin.js')} is missing`);
    expect(missing.stderr).toContain('run `npm run build` first');

    mkdirSync(join(pkg, 'dist'));
    writeFileSync(join(pkg, 'dist', 'bin.js'), 'console.log(JSON.stringify(process.argv.slice(2)));\n');
    writeFileSync(join(pkg, 'package.json'), '{"type":"module"}\n');
    const built = spawnSync(process.execPath, [shim, 'list', '--json'], { encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(JSON.parse(built.stdout)).toEqual(['list', '--json']);
  });
});
