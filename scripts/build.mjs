// `npm run build`: builds every workspace package that has a build script, dependencies first, then
// runs the decorator-metadata guard. Any failing step stops the build with its exit code.
import { spawnSync } from 'node:child_process';
import { listPackages, ROOT, topologicalOrder } from './workspace.mjs';

const started = Date.now();
for (const pkg of topologicalOrder(listPackages())) {
  if (!pkg.manifest.scripts?.build) continue;
  process.stdout.write(`\n▶ build ${pkg.name}\n`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: pkg.dir, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ build failed in ${pkg.name} (exit ${result.status})\n`);
    process.exit(result.status ?? 1);
  }
}
const guard = spawnSync(process.execPath, ['scripts/check-metadata.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (guard.status !== 0) process.exit(guard.status ?? 1);
process.stdout.write(`\n✔ built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
