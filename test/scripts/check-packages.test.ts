// scripts/check-packages.mjs (the publint + attw step of `npm run check`) on small workspaces: it refuses to run on
// unbuilt packages, saying so, passes a well-formed dual ESM/CJS package, and names the package and the problem when
// an export points at nothing or a types file is missing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A workspace root with one package `packages/demo` made of `files` (path → content). */
function workspace(manifest: object, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-packages-'));
  roots.push(root);
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('package.json', JSON.stringify({ name: 'root', private: true, workspaces: ['packages/demo'] }));
  write('packages/demo/package.json', JSON.stringify({ name: '@fixture/demo', version: '1.0.0', ...manifest }));
  for (const [path, content] of Object.entries(files)) write(`packages/demo/${path}`, content);
  return root;
}

// Tools colour their output when CI is set (publint, attw): compare the plain text.
const run = (root: string) => {
  const result = spawnSync(process.execPath, ['scripts/check-packages.mjs', root], {
    encoding: 'utf8',
    timeout: 90_000,
  });
  return {
    ...result,
    stdout: stripVTControlCharacters(result.stdout),
    stderr: stripVTControlCharacters(result.stderr),
  };
};

const dual = {
  type: 'module',
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
  },
  main: './dist/index.cjs',
  types: './dist/index.d.ts',
  files: ['dist'],
};
const built = {
  'dist/index.js': 'export const answer = 42;\n',
  'dist/index.d.ts': 'export declare const answer = 42;\n',
  'dist/index.cjs': 'exports.answer = 42;\n',
  'dist/index.d.cts': 'export declare const answer = 42;\n',
};

describe('check-packages (publint + attw)', () => {
  it('fails at once, naming the folder, when a package is not built', () => {
    const result = run(workspace(dual, { 'src/index.ts': 'export const answer = 42;\n' }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('packages/demo/dist missing');
    expect(result.stderr).toContain('npm run build');
  });

  it('passes a built dual ESM/CJS package', () => {
    const result = run(workspace(dual, built));
    expect(result.stdout).toContain('✔ publint @fixture/demo');
    expect(result.stdout).toContain('✔ attw @fixture/demo');
    expect(result.status).toBe(0);
  }, 90_000);

  it('names the package and the problem when exports point at missing files', () => {
    const { 'dist/index.d.cts': _types, ...withoutCjsTypes } = built;
    const result = run(workspace(dual, withoutCjsTypes));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✖ publint @fixture/demo');
    expect(result.stdout).toContain('pkg.exports["."].require.types is ./dist/index.d.cts but the file does not exist');
    expect(result.stdout).toContain('✖ attw @fixture/demo');
    expect(result.stderr).toContain('publint @fixture/demo, attw @fixture/demo');
  }, 90_000);
});
