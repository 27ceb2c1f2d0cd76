// The npm page of every published package: a README with an install command and an example that type-checks
// against the current API (each ```ts block is compiled as its own module, importing the packages by name as a user
// would), links that resolve, and a README and CHANGELOG that `npm pack` puts in the tarball.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGES = readdirSync(join(ROOT, 'packages')).filter((dir) =>
  existsSync(join(ROOT, 'packages', dir, 'package.json')),
);
const readme = (dir: string) => readFileSync(join(ROOT, 'packages', dir, 'README.md'), 'utf8');
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as { name: string; private?: boolean };
const tsBlocks = (markdown: string) => [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);

describe('package READMEs', () => {
  it('covers the eight published packages', () => {
    expect(PACKAGES.map((dir) => manifest(dir).name).sort()).toEqual([
      '@decorum/cli',
      '@decorum/core',
      '@decorum/create-mcp-app',
      '@decorum/oauth',
      '@decorum/openapi',
      '@decorum/protocol',
      '@decorum/redis',
      '@decorum/testing',
    ]);
  });

  it.each(PACKAGES)('%s: published public (a scoped package is restricted by default)', (dir) => {
    expect(JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')).publishConfig).toEqual({
      access: 'public',
    });
  });

  it.each(PACKAGES)('%s: names the package, says how to get it, shows code, links the docs', (dir) => {
    const text = readme(dir);
    const { name } = manifest(dir);
    expect(text.startsWith(`# ${name}\n`), 'starts with the package name').toBe(true);
    expect(text).toMatch(new RegExp(`(npm install (--save-dev )?${name}|npm init @decorum/mcp-app)`));
    expect(tsBlocks(text).length, 'a TypeScript example').toBeGreaterThan(0);
    expect(text).toContain('../../docs/');
    const prose = text.replace(/^```[\s\S]*?^```/gm, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] as string).split('#')[0] as string;
      if (/^[a-z]+:/i.test(target)) continue;
      expect(existsSync(join(ROOT, 'packages', dir, target)), `${dir}/README.md links to ${target}`).toBe(true);
    }
  });

  it('every TypeScript example type-checks against the packages as users import them', () => {
    // Inside the repository (so `@decorum/*` resolve through node_modules) but outside every tsconfig project.
    const work = join(ROOT, '.cache/readme-examples');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const files: string[] = [];
    for (const dir of PACKAGES) {
      tsBlocks(readme(dir)).forEach((code, i) => {
        const file = `${dir}-${i + 1}.ts`;
        writeFileSync(join(work, file), code.includes('import ') ? code : `${code}\nexport {};\n`);
        files.push(file);
      });
    }
    const tsconfig = {
      extends: '../../tsconfig.base.json',
      compilerOptions: {
        noEmit: true,
        composite: false,
        declaration: false,
        declarationMap: false,
        emitDeclarationOnly: false,
        rootDir: '.',
      },
      include: files,
    };
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', work], {
      cwd: work,
      encoding: 'utf8',
    });
    // Only the examples' own errors: the packages' sources are type-checked by `tsc -b`, and may be mid-change here.
    const errors = `${tsc.stdout}${tsc.stderr}`.split('\n').filter((line) => files.some((f) => line.startsWith(f)));
    expect(errors, 'type errors in README examples').toEqual([]);
    expect(tsc.stdout, 'tsc ran').not.toMatch(/TS5\d{3}/);
    rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it('npm pack ships README.md and CHANGELOG.md of every package', () => {
    const args = [
      'pack',
      '--dry-run',
      '--json',
      '--ignore-scripts',
      ...PACKAGES.flatMap((dir) => ['-w', `packages/${dir}`]),
    ];
    const packed = spawnSync('npm', args, { cwd: ROOT, encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const tarballs = JSON.parse(packed.stdout) as { name: string; files: { path: string }[] }[];
    expect(tarballs).toHaveLength(PACKAGES.length);
    for (const tarball of tarballs) {
      const paths = tarball.files.map((f) => f.path);
      expect(paths, tarball.name).toEqual(
        expect.arrayContaining(['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json']),
      );
    }
  }, 60_000);
});
