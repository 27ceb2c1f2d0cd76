// `create-mcp-app --schema zod` (issue 40): the basic template's greet tool described by a zod schema. The rendered
// project's own test suite runs (both eras) and its sources type-check, with the repository's packages standing in
// for the installed ones (the full install-build-start walk of every template is templates.e2e.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderProject } from '../../packages/create-mcp-app/src/project.js';
import { findTemplatesDir } from '../../packages/create-mcp-app/src/templates.js';
import { REPO_ROOT } from '../support/spawn-fixture.js';

// Inside the repository, so `@decorum/*`, zod and vitest resolve through its node_modules.
const dir = join(REPO_ROOT, '.cache/zod-template');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('create-mcp-app --schema zod', () => {
  it('makes a project whose tests pass and whose sources type-check', () => {
    rmSync(dir, { recursive: true, force: true });
    const files = renderProject(
      {
        name: 'zod-demo',
        template: 'basic',
        transport: 'stdio',
        schema: 'zod',
        packageManager: 'npm',
        targetDir: dir,
        decorum: { kind: 'registry', spec: '^0.1.0' },
      },
      findTemplatesDir(),
    );
    for (const file of files) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), file.content);
    }
    const vitest = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(vitest.status, `${vitest.stdout}${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+.*6 passed/);
    // The packages' sources stand in for their (unbuilt) dist: the repository's source condition.
    writeFileSync(
      join(dir, 'tsconfig.check.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: { noEmit: true, customConditions: ['@decorum/source'] },
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.check.json'],
      { cwd: dir, encoding: 'utf8' },
    );
    const own = `${tsc.stdout}${tsc.stderr}`.split('\n').filter((line) => /^(src|test)\//.test(line));
    expect(own).toEqual([]);
  }, 180_000);
});
