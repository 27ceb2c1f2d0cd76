// `decorum build --target <name>` on a deploy test's project, with the CLI from source.
import { spawnSync } from 'node:child_process';
import { BIN_ARGS } from '../../../packages/cli/test/support/work-project.js';

/** Runs `decorum build <entry> --target <target>` in `dir`; throws with the CLI's output when it fails. */
export function buildForTarget(dir: string, entry: string, target: string, extra: string[] = []): string {
  const run = spawnSync(process.execPath, [...BIN_ARGS, 'build', entry, '--target', target, ...extra], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`decorum build --target ${target} failed:\n${run.stderr}`);
  return run.stderr;
}
