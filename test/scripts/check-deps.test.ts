import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/check-deps.mjs', ...args], { encoding: 'utf8' });

/** The fixture as npm workspaces would lay it out: each package linked under node_modules/@decorum. */
function workspaceCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dep-rules-'));
  cpSync('test/fixtures/dep-rules', dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules/@decorum'), { recursive: true });
  for (const name of ['protocol', 'core', 'cli'])
    symlinkSync(join(dir, 'packages', name), join(dir, 'node_modules/@decorum', name), 'dir');
  return dir;
}

describe('dependency-rule checker (dependency-cruiser)', () => {
  const fixture = workspaceCopy();
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  // The whole repository: about 15 s on a quiet 2-core machine, near a minute while other suites run beside it.
  it('passes on the repository', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 240_000);

  it('fails on a fixture that breaks every rule, naming each violation', () => {
    const result = run('--root', fixture);
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').map((line) => line.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^packages\/protocol\/src\/index\.ts: .*@decorum\/protocol may not import .*@decorum\/core/,
        ),
        expect.stringMatching(
          /^packages\/core\/src\/index\.ts: imports "packages\/protocol\/src\/codec\.ts", which reaches into another package/,
        ),
        expect.stringMatching(
          /^packages\/core\/src\/index\.ts: imports "@decorum\/protocol\/dist\/frame\.js", which does not resolve/,
        ),
        expect.stringMatching(
          /^fs: imports a Node built-in but is reachable from a root entry.*util\/helper\.ts -> fs\)$/,
        ),
        // kleur may be installed somewhere above the fixture (then it resolves, undeclared) or not at all.
        expect.stringMatching(
          /^packages\/cli\/src\/index\.ts: imports "[^"]*kleur[^"]*", which (does not resolve|is not declared)/,
        ),
        expect.stringMatching(/^packages\/protocol\/src\/engine\/session\.ts: files import each other in a loop/),
        expect.stringMatching(
          /^packages\/protocol\/src\/engine\/session\.ts: imports .*http\/endpoint\.ts", which the engine calls downwards only/,
        ),
        expect.stringMatching(
          /^packages\/protocol\/src\/http\/sessions\.ts: imports .*scale-out\/cluster\.ts", which the scale-out machinery sits behind the ScaleOut seam/,
        ),
        expect.stringMatching(
          /^packages\/protocol\/src\/engine\/router\.ts: imports .*tasks\/task-call\.ts", which an extension plugs into the engine/,
        ),
      ]),
    );
    // Node built-ins behind a subpath and type-only imports of them are allowed.
    expect(result.stderr).not.toMatch(/child_process|stream/);
  });
});
