// A generated project placed inside the repository (under .cache/), so `@decorum/*`, zod and vitest resolve through
// the repository's node_modules: its own tests run and its sources type-check without an install.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ProjectOptions, renderProject } from '../../packages/create-mcp-app/src/project.js';
import { findTemplatesDir } from '../../packages/create-mcp-app/src/templates.js';
import { REPO_ROOT } from '../support/spawn-fixture.js';

/** Renders the project into `dir` (emptied first); returns the rendered files. */
export function writeProject(dir: string, options: Omit<ProjectOptions, 'targetDir' | 'decorum'>) {
  rmSync(dir, { recursive: true, force: true });
  const files = renderProject(
    { ...options, targetDir: dir, decorum: { kind: 'registry', spec: '^0.1.0' } },
    findTemplatesDir(),
  );
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
  return files;
}

/** Runs the project's own test suite with the repository's Vitest. */
export function runProjectTests(dir: string) {
  return spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run'], {
    cwd: dir,
    encoding: 'utf8',
  });
}

/**
 * Type-checks the project, the packages' sources standing in for their (unbuilt) dist through the repository's
 * source condition; returns the errors in the project's own files.
 */
export function typeErrors(dir: string): string[] {
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
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  return `${tsc.stdout}${tsc.stderr}`.split('\n').filter((line) => /^(src|test)\//.test(line));
}
