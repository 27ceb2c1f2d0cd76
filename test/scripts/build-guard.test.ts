import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without declarations
import { buildProbe, checkProbe } from '../../scripts/check-metadata.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('build guard', () => {
  it('passes when the preset builds with SWC (inside the repo, where @swc/core resolves)', async () => {
    const dir = join(process.cwd(), 'node_modules/.cache', `guard-test-${process.pid}`);
    dirs.push(dir);
    const build = buildProbe(dir);
    expect(await checkProbe(build)).toEqual([]);
  });

  it('fails when tsup cannot find @swc/core and silently drops decorator metadata', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decorum-no-swc-'));
    dirs.push(dir);
    const build = buildProbe(dir);
    expect(build.log).toMatch(/@swc\/core was not installed/);
    const problems = await checkProbe(build);
    expect(problems).toEqual(
      expect.arrayContaining(['ESM: constructor design:paramtypes', 'CJS: method design:paramtypes']),
    );
  });
});
