// `npm run check`: formatter and linter (Biome), type check of every project (`tsc -b`), the dependency rules of
// DESIGN.md §2, and the packages as npm would ship them (publint, attw). Runs every step, then fails if any failed.
import { spawnSync } from 'node:child_process';
import { ROOT } from './workspace.mjs';

const steps = [
  ['format + lint (biome)', 'npx', ['biome', 'check', '.']],
  ['type check (tsc -b)', 'npx', ['tsc', '-b', '--pretty']],
  ['dependency rules', process.execPath, ['scripts/check-deps.mjs']],
  ['packages as published (publint, attw; needs npm run build)', process.execPath, ['scripts/check-packages.mjs']],
];

const failed = [];
for (const [label, command, args] of steps) {
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) failed.push(label);
}
if (failed.length > 0) {
  process.stderr.write(`\n✖ check failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write('\n✔ all checks passed\n');
