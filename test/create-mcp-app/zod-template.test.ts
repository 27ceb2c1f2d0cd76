// `create-mcp-app --schema zod` (issue 40): the basic template's greet tool described by a zod schema. The rendered
// project's own test suite runs (both eras) and its sources type-check, with the repository's packages standing in
// for the installed ones (the full install-build-start walk of every template is templates.e2e.test.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-fixture.js';
import { runProjectTests, typeErrors, writeProject } from './in-repo-project.js';

// Inside the repository, so `@decorum/*`, zod and vitest resolve through its node_modules.
const dir = join(REPO_ROOT, '.cache/zod-template');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('create-mcp-app --schema zod', () => {
  it('makes a project whose tests pass and whose sources type-check', () => {
    writeProject(dir, {
      name: 'zod-demo',
      template: 'basic',
      transport: 'stdio',
      schema: 'zod',
      packageManager: 'npm',
    });
    const vitest = runProjectTests(dir);
    expect(vitest.status, `${vitest.stdout}${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+.*6 passed/);
    expect(typeErrors(dir)).toEqual([]);
  }, 180_000);
});
