// `npm run check` step: every published package as npm would ship it, checked by publint (package.json fields,
// exports, files) and by Are the Types Wrong (types for each entry point under each module resolution). Both read
// the built dist/, so this fails first, and clearly, when a package has not been built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { listPackages, ROOT } from './workspace.mjs';

/**
 * Why attw's `node16` profile: these packages ship ESM and CJS through `exports`, which TypeScript's old `node10`
 * resolution (moduleResolution "node") does not read, so every subpath (`@decorum/protocol/stdio` …) "fails" there.
 * Node >= 20 and TypeScript's node16/nodenext/bundler resolutions all read `exports`; `node16` checks exactly those.
 */
const ATTW_PROFILE = 'node16';

/**
 * Entry points that are programs, not modules to import, so they have no types and no CommonJS build:
 * `@decorum/cli/register` and `./dev-hooks` are loader hooks for `node --import`, and `./run-entry` is the program the
 * CLI starts in child processes (build's manifest, list/call over stdio). `./target-runtime` is imported only by the ES
 * module entries `decorum build --target` generates and bundles (Workers, Deno, Bun, Next.js, Lambda): never required.
 */
const NOT_IMPORTED = { '@decorum/cli': ['./register', './dev-hooks', './run-entry', './target-runtime'] };

// The repository's packages, or those of another workspace root given as the argument (the tests' fixtures).
const root = process.argv[2] ? resolve(process.argv[2]) : ROOT;
const published = listPackages(root).filter(
  (pkg) => pkg.dir.startsWith(join(root, 'packages')) && !pkg.manifest.private,
);
const unbuilt = published.filter((pkg) => !existsSync(join(pkg.dir, 'dist')));
if (unbuilt.length > 0) {
  const dirs = unbuilt.map((pkg) => relative(root, join(pkg.dir, 'dist'))).join(', ');
  process.stderr.write(`✖ ${dirs} missing: publint and attw check the built packages. Run \`npm run build\` first.\n`);
  process.exit(1);
}

// Packed once, by npm itself (with the prepack scripts: create-mcp-app copies its templates in), then both tools read
// the same tarballs, two at a time.
const work = mkdtempSync(join(tmpdir(), 'decorum-packs-'));
const workspaces = published.flatMap((pkg) => ['-w', relative(root, pkg.dir)]);
const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', work, ...workspaces], {
  cwd: root,
  encoding: 'utf8',
});
if (packed.status !== 0) {
  process.stderr.write(`✖ npm pack failed:\n${packed.stderr}\n`);
  process.exit(1);
}
const tarballs = new Map(JSON.parse(packed.stdout).map((entry) => [entry.name, join(work, entry.filename)]));

const bin = (pkg, file) => join(ROOT, 'node_modules', pkg, file);
const jobs = published.flatMap((pkg) => {
  const tarball = tarballs.get(pkg.name);
  const exclude = NOT_IMPORTED[pkg.name] ?? [];
  const attw = [tarball, '--profile', ATTW_PROFILE, '--format', 'ascii', '--no-color', '--no-emoji'];
  if (exclude.length > 0) attw.push('--exclude-entrypoints', ...exclude);
  return [
    { label: `publint ${pkg.name}`, args: [bin('publint', 'src/cli.js'), 'run', tarball, '--strict'] },
    { label: `attw ${pkg.name}`, args: [bin('@arethetypeswrong/cli', 'dist/index.js'), ...attw] },
  ];
});

const run = ({ label, args }) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(`${code === 0 ? '✔' : '✖'} ${label}\n${code === 0 ? '' : `${output}\n`}`);
      resolve(code === 0 ? undefined : label);
    });
  });

const failed = [];
const queue = [...jobs];
await Promise.all(
  [1, 2].map(async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const failure = await run(job);
      if (failure) failed.push(failure);
    }
  }),
);
rmSync(work, { recursive: true, force: true });
if (failed.length > 0) {
  process.stderr.write(
    `✖ ${failed.join(', ')} (a file that "does not exist" may only mean a stale dist/: npm run build)\n`,
  );
  process.exit(1);
}
