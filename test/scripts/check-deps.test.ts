import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/check-deps.mjs', ...args], { encoding: 'utf8' });

describe('dependency-rule checker', () => {
  it('passes on the repository', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails on a fixture that breaks every rule, naming each violation', () => {
    const result = run('--root', 'test/fixtures/dep-rules');
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').map((line) => line.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        'packages/protocol/src/index.ts: @decorum/protocol may not import @decorum/core (DESIGN.md §2)',
        expect.stringMatching(
          /^packages\/core\/src\/index\.ts: imports "\.\.\/\.\.\/protocol\/src\/codec\.js", which reaches outside/,
        ),
        expect.stringMatching(/"@decorum\/protocol\/dist\/frame\.js", which is not a public entry/),
        expect.stringMatching(
          /^packages\/core\/src\/util\/helper\.ts: imports "node:fs" but is reachable from the root entry/,
        ),
        expect.stringMatching(/^packages\/cli\/src\/index\.ts: imports "kleur", which .* does not declare/),
      ]),
    );
    // Node built-ins behind a subpath and type-only imports are allowed.
    expect(result.stderr).not.toMatch(/node:child_process|node:stream/);
    expect(result.stderr).toMatch(/6 violation/);
  });
});
