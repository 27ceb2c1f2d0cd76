// The build guard. tsup builds with SWC (and so keeps decorator metadata) only when @swc/core can be
// resolved from the working directory; otherwise it prints a warning and silently drops
// `design:paramtypes`, which breaks every DTO at runtime. This script builds a decorated probe with
// the packages' own tsup preset, loads the ESM and CJS outputs, and fails when metadata is missing.
// It also checks that every path a package's `exports` promises exists in dist.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPackages, ROOT } from './workspace.mjs';

const require = createRequire(import.meta.url);

/**
 * Builds test/fixtures/build-guard/probe.ts with the tsup preset in `workDir` (tsup looks for
 * @swc/core from its working directory, so the folder decides whether SWC is found).
 * @returns {{ esm: string, cjs: string, log: string }}
 */
export function buildProbe(workDir) {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  copyFileSync(join(ROOT, 'test/fixtures/build-guard/probe.ts'), join(workDir, 'probe.ts'));
  writeFileSync(
    join(workDir, 'package.json'),
    JSON.stringify({ name: 'decorum-build-probe', private: true, type: 'module' }),
  );
  writeFileSync(
    join(workDir, 'tsconfig.build.json'),
    JSON.stringify({ extends: join(ROOT, 'tsconfig.base.json'), compilerOptions: { composite: false, types: [] } }),
  );
  const preset = pathToFileURL(join(ROOT, 'scripts/tsup-preset.mjs')).href;
  writeFileSync(
    join(workDir, 'tsup.config.mjs'),
    `import { tsupPreset } from ${JSON.stringify(preset)};\nexport default tsupPreset({ entry: ['probe.ts'], dts: false });\n`,
  );
  const cli = require.resolve('tsup/dist/cli-default.js');
  const result = spawnSync(process.execPath, [cli, '--config', 'tsup.config.mjs'], { cwd: workDir, encoding: 'utf8' });
  const log = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`probe build failed:\n${log}`);
  return { esm: join(workDir, 'dist/probe.js'), cjs: join(workDir, 'dist/probe.cjs'), log };
}

/**
 * Returns a list of what is missing from a built probe module (empty when the metadata is all there).
 * @param {Record<string, any>} mod the loaded probe module
 */
export function missingMetadata(mod) {
  require('reflect-metadata');
  const problems = [];
  const { Probe, Dependency } = mod;
  const ctorTypes = Reflect.getMetadata('design:paramtypes', Probe);
  if (!Array.isArray(ctorTypes) || ctorTypes[0] !== Dependency) problems.push('constructor design:paramtypes');
  const methodTypes = Reflect.getMetadata('design:paramtypes', Probe.prototype, 'run');
  if (!Array.isArray(methodTypes) || methodTypes[0] !== Dependency || methodTypes[1] !== Number) {
    problems.push('method design:paramtypes');
  }
  if (Reflect.getMetadata('design:type', Probe.prototype, 'label') !== String) problems.push('property design:type');
  return problems;
}

/** Loads both outputs of a probe build and lists what metadata each lacks. */
export async function checkProbe(build) {
  require('reflect-metadata'); // the emitted __metadata helper needs Reflect.metadata at load time
  const esm = await import(`${pathToFileURL(build.esm).href}?t=${Date.now()}`);
  const cjs = require(build.cjs);
  return [...missingMetadata(esm).map((p) => `ESM: ${p}`), ...missingMetadata(cjs).map((p) => `CJS: ${p}`)];
}

/** Lists `exports` targets in dist that a package promises but the build did not produce. */
export function missingExports(packages = listPackages()) {
  const missing = [];
  const walk = (pkg, target) => {
    if (typeof target === 'string') {
      if (target.startsWith('./dist/') && !existsSync(join(pkg.dir, target))) missing.push(`${pkg.name}: ${target}`);
    } else if (target && typeof target === 'object') {
      for (const value of Object.values(target)) walk(pkg, value);
    }
  };
  for (const pkg of packages) if (pkg.manifest.scripts?.build) walk(pkg, pkg.manifest.exports);
  return missing;
}

async function main() {
  const problems = await checkProbe(buildProbe(join(ROOT, 'node_modules/.cache/decorum-build-guard')));
  const absent = missingExports();
  if (problems.length > 0) {
    process.stderr.write(
      `✖ build guard: decorator metadata is missing from the build (${problems.join(', ')}).\n` +
        '  tsup only keeps it when @swc/core is installed: run `npm ci` (it is a pinned devDependency).\n',
    );
  }
  if (absent.length > 0)
    process.stderr.write(`✖ build guard: exports point at files the build did not write:\n  ${absent.join('\n  ')}\n`);
  if (problems.length > 0 || absent.length > 0) process.exit(1);
  process.stdout.write('✔ build guard: decorator metadata present in ESM and CJS output; every export target built\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
